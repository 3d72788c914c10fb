/**
 * /monitoramentoDePedido: the orders of the user's stores on a board (default) or a list. The board's
 * columns are the stages (count and total in R$); a drop or ← → on a focused card calls the stage's
 * command (an illegal move snaps back with the reason; Cancelados asks for the motivo); new orders arrive
 * live (badge; a new order waiting past the tenant's N minutes is highlighted). Leaving resets the view.
 */
import { Badge, Button, Group, SegmentedControl, Stack, Text, Title, Tooltip } from '@mantine/core';
import {
  acaoDoMovimento,
  ETAPAS_PEDIDO,
  type EtapaPedido,
  EVENTO_PEDIDO_VENDA,
  formatarDinheiro,
  MSG_PEDIDO,
  type PayloadDoEvento,
  type PedidoVenda,
  ROTULO_ETAPA_PEDIDO,
  rsql,
} from '@retaguarda/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { lerConfiguracoes } from '../../../lib/configuracoes/configuracoes.api';
import { toastDeErro } from '../../../lib/erros';
import { ouvirRealtime } from '../../../lib/realtime';
import { toast } from '../../../lib/toasts';
import { useRotaAtual } from '../../../servicos/navegacao/useRotaAtual';
import { useSessao } from '../../../servicos/sessao/store';
import { Quadro } from '../../../ui/quadro/Quadro';
import { listarPedidos, resumoPedidos } from './api';
import { CancelarPedido } from './CancelarPedido';
import { CartaoPedido } from './CartaoPedido';
import { FiltrosPedidos } from './FiltrosPedidos';
import { IntegracaoDelivery } from './IntegracaoDelivery';
import { ListaPedidos } from './ListaPedidos';
import { moverPedido } from './movimento';
import { parametrosDoFiltro, useReiniciarAoSair, useVistaPedidos } from './vista';

/** Closed columns show their latest cards only (their counts and totals are whole). */
const FECHADAS: EtapaPedido[] = ['CONCLUIDO', 'CANCELADO'];

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
  const carregar = (extra: Parameters<typeof parametrosDoFiltro>[1], count: number) => {
    const p = parametrosDoFiltro({ ...filtro, etapa: '' }, extra);
    p.set('count', String(count));
    p.set('sort', '-id');
    return p;
  };
  const abertos = useQuery({
    queryKey: ['pedidos', 'abertos', base],
    queryFn: ({ signal }) => listarPedidos(carregar(rsql.out('etapa', FECHADAS), 1000), signal),
    enabled: vista === 'kanban',
  });
  const fechados = useQuery({
    queryKey: ['pedidos', 'fechados', base],
    queryFn: ({ signal }) => listarPedidos(carregar(rsql.in('etapa', FECHADAS), 50), signal),
    enabled: vista === 'kanban',
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
  useEffect(
    () =>
      ouvirRealtime<PayloadDoEvento<typeof EVENTO_PEDIDO_VENDA>>(EVENTO_PEDIDO_VENDA.nome, (e) => {
        if (e.novo) chegou(e.id);
        void qc.invalidateQueries({ queryKey: ['pedidos'] });
        void qc.invalidateQueries({ queryKey: ['pedido', e.id] });
      }),
    [qc, chegou],
  );
  // the cards age between reloads
  const [agora, setAgora] = useState(Date.now());
  useEffect(() => {
    const t = setInterval(() => setAgora(Date.now()), 30_000);
    return () => clearInterval(t);
  }, []);
  const lidoEm = Math.max(abertos.dataUpdatedAt, fechados.dataUpdatedAt);
  const segundos = (p: PedidoVenda) => p.segundosNaEtapa + Math.max(0, Math.floor((agora - lidoEm) / 1000));

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
      const r = await moverPedido(p, m.acao);
      toast({ type: 'success', title: 'Sucesso', message: MSG_PEDIDO.movido(r.numero, r.etapa) });
    } catch (e) {
      toast(toastDeErro(e, { entidade: MSG_PEDIDO.entidade }));
      throw e;
    } finally {
      await recarregar();
    }
  };

  const itens = [...(abertos.data?.items ?? []), ...(fechados.data?.items ?? [])];
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
