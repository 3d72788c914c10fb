/**
 * /inconsistenciasTributarias/cadastroInconsistencias: the lot wizard (shared PassosAssistente):
 * 1) type and filters → creates the lot with the products inconsistent now; 2) proposed values;
 * 3) review → send to analysis (then the lot is finalized on the finalization screen).
 * The lot and the step live in the URL (?lote=&etapa=), so a reload or a link resumes it.
 */
import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import {
  comandoAnalisarLote,
  comandoCancelarLote,
  comandoCriarLote,
  type EntradaCriarLote,
  ROTULO_CAMPO,
  ROTULO_TIPO,
} from '@retaguarda/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useRotaAtual } from '../../../servicos/navegacao/useRotaAtual';
import { toast } from '../../../lib/toasts';
import { useComando } from '../../../lib/comando/useComando';
import { toastDeErro } from '../../../lib/erros';
import { PassosAssistente } from '../../../ui/PassosAssistente';
import { TabelaDados } from '../../../ui/tabela/TabelaDados';
import { itensDoLote, lerLote } from './api';
import { EtapaFiltros } from './EtapaFiltros';
import { GradePropostas } from './GradePropostas';
import { COR_STATUS, TEXTO_STATUS } from './InconsistenciasPage';
import { contagem } from '../../../ui/plural';
import { valorAtualDo, valorPropostoDo } from './valores';

const PASSOS = [
  { numero: 1, descricao: 'Tipo e filtros' },
  { numero: 2, descricao: 'Valores propostos' },
  { numero: 3, descricao: 'Revisão' },
];
const ENTIDADE = { entidade: 'lotes de inconsistências tributárias' };

export function CadastroInconsistenciasPage() {
  const { titulo } = useRotaAtual();
  const navegar = useNavigate();
  const qc = useQueryClient();
  const [params, setParams] = useSearchParams();
  const loteId = Number(params.get('lote')) || null;
  const etapa = loteId ? Math.min(3, Math.max(2, Number(params.get('etapa')) || 2)) : 1;
  const [salvando, setSalvando] = useState(false);
  // one Idempotency-Key per submission: a re-click posts once
  const criacao = useComando(comandoCriarLote);
  const cancelamento = useComando(comandoCancelarLote);
  const analise = useComando(comandoAnalisarLote);
  const lote = useQuery({
    queryKey: ['lote-inconsistencia', loteId],
    queryFn: () => lerLote(loteId!),
    enabled: !!loteId,
  });
  const itens = useQuery({
    queryKey: ['lote-inconsistencia-itens', loteId],
    queryFn: () => itensDoLote(loteId!),
    enabled: !!loteId,
  });
  const recarregar = () => {
    qc.invalidateQueries({ queryKey: ['lote-inconsistencia', loteId] });
    qc.invalidateQueries({ queryKey: ['lote-inconsistencia-itens', loteId] });
  };
  const irPara = (n: number) => loteId && n >= 2 && setParams({ lote: String(loteId), etapa: String(n) });
  const voltarParaLista = () => navegar('/inconsistenciasTributarias');
  const editavel = lote.data?.status === 'RASCUNHO' || lote.data?.status === 'EM_ANALISE';

  const criar = async (e: EntradaCriarLote) => {
    setSalvando(true);
    try {
      const l = await criacao.executar(e);
      toast({
        type: 'success',
        title: 'Lote criado',
        message: `${contagem(l.quantidadeProdutos, 'produto', 'produtos')} no lote ${l.id}.`,
      });
      setParams({ lote: String(l.id), etapa: '2' });
    } catch (err) {
      toast(toastDeErro(err, ENTIDADE));
    } finally {
      setSalvando(false);
    }
  };
  const agir = async (fn: () => Promise<unknown>, sucesso: string, depois: () => void) => {
    setSalvando(true);
    try {
      await fn();
      toast({ type: 'success', title: sucesso });
      qc.invalidateQueries({ queryKey: ['lotes-inconsistencia'] });
      depois();
    } catch (err) {
      toast(toastDeErro(err, ENTIDADE));
    } finally {
      setSalvando(false);
    }
  };
  const comProposta = (itens.data ?? []).filter((i) => i.valorProposto);

  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Title order={1} fz={22} fw={600}>
          {lote.data ? `${titulo} — lote ${lote.data.id}` : titulo}
        </Title>
        {lote.data && (
          <Badge variant="light" radius="sm" tt="none" color={COR_STATUS[lote.data.status]} data-cy="status-lote">
            {TEXTO_STATUS[lote.data.status]}
          </Badge>
        )}
      </Group>
      <PassosAssistente passos={PASSOS} atual={etapa} aoClicar={irPara} />
      {etapa === 1 && <EtapaFiltros salvando={salvando} aoAvancar={criar} aoVoltar={voltarParaLista} />}
      {etapa >= 2 && lote.data && (
        <Paper withBorder radius="sm" p="xs">
          <Text fz="sm">
            <b>{lote.data.descricao}</b> · {ROTULO_TIPO[lote.data.tipoInconsistencia]} · corrige:{' '}
            {ROTULO_CAMPO[lote.data.campo]} · {contagem(lote.data.quantidadeProdutos, 'produto', 'produtos')}
          </Text>
        </Paper>
      )}
      {etapa === 2 && lote.data && (
        <>
          <GradePropostas lote={lote.data} itens={itens.data ?? []} editavel={editavel} aoMudar={recarregar} />
          <Group justify="flex-end">
            <Button variant="default" onClick={voltarParaLista}>
              Voltar
            </Button>
            <Button onClick={() => irPara(3)} data-cy="lote-revisar">
              Avançar
            </Button>
          </Group>
        </>
      )}
      {etapa === 3 && lote.data && (
        <>
          <Text fz="sm" data-cy="resumo-revisao">
            {comProposta.length} de {contagem(itens.data?.length ?? 0, 'linha', 'linhas')} com valor proposto serão
            aplicadas na finalização.
          </Text>
          <TabelaDados
            rotulo="Revisão"
            itens={comProposta}
            idDe={(i) => String(i.id)}
            virtual
            alturaMaxima={420}
            colunas={[
              { id: 'descricao', titulo: 'Produto', celula: (i) => i.descricao },
              { id: 'loja', titulo: 'Loja', celula: (i) => i.lojaSigla ?? 'Todas' },
              {
                id: 'atual',
                titulo: 'Atual',
                celula: (i) => valorAtualDo(i) || '—',
              },
              {
                id: 'proposto',
                titulo: 'Proposto',
                celula: (i) => valorPropostoDo(i),
              },
            ]}
            dataCy="grade-revisao"
          />
          <Group justify="space-between">
            <Button
              color="red"
              variant="subtle"
              disabled={!editavel}
              loading={salvando}
              onClick={() => agir(() => cancelamento.executar({ id: loteId! }), 'Lote cancelado', voltarParaLista)}
              data-cy="lote-cancelar"
            >
              Cancelar lote
            </Button>
            <Group gap="xs">
              <Button variant="default" onClick={() => irPara(2)}>
                Voltar
              </Button>
              <Button
                disabled={lote.data.status !== 'RASCUNHO' || !comProposta.length}
                loading={salvando}
                onClick={() =>
                  agir(
                    () => analise.executar({ id: loteId! }),
                    'Lote enviado para análise',
                    () => navegar(`/inconsistenciasTributarias/finalizacaoInconsitencias?lote=${loteId}`),
                  )
                }
                data-cy="lote-enviar-analise"
              >
                Enviar para análise
              </Button>
            </Group>
          </Group>
        </>
      )}
    </Stack>
  );
}
