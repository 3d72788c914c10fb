/**
 * /dashboards/detalhes/:id — the dashboard's grid (12 columns; each indicator its own size) under one filter
 * (period of store-local days, stores). One read answers every indicator; a filter change reads again. A click
 * drills into what is behind the figure: the cupons of that store and day, the product, the orders, the pending
 * uploads.
 */
import { Alert, Button, Grid, Group, Stack, Text, Title } from '@mantine/core';
import {
  comandoExcluirIndicador,
  type IndicadorDashboard,
  type LinhaIndicador,
  linkMonitorNfce,
  type PeriodoPadrao,
} from '@retaguarda/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useComando } from '../../../lib/comando/useComando';
import { toastDeErro } from '../../../lib/erros';
import { toast } from '../../../lib/toasts';
import { baixarPlanilha, catalogo, dadosDoDashboard, type Filtro, lerDashboard } from './api';
import { CartaoIndicador } from './CartaoIndicador';
import { DetalheCupons, type PedidoCupons } from './DetalheCupons';
import { FiltroDashboard, type ValorFiltro } from './FiltroDashboard';

export function DashboardDetalhesPage() {
  const id = Number(useParams().id);
  const navigate = useNavigate();
  const painel = useQuery({ queryKey: ['dashboard', id], queryFn: () => lerDashboard(id), retry: false });
  const defs = useQuery({ queryKey: ['painel-catalogo'], queryFn: catalogo, staleTime: 300_000 });
  const [filtro, setFiltro] = useState<ValorFiltro | null>(null);
  const valor: ValorFiltro = filtro ?? {
    periodo: painel.data?.periodoPadrao ?? 'ULTIMOS_7_DIAS',
    inicio: null,
    fim: null,
    lojas: [],
  };
  const pedido: Filtro = useMemo(
    () =>
      valor.periodo === 'PERSONALIZADO'
        ? {
            ...(valor.inicio ? { inicio: valor.inicio } : {}),
            ...(valor.fim ? { fim: valor.fim } : {}),
            lojas: valor.lojas.map(Number),
          }
        : { periodo: valor.periodo as PeriodoPadrao, lojas: valor.lojas.map(Number) },
    [valor.periodo, valor.inicio, valor.fim, valor.lojas],
  );
  const dados = useQuery({
    queryKey: ['dashboard-dados', id, pedido],
    queryFn: () => dadosDoDashboard(id, pedido),
    enabled: painel.isSuccess && (valor.periodo !== 'PERSONALIZADO' || (!!valor.inicio && !!valor.fim)),
    placeholderData: keepPreviousData,
    retry: false,
  });
  const remover = useComando(comandoExcluirIndicador);
  const [cupons, setCupons] = useState<PedidoCupons | null>(null);

  if (painel.error)
    return (
      <Alert color="red" title="Dashboard não encontrado">
        Ele não existe ou não foi compartilhado com você.
      </Alert>
    );
  const d = painel.data;
  if (!d) return null;
  const defDe = (i: IndicadorDashboard) => defs.data?.find((x) => x.chave === i.indicador);

  function detalhar(i: IndicadorDashboard, linha: LinhaIndicador | null) {
    const def = defDe(i);
    const r = dados.data?.indicadores.find((x) => x.id === i.id);
    if (!def || !r?.resultado) return;
    const { periodo } = r.resultado;
    if (def.detalhe === 'CUPONS') {
      const porLoja = def.linhas === 'LOJAS' && linha;
      const porDia = def.linhas === 'DIAS' && linha;
      setCupons({
        titulo: `${i.titulo ?? def.titulo}${linha ? ` — ${linha.rotulo}` : ''}`,
        lojas: porLoja ? [Number(linha.chave)] : r.lojas,
        inicio: porDia ? linha.chave : periodo.inicio,
        fim: porDia ? linha.chave : periodo.fim,
      });
    } else if (def.detalhe === 'PRODUTOS' && i.indicador === 'TOP_PRODUTOS' && linha)
      navigate(`/produto/cadastro/${linha.chave}`);
    else if (def.detalhe === 'PRODUTOS') navigate('/estoque/saldo-estoque');
    else if (def.detalhe === 'NFCE')
      // the monitor filtered as the card counted: the row's status (the total opens the rejected ones), the
      // card's days and stores
      navigate(
        linkMonitorNfce({
          status: linha?.chave === 'CONTINGENCIA' ? 'CONTINGENCIA' : 'REJEITADA',
          inicio: periodo.inicio,
          fim: periodo.fim,
          lojas: r.lojas,
        }),
      );
    else if (def.detalhe === 'PEDIDOS') navigate('/monitoramentoDePedido');
    else if (def.detalhe === 'PENDENCIAS') navigate('/frenteDeLoja/inconsistenciaSubidaDeVendas');
  }

  async function removerIndicador(i: IndicadorDashboard) {
    try {
      await remover.executar({ dashboardId: id, indicadorId: i.id });
      await Promise.all([painel.refetch(), dados.refetch()]);
    } catch (e) {
      toast(toastDeErro(e, { entidade: 'dashboard' }));
    }
  }

  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1} fz={22} fw={600}>
            {d.nome}
          </Title>
          <Text fz="xs" c="dimmed">
            {d.meu ? 'Seu dashboard' : `De ${d.dono}`}
            {d.compartilhado ? ' · compartilhado' : ''}
          </Text>
        </div>
        <Group gap="xs">
          <Button variant="default" onClick={() => navigate('/dashboards')}>
            Voltar
          </Button>
          {d.meu && (
            <Button variant="default" onClick={() => navigate(`/dashboards/cadastro/${id}`)}>
              Editar
            </Button>
          )}
          {d.meu && (
            <Button onClick={() => navigate(`/dashboards/indicadores/${id}`)} data-cy="dashboard-adicionar-indicador">
              Adicionar indicador
            </Button>
          )}
        </Group>
      </Group>
      <FiltroDashboard valor={valor} mudar={setFiltro} />
      {dados.error && <Alert color="red">{(dados.error as Error).message}</Alert>}
      {!d.indicadores.length && (
        <Alert color="gray">Este dashboard ainda não tem indicadores. Use "Adicionar indicador".</Alert>
      )}
      <Grid gap="sm">
        {d.indicadores.map((i) => (
          <Grid.Col key={i.id} span={{ base: 12, md: Math.max(i.tamanho, 6), lg: i.tamanho }}>
            <CartaoIndicador
              indicador={i}
              def={defDe(i)}
              dados={dados.data?.indicadores.find((x) => x.id === i.id)}
              carregando={dados.isFetching}
              podeAlterar={d.meu}
              aoDetalhar={(l) => detalhar(i, l)}
              aoExportar={() =>
                baixarPlanilha(id, i.id, pedido, i.titulo ?? defDe(i)?.titulo ?? 'indicador').catch((e) =>
                  toast(toastDeErro(e)),
                )
              }
              aoConfigurar={() => navigate(`/dashboards/indicadores/${id}?indicador=${i.id}`)}
              aoRemover={() => void removerIndicador(i)}
            />
          </Grid.Col>
        ))}
      </Grid>
      <DetalheCupons pedido={cupons} fechar={() => setCupons(null)} />
    </Stack>
  );
}
