/**
 * /monitoramentoDocumentos (domain §3.8): the NFC-e of the user's stores. Status cards with counts under the
 * filter (a click filters the grid), the spec's filters (defaults §4: rejected, search 'normal', last 7 days),
 * the grid with its pagination, or — search type "faixa" — the gaps in the numbering to void. A row opens
 * informações do cupom. The SEFAZ actions mount in the header's slot (EspacoAcoesSefaz).
 */
import { Alert, Badge, Button, Group, Stack, Text, Title, Tooltip } from '@mantine/core';
import {
  type DocumentoNfceLinha,
  type FiltroNotasInvalidas,
  filtroDoLinkMonitor,
  filtroPadraoNotas,
  hojeNaZona,
  parametrosDoFiltro,
  PAGINACAO_PADRAO_NFCE,
  type StatusNfce,
  ZONA_PADRAO,
} from '@retaguarda/domain';
import { IconFileSpreadsheet, IconPrinter } from '@tabler/icons-react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { falhaDaApi } from '../../../lib/erros';
import { formatarDinheiro } from '../../../lib/formato';
import { useRotaAtual } from '../../../servicos/navegacao/useRotaAtual';
import { solicitarLista } from '../../relatorios/relatorios.api';
import { useSolicitarRelatorio } from '../../relatorios/useSolicitarRelatorio';
import { TabelaDados } from '../../../ui/tabela/TabelaDados';
import type { ColunaTabela } from '../../../ui/tabela/tipos';
import { CartoesStatus } from './CartoesStatus';
import { EspacoAcoesSefaz } from './EspacoAcoesSefaz';
import { FiltrosMonitor } from './FiltrosMonitor';
import { corStatus, dataHoraLocal, STATUS_SINGULAR } from './formato-nfce';
import { GradeFaixa } from './GradeFaixa';
import { cartoesNfce, faixasNfce, listarNfce, motivosRejeicao, opcoesMonitor } from './nfce.api';

// the filter outlives the screen while the session lasts: back from a note, the user finds the same search
let ultimo: { filtro: FiltroNotasInvalidas; pagina: number; tamanho: number; ordem: string } | null = null;
let linkAplicado: string | null = null;

export function MonitoramentoDocumentosPage() {
  const { titulo } = useRotaAtual();
  const navigate = useNavigate();
  const { search } = useLocation();
  const qc = useQueryClient();
  // a link with a filter (a dashboard card's drill-down) wins over the session's last search, once: back from a
  // note opened from it, the user finds the search as they left it
  const doLink = search === linkAplicado ? null : filtroDoLinkMonitor(search, hojeNaZona(ZONA_PADRAO));
  if (doLink) linkAplicado = search;
  const inicial = (!doLink && ultimo) || {
    filtro: doLink ?? filtroPadraoNotas(hojeNaZona(ZONA_PADRAO)),
    pagina: PAGINACAO_PADRAO_NFCE.paginaAtual,
    tamanho: PAGINACAO_PADRAO_NFCE.linhasPorPagina,
    ordem: PAGINACAO_PADRAO_NFCE.ordenacao,
  };
  const [filtro, setFiltro] = useState(inicial.filtro);
  const [rascunho, setRascunho] = useState(inicial.filtro);
  const [pagina, setPagina] = useState(inicial.pagina);
  const [tamanho, setTamanho] = useState(inicial.tamanho);
  const [ordem, setOrdem] = useState(inicial.ordem);
  ultimo = { filtro, pagina, tamanho, ordem };

  const faixa = filtro.tipoPesquisaNota === 'faixa';
  const opcoes = useQuery({ queryKey: ['nfce-opcoes'], queryFn: opcoesMonitor, staleTime: 300_000 });
  const cartoes = useQuery({
    queryKey: ['nfce-cartoes', filtro],
    queryFn: () => cartoesNfce(filtro),
    placeholderData: keepPreviousData,
  });
  const motivos = useQuery({
    queryKey: ['nfce-motivos', filtro],
    queryFn: () => motivosRejeicao(filtro),
    placeholderData: keepPreviousData,
  });
  const lista = useQuery({
    queryKey: ['nfce-lista', filtro, pagina, tamanho, ordem],
    queryFn: () => listarNfce(filtro, (pagina - 1) * tamanho, tamanho, ordem),
    enabled: !faixa,
    placeholderData: keepPreviousData,
  });
  const lacunas = useQuery({ queryKey: ['nfce-faixa', filtro], queryFn: () => faixasNfce(filtro), enabled: faixa });
  const relatorio = useSolicitarRelatorio('documentos NFC-e');
  const exportar = (formato: 'pdf' | 'xlsx') =>
    void relatorio.solicitar(() =>
      solicitarLista(
        '/api/v1/fiscal/nfce/documentos',
        new URLSearchParams({ ...parametrosDoFiltro(filtro), sort: ordem }),
        formato,
      ),
    );
  const erro = [cartoes.error, lista.error, lacunas.error].find(Boolean);
  const falha = erro ? falhaDaApi(erro) : null;

  const aplicar = (f: FiltroNotasInvalidas = rascunho) => {
    setFiltro(f);
    setPagina(1);
  };
  const escolherStatus = (status: StatusNfce | null) => {
    const f = { ...filtro, status, tipoPesquisaNota: 'normal' as const };
    setRascunho({ ...rascunho, status, tipoPesquisaNota: 'normal' });
    aplicar(f);
  };
  const recarregar = () => {
    for (const k of ['nfce-cartoes', 'nfce-motivos', 'nfce-lista', 'nfce-faixa'])
      void qc.invalidateQueries({ queryKey: [k] });
  };
  const abrir = (d: DocumentoNfceLinha) =>
    navigate({ pathname: '/monitoramentoDocumentos/informacoesCupom', search: mesclar(search, d.chave) });

  const colunas: ColunaTabela<DocumentoNfceLinha>[] = [
    { id: 'loja', titulo: 'Loja', ordenavel: true, largura: 70, celula: (d) => d.loja },
    { id: 'numero', titulo: 'Número', ordenavel: true, codigo: true, celula: (d) => `${d.numero ?? '—'}` },
    { id: 'serie', titulo: 'Série', codigo: true, celula: (d) => `${d.serie ?? '—'}` },
    { id: 'emissao', titulo: 'Emissão', ordenavel: true, celula: (d) => dataHoraLocal(d.dataEmissao) },
    { id: 'caixa', titulo: 'Caixa', codigo: true, celula: (d) => `${d.numeroCaixa ?? '—'}` },
    {
      id: 'valor',
      titulo: 'Valor',
      ordenavel: true,
      largura: 110,
      // "R$" and its figure on one line
      celula: (d) => <span style={{ whiteSpace: 'nowrap' }}>{formatarDinheiro(d.valorTotal)}</span>,
    },
    {
      id: 'status',
      titulo: 'Status',
      ordenavel: true,
      // the status is read whole ("Rejeitada", "Contingência"), never cut to "REJE…"
      largura: 140,
      celula: (d) => (
        <Group gap={4} wrap="nowrap">
          <Badge color={corStatus(d.status)} variant="light">
            {STATUS_SINGULAR[d.status]}
          </Badge>
          {d.tpEmis === 9 && (
            <Tooltip label="Emitida em contingência off-line (tpEmis 9)">
              <Badge color="orange" variant="outline" size="xs">
                9
              </Badge>
            </Tooltip>
          )}
        </Group>
      ),
    },
    {
      id: 'motivo',
      titulo: 'Retorno SEFAZ',
      celula: (d) =>
        d.cStat ? (
          <Text fz="sm" lineClamp={2} title={d.xMotivo ?? ''}>
            <b>{d.cStat}</b> {d.xMotivo}
          </Text>
        ) : (
          <Text fz="sm" c="dimmed">
            —
          </Text>
        ),
    },
    {
      id: 'chave',
      titulo: 'Chave',
      codigo: true,
      celula: (d) => (
        <Text fz="xs" ff="monospace">
          {d.chave}
        </Text>
      ),
    },
  ];

  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1} fz={22} fw={600}>
            {titulo}
          </Title>
          <Text fz="sm" c="dimmed">
            NFC-e emitidas pelos PDVs das suas lojas. Datas no dia local de cada loja.
          </Text>
        </div>
        <Group gap="xs">
          <EspacoAcoesSefaz
            contexto={{ tela: 'monitor', filtro, faixa: lacunas.data ?? null, aoConcluir: recarregar }}
          />
          <Button
            variant="default"
            leftSection={<IconPrinter size={16} />}
            disabled={faixa}
            loading={relatorio.enviando}
            onClick={() => exportar('pdf')}
            data-cy="nfce-imprimir"
          >
            Imprimir
          </Button>
          <Button
            variant="default"
            leftSection={<IconFileSpreadsheet size={16} />}
            disabled={faixa}
            loading={relatorio.enviando}
            onClick={() => exportar('xlsx')}
            data-cy="nfce-excel"
          >
            Excel
          </Button>
        </Group>
      </Group>
      <CartoesStatus
        cartoes={cartoes.data?.items}
        selecionado={faixa ? null : filtro.status}
        aoEscolher={escolherStatus}
      />
      <FiltrosMonitor
        rascunho={rascunho}
        mudar={setRascunho}
        aplicar={aplicar}
        opcoes={opcoes.data}
        motivos={motivos.data?.items ?? []}
      />
      {falha && (
        <Alert color="red" title={falha.message || 'Não foi possível pesquisar.'} data-cy="erro-filtro">
          {falha.reasons.join(' ')}
        </Alert>
      )}
      {faixa ? (
        <GradeFaixa faixa={lacunas.data} carregando={lacunas.isFetching} aoInutilizar={recarregar} />
      ) : (
        <TabelaDados
          rotulo="Documentos NFC-e"
          colunas={colunas}
          itens={lista.data?.items ?? []}
          idDe={(d) => d.chave}
          carregando={lista.isPending}
          atualizando={lista.isFetching}
          ordem={ordem}
          aoOrdenar={(campo) => setOrdem(ordem === campo ? `-${campo}` : campo)}
          aoAbrir={abrir}
          larguraMinima={1100}
          paginacao={{
            total: lista.data?.total ?? 0,
            pagina,
            tamanho,
            aoMudarPagina: setPagina,
            aoMudarTamanho: (t) => {
              setTamanho(t);
              setPagina(1);
            },
          }}
          vazio={
            <Text c="dimmed" fz="sm">
              Nenhuma NFC-e com estes filtros.
            </Text>
          }
          dataCy="lista-nfce"
          dataCyLinha="nfce-linha"
        />
      )}
    </Stack>
  );
}

/** The current query (full-screen flags of a legacy frame) plus the chave. */
function mesclar(search: string, chave: string): string {
  const q = new URLSearchParams(search);
  q.set('chave', chave);
  return `?${q.toString()}`;
}
