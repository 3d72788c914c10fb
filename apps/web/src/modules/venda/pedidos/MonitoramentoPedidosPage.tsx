/**
 * /monitoramentoDePedido: the orders of the user's stores on a board (default) or a list. The board's
 * columns are the stages (count and total in R$); a drop or ← → on a focused card calls the stage's
 * command (an illegal move snaps back with the reason; Cancelados asks for the motivo); new orders arrive
 * live (badge; a new order waiting past the tenant's N minutes is highlighted). Leaving resets the view.
 * A move (here or on another board) re-reads that one order and the summary, not the whole board.
 */
import { Badge, Button, Group, SegmentedControl, Stack, Text, Title, Tooltip } from '@mantine/core';
import {
  acaoDoMovimento,
  ETAPAS_PEDIDO,
  type EtapaPedido,
  EVENTO_PEDIDO_VENDA,
  formatarDinheiro,
  type ListaPaginada,
  MSG_PEDIDO,
  type PayloadDoEvento,
  type PedidoVenda,
  ROTULO_ETAPA_PEDIDO,
  rsql,
} from '@retaguarda/domain';
import { keepPreviousData, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { lerConfiguracoes } from '../../../lib/configuracoes/configuracoes.api';
import { toastDeErro } from '../../../lib/erros';
import { ouvirRealtime } from '../../../lib/realtime';
import { toast } from '../../../lib/toasts';
import { useRotaAtual } from '../../../servicos/navegacao/useRotaAtual';
import { useSessao } from '../../../servicos/sessao/store';
import { CARTOES_POR_COLUNA, Quadro } from '../../../ui/quadro/Quadro';
import { listarPedidos, resumoPedidos } from './api';
import { CancelarPedido } from './CancelarPedido';
import { CartaoPedido } from './CartaoPedido';
import { FiltrosPedidos } from './FiltrosPedidos';
import { IntegracaoDelivery } from './IntegracaoDelivery';
import { ListaPedidos } from './ListaPedidos';
import { moverPedido } from './movimento';
import { aplicarPedido, type CartoesDoQuadro, jaNoQuadro, type LimitesDoQuadro } from './quadroAoVivo';
import { parametrosDoFiltro, useReiniciarAoSair, useVistaPedidos } from './vista';

const LIMITES_INICIAIS = Object.fromEntries(ETAPAS_PEDIDO.map((e) => [e, CARTOES_POR_COLUNA])) as LimitesDoQuadro;

export function MonitoramentoPedidosPage() {
  useReiniciarAoSair();
  const { titulo } = useRotaAtual();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const podeEditar = useSessao((s) => s.usuario?.permissoes ?? []).includes('PERM_PEDIDO_VENDA_EDITAR');
  const administrador = useSessao((s) => s.usuario?.administrador ?? false);
  const [integracao, setIntegracao] = useState(false);
  const { filtro, vista, novos, inconsistentes, mudarVista, chegou, vistos, setInconsistentes } = useVistaPedidos();
  const [cancelando, setCancelando] = useState<{ p: PedidoVenda; acao: 'cancelar' | 'recusar' } | null>(null);
  const base = parametrosDoFiltro({ ...filtro, etapa: '' }).toString();

  const resumo = useQuery({
    queryKey: ['pedidos', 'resumo', base],
    queryFn: ({ signal }) => resumoPedidos(new URLSearchParams(base), signal),
  });
  const carregar = useCallback(
    (extra: Parameters<typeof parametrosDoFiltro>[1], count: number) => {
      const p = parametrosDoFiltro({ ...filtro, etapa: '' }, extra);
      p.set('count', String(count));
      p.set('sort', '-id');
      return p;
    },
    [filtro],
  );
  // each column loads the cards it draws (its latest orders), more when it asks ("Mostrar mais")
  const [limites, setLimites] = useState(LIMITES_INICIAIS);
  const chaveDaColuna = useCallback(
    (etapa: EtapaPedido, limite: number) => ['pedidos', 'coluna', base, etapa, limite] as const,
    [base],
  );
  const colunasQ = useQueries({
    queries: ETAPAS_PEDIDO.map((etapa) => ({
      queryKey: chaveDaColuna(etapa, limites[etapa]),
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        listarPedidos(carregar(rsql.eq('etapa', etapa), limites[etapa]), signal),
      enabled: vista === 'kanban',
      placeholderData: keepPreviousData,
    })),
  });
  const destaque = useQuery({
    queryKey: ['configuracoes', 'venda'],
    queryFn: () => lerConfiguracoes('venda', null),
    staleTime: 300_000,
  });
  const minutos = Number(destaque.data?.items.find((p) => p.chave === 'venda.pedidoDestaqueMinutos')?.valor ?? 15);

  useEffect(() => {
    if (resumo.data) setInconsistentes(resumo.data.inconsistentes);
  }, [resumo.data, setInconsistentes]);
  /** Puts order `id` as read (null: out of the board) into the loaded columns, their read times kept. */
  const colocarNoQuadro = useCallback(
    (id: number, lido: PedidoVenda | null) => {
      type Lista = ListaPaginada<PedidoVenda>;
      const chave = (e: EtapaPedido) => chaveDaColuna(e, limites[e]);
      const atual = Object.fromEntries(
        ETAPAS_PEDIDO.map((e) => [e, qc.getQueryData<Lista>(chave(e))]),
      ) as CartoesDoQuadro;
      // a card ages from its column's read time: this one, read now, was that much younger then
      const lidaEm = lido ? (qc.getQueryState(chave(lido.etapa))?.dataUpdatedAt ?? Date.now()) : 0;
      const ajustado = lido && {
        ...lido,
        segundosNaEtapa: lido.segundosNaEtapa - Math.max(0, Math.floor((Date.now() - lidaEm) / 1000)),
      };
      const novo = aplicarPedido(atual, limites, id, ajustado);
      for (const e of ETAPAS_PEDIDO) {
        const estado = qc.getQueryState(chave(e));
        if (novo[e] && novo[e] !== atual[e] && estado)
          qc.setQueryData(chave(e), novo[e], { updatedAt: estado.dataUpdatedAt });
      }
    },
    [qc, chaveDaColuna, limites],
  );
  useEffect(
    () =>
      ouvirRealtime<PayloadDoEvento<typeof EVENTO_PEDIDO_VENDA>>(EVENTO_PEDIDO_VENDA.nome, (e) => {
        if (e.novo) chegou(e.id);
        void qc.invalidateQueries({ queryKey: ['pedidos', 'resumo'] });
        void qc.invalidateQueries({ queryKey: ['pedidos', 'lista'] });
        void qc.invalidateQueries({ queryKey: ['pedido', e.id] });
        const carregado = Object.fromEntries(
          ETAPAS_PEDIDO.map((x) => [x, qc.getQueryData(chaveDaColuna(x, limites[x]))]),
        ) as CartoesDoQuadro;
        if (jaNoQuadro(carregado, e.id, e.versao)) return; // this board's own move, already in place
        // that one order, on the board's filter (absent: it left the board or is not in its stores)
        listarPedidos(carregar(rsql.eq('id', e.id), 1)).then(
          (r) => colocarNoQuadro(e.id, r.items[0] ?? null),
          () => qc.invalidateQueries({ queryKey: ['pedidos'] }),
        );
      }),
    [qc, chegou, carregar, chaveDaColuna, limites, colocarNoQuadro],
  );
  // the cards age between reloads
  const [agora, setAgora] = useState(Date.now());
  useEffect(() => {
    const t = setInterval(() => setAgora(Date.now()), 30_000);
    return () => clearInterval(t);
  }, []);
  const lidoEm = new Map(ETAPAS_PEDIDO.map((e, i) => [e, colunasQ[i]?.dataUpdatedAt ?? 0]));
  const segundos = (p: PedidoVenda) =>
    p.segundosNaEtapa + Math.max(0, Math.floor((agora - (lidoEm.get(p.etapa) ?? agora)) / 1000));

  const recarregar = () => qc.invalidateQueries({ queryKey: ['pedidos'] });
  const aoMover = async (p: PedidoVenda, para: EtapaPedido) => {
    if (!podeEditar) {
      toast({ type: 'warning', title: 'Sem permissão', message: 'Você não tem permissão para mover pedidos.' });
      throw new Error('sem permissão');
    }
    const m = acaoDoMovimento(
      { etapa: p.etapa, retiradaNaLoja: p.retiradaNaLoja, inconsistente: p.itensInconsistentes > 0 },
      para,
    );
    if ('falha' in m) {
      toast({
        type: 'warning',
        title: `Pedido ${p.numero}`,
        message: m.falha.charAt(0).toUpperCase() + m.falha.slice(1),
      });
      throw new Error(m.falha);
    }
    if (m.acao === 'cancelar') {
      setCancelando({ p, acao: 'cancelar' });
      return;
    }
    try {
      const { itens: _i, pagamentos: _p, historico: _h, ...r } = await moverPedido(p, m.acao);
      toast({ type: 'success', title: 'Sucesso', message: MSG_PEDIDO.movido(r.numero, r.etapa) });
      // the answer is the moved order: put it in place and read the columns' counts again
      colocarNoQuadro(r.id, r);
      void qc.invalidateQueries({ queryKey: ['pedidos', 'resumo'] });
      void qc.invalidateQueries({ queryKey: ['pedidos', 'lista'] });
    } catch (e) {
      toast(toastDeErro(e, { entidade: MSG_PEDIDO.entidade }));
      // refused (someone moved it meanwhile: 409): the whole board as it is now
      await recarregar();
      throw e;
    }
  };

  const itens = colunasQ.flatMap((q) => q.data?.items ?? []);
  const colunas = ETAPAS_PEDIDO.map((etapa) => {
    const r = resumo.data?.etapas.find((x) => x.etapa === etapa);
    return {
      id: etapa,
      titulo: ROTULO_ETAPA_PEDIDO[etapa],
      quantidade: r?.quantidade ?? 0,
      total: formatarDinheiro(r?.total ?? '0'),
    };
  });
  const abrir = (p: PedidoVenda) => navigate(`/monitoramentoDePedido/detalhesPedidoVenda/${p.id}`);

  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Group gap="sm">
          <Title order={1} fz={22} fw={600}>
            {titulo}
          </Title>
          {novos.length > 0 && (
            <Tooltip label="Pedidos que chegaram enquanto a tela estava aberta (clique para marcar como vistos)">
              <Badge color="blue" style={{ cursor: 'pointer' }} onClick={vistos} tt="none" data-cy="badge-novos">
                {novos.length} {novos.length === 1 ? 'pedido novo' : 'pedidos novos'}
              </Badge>
            </Tooltip>
          )}
          {inconsistentes > 0 && (
            <Badge color="red" variant="light" tt="none" data-cy="badge-inconsistentes">
              {inconsistentes} com inconsistência
            </Badge>
          )}
        </Group>
        <Group gap="sm">
          {administrador && (
            <Button variant="default" size="xs" onClick={() => setIntegracao(true)} data-cy="abrir-integracao-delivery">
              Integração com delivery
            </Button>
          )}
          <SegmentedControl
            value={vista}
            onChange={(v) => mudarVista(v as 'kanban' | 'lista')}
            data={[
              { value: 'kanban', label: 'Quadro' },
              { value: 'lista', label: 'Lista' },
            ]}
            data-cy="vista-pedidos"
          />
        </Group>
      </Group>
      <FiltrosPedidos comEtapa={vista === 'lista'} />
      {vista === 'kanban' ? (
        <>
          <Text fz="xs" c="dimmed">
            Arraste um pedido para outra coluna, ou selecione-o e use as setas ← → para movê-lo; Enter abre o pedido.
          </Text>
          <Quadro
            rotulo="Quadro de pedidos"
            colunas={colunas}
            itens={itens}
            colunaDe={(p) => p.etapa}
            idDe={(p) => String(p.id)}
            cartao={(p) => <CartaoPedido p={p} segundos={segundos(p)} />}
            rotuloDoCartao={(p) =>
              `Pedido ${p.numero}, ${ROTULO_ETAPA_PEDIDO[p.etapa]}, ${formatarDinheiro(p.valorTotal)}`
            }
            destaque={(p) => p.etapa === 'NOVO' && segundos(p) >= minutos * 60}
            aoMover={aoMover}
            aoAbrir={abrir}
            cartoesPorColuna={CARTOES_POR_COLUNA}
            aoMostrarMais={(etapa, quantos) => setLimites((l) => ({ ...l, [etapa]: Math.max(l[etapa], quantos) }))}
            dataCy="quadro-pedidos"
          />
        </>
      ) : (
        <ListaPedidos aoAbrir={abrir} />
      )}
      {integracao && <IntegracaoDelivery aoFechar={() => setIntegracao(false)} />}
      {cancelando && (
        <CancelarPedido
          pedido={cancelando.p}
          acao={cancelando.acao}
          aoFechar={() => setCancelando(null)}
          aoConcluir={() => {
            setCancelando(null);
            void recarregar();
          }}
        />
      )}
    </Stack>
  );
}
