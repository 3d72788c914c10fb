/**
 * Commercial agreements (domain §8, issue "Purchasing"): the cadastro (POST /api/v1/compra/acordos, PUT
 * …/{id} while RASCUNHO or VIGENTE), approval, apuração from real data (sell-in: confirmed purchase invoices;
 * sell-out: the daily sales aggregate), receipts (partial too) and cancellation with a reason. Read by the
 * monitoring screen (GET /api/v1/compra/acordos, …/{id}, …/painel).
 */
import { z } from 'zod';
import { dataDeNegocio, instante } from '../../contrato';
import { decimalTexto, LIMITES_DECIMAL } from '../../decimal';
import {
  BASES_ACORDO,
  ESCOPOS_ACORDO,
  FORMAS_RECEBIMENTO_ACORDO,
  FORMAS_VALOR_ACORDO,
  METAS_ACORDO,
  STATUS_ACORDO,
} from './regras';

const id = (rotulo: string) =>
  z
    .number({ error: `informe ${rotulo}.` })
    .int(`informe ${rotulo}.`)
    .positive(`informe ${rotulo}.`)
    .max(2_147_483_647, `informe ${rotulo}.`);
const texto = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `no máximo ${max} caracteres.`)
    .nullish()
    .transform((v) => (v ? v : null));
const dinheiro = decimalTexto({ ...LIMITES_DECIMAL.dinheiro, naoNegativo: true });
/** a rate (% up to 4 decimals, or R$ per unit) or a fixed total: money bounds, 4 decimals */
const valorDoAcordo = decimalTexto({ inteiros: 13, casas: 4, naoNegativo: true });
const metaDaFaixa = decimalTexto({ inteiros: 13, casas: 4, positivo: true });

/** Most stores and scope entries of one agreement. */
export const MAX_LOJAS_ACORDO = 500;
export const MAX_ESCOPO_ACORDO = 2000;

export const faixaAcordoEntrada = z.object({ meta: metaDaFaixa, valor: valorDoAcordo });

const camposDoAcordo = {
  tipoAcordoId: id('o tipo de acordo'),
  fornecedorId: id('o fornecedor').nullish(),
  holdingId: id('a holding').nullish(),
  /** absent: the user who registers it (on edit: kept) */
  compradorId: id('o comprador').nullish(),
  descricao: texto(120),
  lojas: z
    .array(id('a loja'))
    .min(1, 'informe ao menos uma loja.')
    .max(MAX_LOJAS_ACORDO)
    .transform((l) => [...new Set(l)].sort((a, b) => a - b)),
  escopoTipo: z.enum(ESCOPOS_ACORDO, { error: 'informe o escopo de produtos.' }),
  /** the seções, marcas or products (empty for LINHA_FORNECEDOR) */
  escopoIds: z
    .array(id('o item do escopo'))
    .max(MAX_ESCOPO_ACORDO)
    .default([])
    .transform((l) => [...new Set(l)].sort((a, b) => a - b)),
  vigenciaInicio: dataDeNegocio(),
  vigenciaFim: dataDeNegocio(),
  dataVencimento: dataDeNegocio(),
  base: z.enum(BASES_ACORDO, { error: 'informe a base (sell-in ou sell-out).' }),
  formaValor: z.enum(FORMAS_VALOR_ACORDO, { error: 'informe a forma do valor.' }),
  valor: valorDoAcordo,
  metaTipo: z.enum(METAS_ACORDO).default('VALOR'),
  faixas: z.array(faixaAcordoEntrada).max(20, 'no máximo 20 faixas.').default([]),
  formaRecebimento: z.enum(FORMAS_RECEBIMENTO_ACORDO, { error: 'informe a forma de recebimento.' }),
  valorPrevisto: dinheiro,
  observacao: texto(500),
};

function conferirAcordo(
  a: {
    fornecedorId?: number | null;
    holdingId?: number | null;
    escopoTipo: string;
    escopoIds: number[];
    vigenciaInicio: string;
    vigenciaFim: string;
    dataVencimento: string;
    formaValor: string;
    valor: string;
  },
  ctx: z.RefinementCtx,
) {
  const erro = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
  if (!a.fornecedorId === !a.holdingId) erro('fornecedorId', 'informe o fornecedor ou a holding (um dos dois).');
  if (a.escopoTipo !== 'LINHA_FORNECEDOR' && !a.escopoIds.length)
    erro('escopoIds', 'o escopo de produtos está vazio: escolha ao menos um item.');
  if (a.vigenciaFim < a.vigenciaInicio) erro('vigenciaFim', 'o fim da vigência é anterior ao início.');
  if (a.dataVencimento < a.vigenciaFim) erro('dataVencimento', 'o vencimento é anterior ao fim da vigência.');
  if (a.formaValor === 'PERCENTUAL' && Number(a.valor) > 100) erro('valor', 'o percentual vai até 100.');
}

export const entradaAcordo = z.object(camposDoAcordo).superRefine(conferirAcordo);
export type EntradaAcordo = z.output<typeof entradaAcordo>;
export const entradaAlterarAcordo = z.object({ id: id('o acordo'), ...camposDoAcordo }).superRefine(conferirAcordo);
export type EntradaAlterarAcordo = z.output<typeof entradaAlterarAcordo>;

export const entradaAcaoAcordo = z.object({ id: id('o acordo') });
export const entradaCancelarAcordo = z.object({
  id: id('o acordo'),
  motivo: z.string().trim().min(3, 'informe o motivo do cancelamento.').max(500),
});
export const entradaRecebimentoAcordo = z.object({
  id: id('o acordo'),
  data: dataDeNegocio(),
  valor: decimalTexto({ ...LIMITES_DECIMAL.dinheiro, positivo: true }),
  /** default: the agreement's form */
  forma: z.enum(FORMAS_RECEBIMENTO_ACORDO).nullish(),
  documento: texto(60),
  observacao: texto(500),
});
export type EntradaRecebimentoAcordo = z.output<typeof entradaRecebimentoAcordo>;

const dec = z.string();
export const apuracaoAcordo = z.object({
  lojaId: z.number(),
  /** YYYY-MM-01 */
  mes: z.string(),
  baseValor: dec,
  baseQuantidade: dec,
  valorApurado: dec,
  /** the lines (products) it used */
  linhas: z.number(),
});
export const recebimentoAcordo = z.object({
  id: z.number(),
  data: z.string(),
  valor: dec,
  forma: z.enum(FORMAS_RECEBIMENTO_ACORDO),
  documento: z.string().nullable(),
  observacao: z.string().nullable(),
  criadoEm: instante,
});

export const acordoComercial = z.object({
  id: z.number(),
  numero: z.number(),
  tipoAcordoId: z.number(),
  tipoAcordo: z.string(),
  fornecedorId: z.number().nullable(),
  holdingId: z.number().nullable(),
  /** the supplier's or the holding's name */
  parceiro: z.string(),
  compradorId: z.number().nullable(),
  comprador: z.string().nullable(),
  descricao: z.string().nullable(),
  lojas: z.array(z.number()),
  escopoTipo: z.enum(ESCOPOS_ACORDO),
  escopoIds: z.array(z.number()),
  vigenciaInicio: z.string(),
  vigenciaFim: z.string(),
  dataVencimento: z.string(),
  base: z.enum(BASES_ACORDO),
  formaValor: z.enum(FORMAS_VALOR_ACORDO),
  valor: dec,
  metaTipo: z.enum(METAS_ACORDO),
  faixas: z.array(z.object({ meta: dec, valor: dec })),
  formaRecebimento: z.enum(FORMAS_RECEBIMENTO_ACORDO),
  valorPrevisto: dec,
  baseValor: dec,
  baseQuantidade: dec,
  faixaAtingida: z.number().nullable(),
  /** 0–100 towards the next tier not reached; null without tiers */
  progressoMeta: z.number().nullable(),
  valorApurado: dec,
  valorRecebido: dec,
  saldo: dec,
  status: z.enum(STATUS_ACORDO),
  motivoCancelamento: z.string().nullable(),
  observacao: z.string().nullable(),
  apuradoEm: instante.nullable(),
  criadoEm: instante,
  versao: z.number(),
});
export type AcordoComercial = z.output<typeof acordoComercial>;

/** One agreement with its apurações (per store and month) and receipts. */
export const acordoComercialDetalhe = acordoComercial.extend({
  apuracoes: z.array(apuracaoAcordo),
  recebimentos: z.array(recebimentoAcordo),
});
export type AcordoComercialDetalhe = z.output<typeof acordoComercialDetalhe>;

/** The monitoring cards: count and R$ per group. */
export const painelAcordos = z.object({
  ativos: z.object({ quantidade: z.number(), valor: dec }),
  aReceber: z.object({ quantidade: z.number(), valor: dec }),
  vencidos: z.object({ quantidade: z.number(), valor: dec }),
  recebidosNoPeriodo: z.object({ quantidade: z.number(), valor: dec }),
  apurado: z.object({ quantidade: z.number(), valor: dec }),
});
export type PainelAcordos = z.output<typeof painelAcordos>;

/** What the cadastro offers (only active records), read under the agreement permission itself. */
const opcao = z.object({ id: z.number(), descricao: z.string() });
export const opcoesAcordo = z.object({
  tipos: z.array(opcao.extend({ formaApuracao: z.string(), formaRecebimentoPadrao: z.string() })),
  fornecedores: z.array(opcao),
  holdings: z.array(opcao),
  secoes: z.array(opcao),
  marcas: z.array(opcao),
});
export type OpcoesAcordo = z.output<typeof opcoesAcordo>;
