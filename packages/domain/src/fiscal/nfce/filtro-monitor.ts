/**
 * The monitor's filter (spec §3 "Invalid-note search filter", "Pagination", "Card filter payload"; §4
 * defaults; §5 card dates) and its mapping to the one query the server runs. Pure: the table-driven tests
 * (filtro-monitor.test.ts) pin each rule.
 *
 * Dates are store-local business days (domain §1.1): the cards send `yyyy-MM-ddT00:00:00Z` / `T23:59:59Z`
 * and the `Z` is ignored — a Manaus store's 14/05 is its own 14/05, whatever UTC says.
 */
import { chaveAcessoValida } from '../../documentos-fiscais/chave-acesso';
import { somarDias } from '../../tempo/zonas';
import { STATUS_NFCE, type StatusNfce } from './status-documento';

export const TIPOS_PESQUISA_NOTA = ['normal', 'faixa'] as const;
export type TipoPesquisaNota = (typeof TIPOS_PESQUISA_NOTA)[number];

/** Spec §3: the invalid-note search filter, field for field. */
export interface FiltroNotasInvalidas {
  lojas: number[];
  data: { inicio: string; fim: string };
  status: StatusNfce | null;
  tipoPesquisaNota: TipoPesquisaNota;
  /** PDVs: the POS terminals (dispositivo ids) */
  frenteDeLoja: number[];
  /** caixa numbers (numero_caixa) */
  caixas: number[];
  chaveNfce: string | null;
  motivosRejeicao: { codigo: number }[];
  numeroDocumentoMinimo: number | null;
  numeroDocumentoMaximo: number | null;
}

/** Spec §3: pagination. */
export interface PaginacaoNotas {
  total: number;
  linhasPorPagina: number;
  paginaAtual: number;
  /** `campo` or `-campo` (descending) */
  ordenacao: string;
}

/** Spec §3: the card filter payload — the filter without status (a card counts one status each). */
export interface FiltroCartaoNotas {
  dataInicial: string;
  dataFinal: string;
  lojas: number[];
  frenteDeLoja: number[];
  caixas: number[];
  chaveNfce: string | null;
  motivosRejeicao: { codigo: number }[];
  numeroDocumentoMinimo: number | null;
  numeroDocumentoMaximo: number | null;
  tipoPesquisaNota: TipoPesquisaNota;
}

export const DIAS_PADRAO_MONITOR = 7;
export const ORDENACOES_NFCE = ['emissao', 'numero', 'valor', 'loja', 'status'] as const;
export const PAGINACAO_PADRAO_NFCE: PaginacaoNotas = {
  total: 0,
  linhasPorPagina: 50,
  paginaAtual: 1,
  ordenacao: '-emissao',
};

/** Spec §4: status REJEITADA, search 'normal', the last 7 days (today included), every store of the user. */
export function filtroPadraoNotas(hoje: string): FiltroNotasInvalidas {
  return {
    lojas: [],
    data: { inicio: somarDias(hoje, -(DIAS_PADRAO_MONITOR - 1)), fim: hoje },
    status: 'REJEITADA',
    tipoPesquisaNota: 'normal',
    frenteDeLoja: [],
    caixas: [],
    chaveNfce: null,
    motivosRejeicao: [],
    numeroDocumentoMinimo: null,
    numeroDocumentoMaximo: null,
  };
}

const DIA = /^(\d{4}-\d{2}-\d{2})(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)?(?:Z|[+-]\d{2}:?\d{2})?$/i;

/** The store-local day a filter date names: `2025-05-14`, `2025-05-14T23:59:59Z`… → `2025-05-14` (the Z ignored). */
export function diaDoFiltro(v: string): string | null {
  const m = DIA.exec(v.trim());
  if (!m) return null;
  const d = new Date(`${m[1]}T00:00:00Z`);
  return Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== m[1] ? null : m[1]!;
}

/** Spec §5: the dates a card sends, `yyyy-MM-ddT00:00:00Z` and `yyyy-MM-ddT23:59:59Z`. */
export const inicioDoCartao = (dia: string) => `${dia}T00:00:00Z`;
export const fimDoCartao = (dia: string) => `${dia}T23:59:59Z`;

export function cartaoDoFiltro(f: FiltroNotasInvalidas): FiltroCartaoNotas {
  const { data, status: _status, ...resto } = f;
  return { ...resto, dataInicial: inicioDoCartao(data.inicio), dataFinal: fimDoCartao(data.fim) };
}

/** The filter a card's payload means (status left to the card clicked). */
export function filtroDoCartao(c: FiltroCartaoNotas, status: StatusNfce | null): FiltroNotasInvalidas {
  const { dataInicial, dataFinal, ...resto } = c;
  return { ...resto, status, data: { inicio: dataInicial, fim: dataFinal } };
}

/** The query the server runs: store-local days, plain number lists, the chave's digits. */
export interface ConsultaNfce {
  /** empty: every store of the caller */
  lojas: number[];
  /** null when a whole chave is searched: a chave finds its note on any day */
  de: string | null;
  ate: string | null;
  status: StatusNfce | null;
  faixa: boolean;
  frentes: number[];
  caixas: number[];
  /** 44 digits: that note; fewer: notes whose chave contains them */
  chave: string | null;
  motivos: number[];
  numeroMinimo: number | null;
  numeroMaximo: number | null;
}

export interface ErroFiltroNfce {
  campo: string;
  mensagem: string;
}

export const MSG_FILTRO_NFCE = {
  dataInvalida: 'Informe a data no formato AAAA-MM-DD.',
  periodoInvertido: 'A data final deve ser igual ou posterior à data inicial.',
  periodoLongo: (dias: number) => `O período pode ter no máximo ${dias} dias.`,
  chaveInvalida: 'A chave de acesso deve ter apenas dígitos (até 44).',
  chaveDigito: 'Chave de acesso inválida: o dígito verificador não confere.',
  faixaInvertida: 'O número final deve ser maior ou igual ao número inicial.',
  faixaLonga: (n: number) => `A faixa pode ter no máximo ${n.toLocaleString('pt-BR')} números.`,
  statusInvalido: `Status inválido (use ${STATUS_NFCE.join(', ')}).`,
} as const;

/** The longest period one search covers (a year of a store's notes stays on the index). */
export const MAX_DIAS_MONITOR = 366;
/** The widest explicit number range of a "faixa" analysis. */
export const MAX_FAIXA_NFCE = 5_000_000;

const unicos = (v: readonly number[]) => [...new Set(v)].sort((a, b) => a - b);

/** The filter as the query, or the fields it cannot take (Portuguese messages, one per field). */
export function consultaDoFiltro(
  f: FiltroNotasInvalidas,
): { ok: true; consulta: ConsultaNfce } | { ok: false; erros: ErroFiltroNfce[] } {
  const erros: ErroFiltroNfce[] = [];
  const chave = f.chaveNfce?.replace(/\D/g, '') || null;
  if (f.chaveNfce && /[^\d\s.\-/]/.test(f.chaveNfce))
    erros.push({ campo: 'chaveNfce', mensagem: MSG_FILTRO_NFCE.chaveInvalida });
  else if (chave && chave.length > 44) erros.push({ campo: 'chaveNfce', mensagem: MSG_FILTRO_NFCE.chaveInvalida });
  else if (chave?.length === 44 && !chaveAcessoValida(chave))
    erros.push({ campo: 'chaveNfce', mensagem: MSG_FILTRO_NFCE.chaveDigito });
  const inteira = chave?.length === 44;
  const de = diaDoFiltro(f.data.inicio);
  const ate = diaDoFiltro(f.data.fim);
  if (!inteira) {
    if (!de) erros.push({ campo: 'data.inicio', mensagem: MSG_FILTRO_NFCE.dataInvalida });
    if (!ate) erros.push({ campo: 'data.fim', mensagem: MSG_FILTRO_NFCE.dataInvalida });
    if (de && ate && de > ate) erros.push({ campo: 'data.fim', mensagem: MSG_FILTRO_NFCE.periodoInvertido });
    else if (de && ate && diasEntre(de, ate) >= MAX_DIAS_MONITOR)
      erros.push({ campo: 'data.fim', mensagem: MSG_FILTRO_NFCE.periodoLongo(MAX_DIAS_MONITOR) });
  }
  if (f.status !== null && !STATUS_NFCE.includes(f.status))
    erros.push({ campo: 'status', mensagem: MSG_FILTRO_NFCE.statusInvalido });
  const min = f.numeroDocumentoMinimo;
  const max = f.numeroDocumentoMaximo;
  if (min !== null && max !== null && min > max)
    erros.push({ campo: 'numeroDocumentoMaximo', mensagem: MSG_FILTRO_NFCE.faixaInvertida });
  else if (min !== null && max !== null && max - min + 1 > MAX_FAIXA_NFCE)
    erros.push({ campo: 'numeroDocumentoMaximo', mensagem: MSG_FILTRO_NFCE.faixaLonga(MAX_FAIXA_NFCE) });
  if (erros.length) return { ok: false, erros };
  const faixa = f.tipoPesquisaNota === 'faixa';
  return {
    ok: true,
    consulta: {
      lojas: unicos(f.lojas),
      de: inteira ? null : de,
      ate: inteira ? null : ate,
      // a gap has no status: the analysis reads every number used
      status: faixa ? null : f.status,
      faixa,
      frentes: unicos(f.frenteDeLoja),
      caixas: unicos(f.caixas),
      chave,
      // rejection reasons only narrow rejected notes; in a faixa analysis every used number counts
      motivos: faixa ? [] : unicos(f.motivosRejeicao.map((m) => m.codigo)),
      numeroMinimo: min,
      numeroMaximo: max,
    },
  };
}

function diasEntre(de: string, ate: string): number {
  return Math.round((Date.parse(`${ate}T00:00:00Z`) - Date.parse(`${de}T00:00:00Z`)) / 86_400_000);
}

/** Spec pagination → the list contract (start, count, sort). */
export function listaDaPaginacao(p: Pick<PaginacaoNotas, 'linhasPorPagina' | 'paginaAtual' | 'ordenacao'>) {
  const count = Math.max(1, Math.min(1000, Math.trunc(p.linhasPorPagina) || PAGINACAO_PADRAO_NFCE.linhasPorPagina));
  const pagina = Math.max(1, Math.trunc(p.paginaAtual) || 1);
  return { start: (pagina - 1) * count, count, sort: p.ordenacao || PAGINACAO_PADRAO_NFCE.ordenacao };
}

/** The filter as the list's query-string parameters (lists comma-separated, empty fields left out). */
export function parametrosDoFiltro(f: FiltroNotasInvalidas): Record<string, string> {
  const p: Record<string, string> = {
    dataInicio: f.data.inicio,
    dataFim: f.data.fim,
    tipoPesquisaNota: f.tipoPesquisaNota,
  };
  const lista = (nome: string, v: readonly number[]) => {
    if (v.length) p[nome] = v.join(',');
  };
  lista('lojas', f.lojas);
  lista('frenteDeLoja', f.frenteDeLoja);
  lista('caixas', f.caixas);
  lista(
    'motivosRejeicao',
    f.motivosRejeicao.map((m) => m.codigo),
  );
  if (f.status) p.status = f.status;
  if (f.chaveNfce) p.chaveNfce = f.chaveNfce;
  if (f.numeroDocumentoMinimo !== null) p.numeroDocumentoMinimo = String(f.numeroDocumentoMinimo);
  if (f.numeroDocumentoMaximo !== null) p.numeroDocumentoMaximo = String(f.numeroDocumentoMaximo);
  return p;
}
