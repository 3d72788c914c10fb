/**
 * /inconsistenciasTributarias/finalizacaoInconsitencias (the spec's spelling): the lots in analysis, the
 * before → after preview of the chosen one, and Finalizar (needs also PERM_PRODUTO_EDITAR). A big lot is
 * finalized by a job: the screen follows it until the lot is closed, then shows the change log.
 */
import { Alert, Badge, Button, Grid, Group, NavLink, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { type CampoLote, comandoFinalizarLote, ROTULO_CAMPO, ROTULO_TIPO } from '@retaguarda/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useRotaAtual } from '../../../servicos/navegacao/useRotaAtual';
import { useSessao } from '../../../servicos/sessao/store';
import { toast } from '../../../lib/toasts';
import { useComando } from '../../../lib/comando/useComando';
import { toastDeErro } from '../../../lib/erros';
import { tarefaEncerrada } from '../../../lib/tarefas/tarefa';
import { useAndamentoDaTarefa } from '../../../lib/tarefas/useAndamentoDaTarefa';
import { useContadores } from '../../plataforma/contadores/contadores.store';
import { formatarDataHora } from '../../../lib/formato';
import { TabelaDados } from '../../../ui/tabela/TabelaDados';
import { ConfirmarFinalizacao, produtosAlterados } from './ConfirmarFinalizacao';
import { alteracoes, itensDoLote, lerLote, lotesEmAnalise } from './api';
import { COR_STATUS, TEXTO_STATUS } from './InconsistenciasPage';
import { contagem } from '../../../ui/plural';
import { valorAtualDo, valorPropostoDo, valorDoCampo } from './valores';

export function FinalizacaoInconsistenciasPage() {
  const { titulo } = useRotaAtual();
  const qc = useQueryClient();
  const [params, setParams] = useSearchParams();
  const loteId = Number(params.get('lote')) || null;
  const permissoes = useSessao((s) => s.usuario?.permissoes) ?? [];
  const podeFinalizar =
    permissoes.includes('PERM_LOTE_INCONSISTENCIA_PRODUTO_EDITAR') && permissoes.includes('PERM_PRODUTO_EDITAR');
  const [enviando, setEnviando] = useState(false);
  const [confirmando, setConfirmando] = useState(false);
  // one Idempotency-Key per submission: a double-clicked confirmation finalizes once
  const finalizacao = useComando(comandoFinalizarLote);
  const lotes = useQuery({ queryKey: ['lotes-em-analise'], queryFn: lotesEmAnalise });
  const lote = useQuery({
    queryKey: ['lote-inconsistencia', loteId],
    queryFn: () => lerLote(loteId!),
    enabled: !!loteId,
  });
  const tarefaId = lote.data?.tarefaId ?? null;
  // while a job finalizes the lot, follow the job; when it ends, read the closed lot
  const tarefa = useAndamentoDaTarefa(tarefaId, {
    aoEncerrar: () => {
      qc.invalidateQueries({ queryKey: ['lote-inconsistencia', loteId] });
      qc.invalidateQueries({ queryKey: ['lotes-em-analise'] });
      qc.invalidateQueries({ queryKey: ['inconsistencias-contagem'] });
      void useContadores.getState().invalidar();
    },
  });
  const finalizado = lote.data?.status === 'FINALIZADO';
  const itens = useQuery({
    queryKey: ['lote-inconsistencia-itens', loteId],
    queryFn: () => itensDoLote(loteId!),
    enabled: !!loteId && !finalizado,
  });
  const log = useQuery({
    queryKey: ['lote-inconsistencia-log', loteId],
    queryFn: () => alteracoes(loteId!),
    enabled: !!loteId && finalizado,
  });

  const executar = async () => {
    if (!loteId) return;
    setConfirmando(false);
    setEnviando(true);
    try {
      const l = await finalizacao.executar({ id: loteId });
      toast(
        l.tarefaId
          ? {
              type: 'info',
              title: 'Finalização em segundo plano',
              message: 'O lote é grande: acompanhe o progresso aqui.',
            }
          : {
              type: 'success',
              title: 'Lote finalizado',
              message: `${contagem(l.quantidadeCorrigidos, 'produto corrigido', 'produtos corrigidos')}.`,
            },
      );
      qc.invalidateQueries({ queryKey: ['lote-inconsistencia', loteId] });
      qc.invalidateQueries({ queryKey: ['lotes-em-analise'] });
      qc.invalidateQueries({ queryKey: ['inconsistencias-contagem'] });
      void useContadores.getState().invalidar();
    } catch (e) {
      toast(toastDeErro(e, { entidade: 'lotes de inconsistências tributárias' }));
    } finally {
      setEnviando(false);
    }
  };
  const previa = (itens.data ?? []).filter((i) => i.valorProposto);
  const prog = tarefa?.progresso;
  // a job that failed or was cancelled ends before the server frees the lot: its end is what counts here
  const finalizando = !!tarefaId && !(tarefa && tarefaEncerrada(tarefa));

  return (
    <Stack gap="sm">
      <Title order={1} fz={22} fw={600}>
        {titulo}
      </Title>
      <Grid>
        <Grid.Col span={{ base: 12, md: 3 }}>
          <Paper withBorder radius="sm" p={4} data-cy="lotes-em-analise">
            {(lotes.data?.items ?? []).map((l) => (
              <NavLink
                key={l.id}
                active={l.id === loteId}
                label={`${l.id} · ${l.descricao}`}
                description={`${ROTULO_TIPO[l.tipoInconsistencia]} · ${l.quantidadePropostos} alteração(ões)`}
                onClick={() => setParams({ lote: String(l.id) })}
                data-cy={`lote-${l.id}`}
              />
            ))}
            {!lotes.data?.items.length && (
              <Text fz="sm" c="dimmed" p="xs">
                Nenhum lote em análise.
              </Text>
            )}
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 9 }}>
          {!lote.data && (
            <Text c="dimmed" fz="sm">
              Escolha um lote em análise.
            </Text>
          )}
          {lote.data && (
            <Stack gap="sm">
              <Group justify="space-between">
                <Text fw={600}>
                  Lote {lote.data.id} · {lote.data.descricao} · {ROTULO_CAMPO[lote.data.campo]}
                </Text>
                <Badge variant="light" radius="sm" tt="none" color={COR_STATUS[lote.data.status]} data-cy="status-lote">
                  {TEXTO_STATUS[lote.data.status]}
                </Badge>
              </Group>
              {finalizando && (
                <Stack gap={4} data-cy="progresso-finalizacao">
                  <Text fz="sm">Finalizando em segundo plano…</Text>
                  <Progress value={prog?.total ? (100 * prog.feito) / prog.total : 5} animated />
                </Stack>
              )}
              {finalizado ? (
                <>
                  <Alert color="green" data-cy="lote-finalizado">
                    Finalizado em {formatarDataHora(lote.data.finalizadoEm)}: {lote.data.quantidadeCorrigidos} de{' '}
                    {contagem(lote.data.quantidadeProdutos, 'produto corrigido', 'produtos corrigidos')}.
                  </Alert>
                  <TabelaDados
                    rotulo="Alterações aplicadas"
                    itens={log.data?.items ?? []}
                    idDe={(a) => String(a.id)}
                    virtual
                    alturaMaxima={420}
                    colunas={[
                      { id: 'produto', titulo: 'Produto', celula: (a) => a.descricao ?? a.produtoId },
                      { id: 'campo', titulo: 'Campo', celula: (a) => ROTULO_CAMPO[a.campo as CampoLote] ?? a.campo },
                      {
                        id: 'antes',
                        titulo: 'Antes',
                        celula: (a) => valorDoCampo(a.campo, a.antes, a.antesRotulo) || '—',
                      },
                      {
                        id: 'depois',
                        titulo: 'Depois',
                        celula: (a) => valorDoCampo(a.campo, a.depois, a.depoisRotulo) || '—',
                      },
                      { id: 'em', titulo: 'Em', celula: (a) => formatarDataHora(a.alteradoEm) },
                    ]}
                    dataCy="grade-alteracoes"
                  />
                </>
              ) : (
                <>
                  <TabelaDados
                    rotulo="Prévia da finalização"
                    itens={previa}
                    idDe={(i) => String(i.id)}
                    virtual
                    alturaMaxima={420}
                    colunas={[
                      { id: 'produto', titulo: 'Produto', celula: (i) => i.descricao },
                      { id: 'loja', titulo: 'Loja', celula: (i) => i.lojaSigla ?? 'Todas' },
                      {
                        id: 'antes',
                        titulo: 'Antes',
                        celula: (i) => valorAtualDo(i) || '—',
                      },
                      {
                        id: 'depois',
                        titulo: 'Depois',
                        celula: (i) => valorPropostoDo(i),
                      },
                    ]}
                    dataCy="grade-previa"
                  />
                  {!podeFinalizar && (
                    <Text fz="sm" c="dimmed">
                      Finalizar altera produtos: é preciso poder editar lotes de inconsistências e produtos.
                    </Text>
                  )}
                  <Group justify="flex-end">
                    <Button
                      disabled={!podeFinalizar || lote.data.status !== 'EM_ANALISE' || finalizando}
                      loading={enviando}
                      onClick={() => setConfirmando(true)}
                      data-cy="lote-finalizar"
                    >
                      Finalizar
                    </Button>
                  </Group>
                  {confirmando && (
                    <ConfirmarFinalizacao
                      lote={lote.data}
                      produtos={produtosAlterados(previa, lote.data.quantidadePropostos)}
                      aoConfirmar={() => void executar()}
                      aoCancelar={() => setConfirmando(false)}
                    />
                  )}
                </>
              )}
            </Stack>
          )}
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
