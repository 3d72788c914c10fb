/**
 * Inside Conciliar: when the user has resolved three lines of this account that share a pattern the same way,
 * the rule the product learned is proposed right here (issue #30 "the screen proposes the rule"), with its
 * 90-day preview count; "Revisar e salvar" opens the rule's form (its own preview before saving). Proposals of
 * other accounts stay on the rules screen. Only for users who may create rules.
 */
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { PropostaRegra, RegraConciliacao } from '@retaguarda/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { memo, useState } from 'react';
import { usePermissao } from '../../../servicos/sessao/permissao';
import { CHAVE_PROPOSTAS, listarContas, listarHistoricos, propostasDeRegras } from '../api';
import { FormRegra } from '../regras/FormRegra';
import { resumoCondicoes } from '../regras/RegrasConciliacaoPage';

/** Memoised: a selection in Conciliar's lists does not re-render it. */
export const PropostasNaConciliacao = memo(function PropostasNaConciliacao({ conta }: { conta: number }) {
  const podeIncluir = usePermissao(['PERM_REGRA_CONCILIACAO_INCLUIR']);
  const qc = useQueryClient();
  const propostas = useQuery({ queryKey: CHAVE_PROPOSTAS, queryFn: propostasDeRegras, enabled: podeIncluir });
  const contas = useQuery({ queryKey: ['contas-correntes-ativas'], queryFn: listarContas });
  const historicos = useQuery({ queryKey: ['historicos-padrao'], queryFn: listarHistoricos });
  const [editando, setEditando] = useState<RegraConciliacao | null>(null);
  const daConta = (propostas.data ?? []).filter(
    (p: PropostaRegra) => p.regra.contaCorrenteId === null || p.regra.contaCorrenteId === conta,
  );
  if (!podeIncluir || (!daConta.length && !editando)) return null;
  return (
    <>
      {daConta.length > 0 && (
        <Alert color="blue" title="Regra sugerida" data-cy="conc-proposta">
          <Stack gap={6}>
            {daConta.map((p) => (
              <Group key={`${p.regra.contaCorrenteId}-${p.regra.descricao}`} justify="space-between" wrap="nowrap">
                <Text fz="sm">
                  Você resolveu {p.linhas.length} linhas do mesmo jeito: <b>{p.regra.descricao}</b> (
                  {resumoCondicoes(p.regra)}). Salvando a regra, nos últimos 90 dias ela pegaria {p.previa.total}{' '}
                  linha(s) pendente(s).
                </Text>
                <Button
                  size="compact-sm"
                  variant="light"
                  onClick={() => setEditando(p.regra)}
                  data-cy="conc-proposta-revisar"
                >
                  Revisar e salvar
                </Button>
              </Group>
            ))}
          </Stack>
        </Alert>
      )}
      {editando && (
        <Modal opened onClose={() => setEditando(null)} title="Nova regra de conciliação" size="xl">
          <FormRegra
            inicial={editando}
            contas={contas.data ?? []}
            historicos={historicos.data ?? []}
            aoSair={async (salvou) => {
              setEditando(null);
              if (salvou) await qc.invalidateQueries({ queryKey: CHAVE_PROPOSTAS });
            }}
          />
        </Modal>
      )}
    </>
  );
});
