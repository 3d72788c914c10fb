/**
 * The monitor's wire shapes: the query string of its reads (the spec's filter flattened: lists as
 * `1,2,3` or repeated parameters, the period as `dataInicio`/`dataFim`, or the card payload's
 * `dataInicial`/`dataFinal`) and the answers — grid row, status cards, rejection reasons, "faixa"
 * gaps, the cupom's information.
 */
import { z } from 'zod';
import { type FiltroNotasInvalidas, TIPOS_PESQUISA_NOTA } from './filtro-monitor';
import { STATUS_NFCE } from './status-documento';

const numeros = z.preprocess(
  (v) =>
    (Array.isArray(v) ? v : v === undefined || v === '' ? [] : [v])
      .flatMap((x) => String(x).split(','))
      .map((x) => x.trim())
      .filter(Boolean),
  z.array(
    z
      .string()
      .regex(/^\d{1,9}$/, 'informe números separados por vírgula.')
      .transform(Number),
  ),
);
const numero = z.preprocess(
  (v) => (v === '' || v === null ? undefined : v),
  z.coerce.number().int().min(1).max(999_999_999).optional(),
);
const texto = z.string().trim().max(80).optional();

/** The reads' query parameters (besides start, count and sort). */
export const parametrosMonitorNfce = {
  lojas: numeros.optional(),
  dataInicio: texto,
  dataFim: texto,
  dataInicial: texto,
  dataFinal: texto,
  status: z.preprocess((v) => (v === '' ? undefined : v), z.enum(STATUS_NFCE).optional()),
  tipoPesquisaNota: z.preprocess((v) => (v === '' ? undefined : v), z.enum(TIPOS_PESQUISA_NOTA).optional()),
  frenteDeLoja: numeros.optional(),
  caixas: numeros.optional(),
  chaveNfce: texto,
  motivosRejeicao: numeros.optional(),
  numeroDocumentoMinimo: numero,
  numeroDocumentoMaximo: numero,
};
type Parametros = { [K in keyof typeof parametrosMonitorNfce]?: z.output<(typeof parametrosMonitorNfce)[K]> };

/**
 * The spec's filter from the query string. No period at all is the spec's default (the last 7 days,
 * ending on `hoje`); a status absent is every status (the cards read without one).
 */
export function filtroDosParametros(p: Parametros, hoje: string, padraoInicio: string): FiltroNotasInvalidas {
  return {
    lojas: p.lojas ?? [],
    data: { inicio: p.dataInicio ?? p.dataInicial ?? padraoInicio, fim: p.dataFim ?? p.dataFinal ?? hoje },
    status: p.status ?? null,
    tipoPesquisaNota: p.tipoPesquisaNota ?? 'normal',
    frenteDeLoja: p.frenteDeLoja ?? [],
    caixas: p.caixas ?? [],
    chaveNfce: p.chaveNfce || null,
    motivosRejeicao: (p.motivosRejeicao ?? []).map((codigo) => ({ codigo })),
    numeroDocumentoMinimo: p.numeroDocumentoMinimo ?? null,
    numeroDocumentoMaximo: p.numeroDocumentoMaximo ?? null,
  };
}

export const documentoNfceLinha = z.object({
  chave: z.string(),
  lojaId: z.number(),
  loja: z.string(),
  modelo: z.string(),
  serie: z.number().nullable(),
  numero: z.number().nullable(),
  tpEmis: z.number().nullable(),
  /** store-local `YYYY-MM-DDTHH:mm:ss` */
  dataEmissao: z.string().nullable(),
  numeroCaixa: z.number().nullable(),
  operador: z.string().nullable(),
  valorTotal: z.string().nullable(),
  cpfConsumidor: z.string().nullable(),
  status: z.enum(STATUS_NFCE),
  cStat: z.number().nullable(),
  xMotivo: z.string().nullable(),
  protocolo: z.string().nullable(),
  tentativas: z.number(),
});
export type DocumentoNfceLinha = z.output<typeof documentoNfceLinha>;

export const cartoesNfce = z.object({
  items: z.array(z.object({ status: z.enum(STATUS_NFCE), quantidade: z.number(), valor: z.string() })),
});
export type CartoesNfce = z.output<typeof cartoesNfce>;

export const motivosRejeicaoNfce = z.object({
  items: z.array(z.object({ codigo: z.number(), descricao: z.string(), quantidade: z.number() })),
});
export type MotivoRejeicaoNfce = z.output<typeof motivosRejeicaoNfce>['items'][number];

export const SITUACOES_FAIXA = ['LACUNA', 'INUTILIZADA'] as const;
export const faixaNfce = z.object({
  /** the ranges analysed: per store and série, first and last number, how many used */
  series: z.array(
    z.object({
      lojaId: z.number(),
      loja: z.string(),
      serie: z.number(),
      primeiro: z.number(),
      ultimo: z.number(),
      usados: z.number(),
      lacunas: z.number(),
      inutilizados: z.number(),
    }),
  ),
  /** numbers never used (LACUNA: to be voided) and the voided ranges inside the analysed ranges */
  items: z.array(
    z.object({
      lojaId: z.number(),
      loja: z.string(),
      serie: z.number(),
      /** the caixa of the notes around the gap when both sides are the same caixa */
      numeroCaixa: z.number().nullable(),
      numeroInicial: z.number(),
      numeroFinal: z.number(),
      quantidade: z.number(),
      situacao: z.enum(SITUACOES_FAIXA),
      protocolo: z.string().nullable(),
    }),
  ),
  /** the list was cut at this many rows (the analysis counts them all) */
  cortado: z.boolean(),
});
export type FaixaNfce = z.output<typeof faixaNfce>;

export const TIPOS_EVENTO_NFCE = [
  'EMISSAO',
  'CONSULTA',
  'REENVIO',
  'CANCELAMENTO',
  'INUTILIZACAO',
  'CONTINGENCIA',
  'FALHA',
] as const;

export const detalheNfce = z.object({
  documento: documentoNfceLinha.extend({
    cupomId: z.number(),
    data: z.string(),
    sequencial: z.number().nullable(),
    autorizadoEm: z.string().nullable(),
    atualizadoEm: z.string(),
    versao: z.number(),
    temXml: z.boolean(),
    qrCodeUrl: z.string().nullable(),
    ambiente: z.number(),
    uf: z.string().nullable(),
  }),
  emitente: z.object({
    cnpj: z.string().nullable(),
    razaoSocial: z.string().nullable(),
    fantasia: z.string().nullable(),
  }),
  consumidor: z.object({ cpf: z.string().nullable(), nome: z.string().nullable() }),
  itens: z.array(
    z.object({
      sequencia: z.number(),
      produtoId: z.number(),
      codigo: z.string().nullable(),
      descricao: z.string().nullable(),
      quantidade: z.string(),
      valorUnitario: z.string(),
      valorDesconto: z.string(),
      valorAcrescimo: z.string(),
      valorTotal: z.string(),
      cancelado: z.boolean(),
      ncm: z.string().nullable(),
      cest: z.string().nullable(),
      origem: z.string().nullable(),
      cfop: z.string().nullable(),
      cst: z.string().nullable(),
      csosn: z.string().nullable(),
      aliquotaIcms: z.string().nullable(),
      valorIcms: z.string().nullable(),
      cstPis: z.string().nullable(),
      aliquotaPis: z.string().nullable(),
      cstCofins: z.string().nullable(),
      aliquotaCofins: z.string().nullable(),
    }),
  ),
  pagamentos: z.array(
    z.object({
      id: z.number(),
      formaPagamento: z.string(),
      tipoPagamento: z.string().nullable(),
      valor: z.string(),
      troco: z.string(),
      parcelas: z.number(),
      bandeira: z.string().nullable(),
      nsu: z.string().nullable(),
    }),
  ),
  eventos: z.array(
    z.object({
      id: z.number(),
      tipo: z.string(),
      cStat: z.number().nullable(),
      xMotivo: z.string().nullable(),
      protocolo: z.string().nullable(),
      status: z.string().nullable(),
      justificativa: z.string().nullable(),
      usuario: z.string().nullable(),
      ocorridoEm: z.string(),
    }),
  ),
});
export type DetalheNfce = z.output<typeof detalheNfce>;

export const opcoesMonitorNfce = z.object({
  pdvs: z.array(z.object({ id: z.number(), lojaId: z.number(), nome: z.string(), numeroCaixa: z.number() })),
  caixas: z.array(z.number()),
});
export type OpcoesMonitorNfce = z.output<typeof opcoesMonitorNfce>;
