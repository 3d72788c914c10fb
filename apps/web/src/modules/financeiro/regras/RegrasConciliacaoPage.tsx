/**
 * /financeiro/regras-conciliacao (issue #30 "Reconciliation rules"): the rules by priority, the ones the product
 * learned from what the user resolved the same way three times (each with its 90-day preview), and the form —
 * conditions on a statement line → an action — whose "Prévia" shows the lines the rule would take before saving.
 */
import { Alert, Badge, Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import {
  comandoExcluirRegra,
  formatarDinheiro,
  type RegraConciliacao,
  ROTULO_ORIGEM,
  type OrigemLancamento,
} from '@retaguarda/domain';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useComando } from '../../../lib/comando/useComando';
import { toastDeErro } from '../../../lib/erros';
import { toast } from '../../../lib/toasts';
import { useRotaAtual } from '../../../servicos/navegacao/useRotaAtual';
import { usePermissao } from '../../../servicos/sessao/permissao';
import { CHAVE_PROPOSTAS, listarContas, listarHistoricos, listarRegrasConciliacao, propostasDeRegras } from '../api';
import { FormRegra } from './FormRegra';

const DIAS = ['dom', 'seg', 'ter', 'qua', 'qui', 'sex', 'sáb'];

/** The conditions in one line of Portuguese. */
export function resumoCondicoes(r: RegraConciliacao): string {
  const c = r.condicoes;
  const partes = [
    c.memoContem && `contém "${c.memoContem}"`,
    c.memoComecaCom && `começa com "${c.memoComecaCom}"`,
    c.memoRegex && `regex /${c.memoRegex}/`,
    c.valorMinimo && `valor ≥ ${formatarDinheiro(c.valorMinimo)}`,
    c.valorMaximo && `valor ≤ ${formatarDinheiro(c.valorMaximo)}`,
    c.sinal !== 'AMBOS' && (c.sinal === 'CREDITO' ? 'créditos' : 'débitos'),
    c.diasSemana?.length && `dias: ${c.diasSemana.map((d) => DIAS[d]).join(', ')}`,
  ];
  return partes.filter(Boolean).join(' · ') || 'todas as linhas da conta';
}

export function RegrasConciliacaoPage() {
  const { titulo } = useRotaAtual();
  const podeIncluir = usePermissao(['PERM_REGRA_CONCILIACAO_INCLUIR']);
  const podeEditar = usePermissao(['PERM_REGRA_CONCILIACAO_EDITAR']);
  const podeExcluir = usePermissao(['PERM_REGRA_CONCILIACAO_EXCLUIR']);
  const regras = useQuery({ queryKey: ['regras-conciliacao'], queryFn: listarRegrasConciliacao });
  const propostas = useQuery({ queryKey: CHAVE_PROPOSTAS, queryFn: propostasDeRegras });
  const contas = useQuery({ queryKey: ['contas-correntes-ativas'], queryFn: listarContas });
  const historicos = useQuery({ queryKey: ['historicos-padrao'], queryFn: listarHistoricos });
  const [editando, setEditando] = useState<RegraConciliacao | null>(null);
  const excluir = useComando(comandoExcluirRegra);

  const nomeConta = (id: number | null) =>
    id === null ? 'Todas' : (contas.data?.find((c) => c.id === id)?.descricao ?? `Conta ${id}`);
  const resumoAcao = (r: RegraConciliacao) =>
    r.acao.tipo === 'GERAR_LANCAMENTO'
      ? `Gerar lançamento: ${historicos.data?.find((h) => h.id === (r.acao as { historicoPadraoId: number }).historicoPadraoId)?.descricao ?? 'histórico'}`
      : `Conciliar com ${ROTULO_ORIGEM[r.acao.origem as OrigemLancamento] ?? r.acao.origem} (±${r.acao.janelaDias} dias)`;
  const novaRegra = (): RegraConciliacao => ({
    id: null,
    descricao: '',
    contaCorrenteId: null,
    prioridade: 100,
    ativo: true,
    confirmarAutomatico: false,
    condicoes: {
      memoContem: null,
      memoComecaCom: null,
      memoRegex: null,
      valorMinimo: null,
      valorMaximo: null,
      sinal: 'AMBOS',
      diasSemana: null,
    },
    acao: { tipo: 'GERAR_LANCAMENTO', historicoPadraoId: 0, complemento: '{memo}' },
  });
  async function recarregar() {
    await Promise.all([regras.refetch(), propostas.refetch()]);
  }
  async function excluirRegra(r: RegraConciliacao) {
    try {
      await excluir.executar({ id: r.id! });
      toast({ type: 'success', title: 'Sucesso', message: `Regra "${r.descricao}" excluída.` });
      await recarregar();
    } catch (e) {
      toast(toastDeErro(e, { entidade: 'regra de conciliação' }));
    }
  }

  if (editando)
    return (
      <FormRegra
        inicial={editando}
        contas={contas.data ?? []}
        historicos={historicos.data ?? []}
        aoSair={async (salvou) => {
          setEditando(null);
          if (salvou) await recarregar();
        }}
      />
    );

  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Title order={1} fz={22} fw={600}>
          {titulo}
        </Title>
        {podeIncluir && (
          <Button onClick={() => setEditando(novaRegra())} data-cy="regra-nova">
            Nova regra
          </Button>
        )}
      </Group>
      <Text c="dimmed" fz="sm">
        As regras são aplicadas por prioridade (menor primeiro) às linhas pendentes do extrato: na importação, as de
        confirmação automática; as demais pelo botão "Aplicar regras" da conciliação. Toda conciliação feita por uma
        regra se desfaz com Desconciliar.
      </Text>
      {podeIncluir && (propostas.data?.length ?? 0) > 0 && (
        <Paper withBorder p="sm" data-cy="regra-propostas">
          <Text fw={600} mb="xs">
            Regras sugeridas pelo que você já resolveu
          </Text>
          <Stack gap={6}>
            {propostas.data!.map((p) => (
              <Group key={`${p.regra.contaCorrenteId}-${p.regra.descricao}`} justify="space-between">
                <Text fz="sm">
                  <b>{p.regra.descricao}</b> — {resumoCondicoes(p.regra)} → {resumoAcao(p.regra)}. Aprendida de{' '}
                  {p.linhas.length} linhas; nos últimos 90 dias pegaria {p.previa.total} pendente(s).
                </Text>
                <Button size="compact-sm" variant="light" onClick={() => setEditando(p.regra)}>
                  Revisar e salvar
                </Button>
              </Group>
            ))}
          </Stack>
        </Paper>
      )}
      {regras.error && <Alert color="red">Não foi possível carregar as regras.</Alert>}
      <Paper withBorder>
        <Table fz="sm" striped highlightOnHover data-cy="regras-tabela">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Prioridade</Table.Th>
              <Table.Th>Descrição</Table.Th>
              <Table.Th>Conta</Table.Th>
              <Table.Th>Condições</Table.Th>
              <Table.Th>Ação</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {(regras.data ?? []).map((r) => (
              <Table.Tr key={r.id} data-cy="regra-linha">
                <Table.Td>{r.prioridade}</Table.Td>
                <Table.Td>
                  {r.descricao} {!r.ativo && <Badge color="gray">inativa</Badge>}{' '}
                  {r.confirmarAutomatico && <Badge variant="light">automática</Badge>}
                </Table.Td>
                <Table.Td>{nomeConta(r.contaCorrenteId)}</Table.Td>
                <Table.Td>{resumoCondicoes(r)}</Table.Td>
                <Table.Td>{resumoAcao(r)}</Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {podeEditar && (
                    <Button size="compact-sm" variant="subtle" onClick={() => setEditando(r)}>
                      Editar
                    </Button>
                  )}
                  {podeExcluir && (
                    <Button size="compact-sm" variant="subtle" color="red" onClick={() => void excluirRegra(r)}>
                      Excluir
                    </Button>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
            {regras.data?.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={6}>
                  <Text c="dimmed" ta="center" fz="sm">
                    Nenhuma regra cadastrada.
                  </Text>
                </Table.Td>
              </Table.Tr>
            )}
          </Table.Tbody>
        </Table>
      </Paper>
    </Stack>
  );
}
