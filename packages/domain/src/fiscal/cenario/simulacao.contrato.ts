/**
 * The simulator's contract (POST /api/v1/fiscal/cenarios-fiscais/simular): what is asked — product, store,
 * operation, destination, date, values — and the engine's answer with every candidate rule and why it applied
 * or lost (`resultadoTributacao` is also what ./motor returns). Money and rates are decimal strings.
 */
import { z } from 'zod';
import { UFS } from '../../assinante';
import { decimalTexto, LIMITES_DECIMAL } from '../../decimal';
import { dataDoCenario, id, idOpcional, pct } from './campos';
import { ABRANGENCIAS, FINALIDADES, MODELOS, TIPOS_OPERACAO } from './codigos';

export const entradaSimulacao = z.object({
  produtoId: id('o produto'),
  lojaId: id('a loja'),
  tipoOperacao: z.enum(TIPOS_OPERACAO, { error: 'informe o tipo de operação.' }),
  modelo: z.enum(MODELOS, { error: 'informe o modelo 55 ou 65.' }),
  ufDestino: z.enum(UFS, { error: 'informe a UF de destino.' }),
  /** store-local business date; default today in the store's zone */
  data: dataDoCenario.nullish().transform((v) => v ?? null),
  /** unit value; default the product's sale price */
  valor: decimalTexto({ ...LIMITES_DECIMAL.dinheiro, positivo: true })
    .nullish()
    .transform((v) => v ?? null),
  quantidade: decimalTexto({ ...LIMITES_DECIMAL.quantidade, positivo: true })
    .nullish()
    .transform((v) => v ?? '1.0000'),
  frete: decimalTexto({ ...LIMITES_DECIMAL.dinheiro, naoNegativo: true })
    .nullish()
    .transform((v) => v ?? null),
  desconto: decimalTexto({ ...LIMITES_DECIMAL.dinheiro, naoNegativo: true })
    .nullish()
    .transform((v) => v ?? null),
  /** the recipient's ramo de atuação (its indIEDest decides DIFAL); null = consumer not a contributor */
  ramoAtuacaoId: idOpcional('o ramo de atuação'),
  finalidade: z.enum(FINALIDADES).default('1'),
});
export type EntradaSimulacao = z.output<typeof entradaSimulacao>;
export type FormularioSimulacao = z.input<typeof entradaSimulacao>;

/** Why a candidate rule applied or lost. */
export const regraAvaliada = z.object({
  tipo: z.enum(['NCM', 'OPERACAO']),
  id: z.number(),
  descricao: z.string(),
  aplicada: z.boolean(),
  /** specificity points (higher wins), for the screen's ordering */
  especificidade: z.number(),
  motivo: z.string(),
});
export type RegraAvaliada = z.infer<typeof regraAvaliada>;

const dinheiro = z.string();
export const resultadoTributacao = z.object({
  completo: z.boolean(),
  /** what is missing for a complete treatment (no NCM rule, no operation rule, no CST for the CRT…) */
  faltando: z.array(z.string()),
  cfop: z.string().nullable(),
  naturezaOperacao: z.string().nullable(),
  abrangencia: z.enum(ABRANGENCIAS),
  /** CST (CRT 3) or CSOSN (CRT 1/2/4) */
  cst: z.string().nullable(),
  csosn: z.string().nullable(),
  origem: z.string(),
  valorProduto: dinheiro,
  icms: z.object({
    modBC: z.string().nullable(),
    base: dinheiro,
    reducaoBC: pct,
    aliquota: dinheiro,
    valor: dinheiro,
    fcpAliquota: dinheiro,
    fcpValor: dinheiro,
    cBenef: z.string().nullable(),
    /** inter-state rate used (4/7/12) or the internal rate */
    aliquotaInterestadual: pct,
  }),
  st: z.object({
    modBCST: z.string().nullable(),
    mva: pct,
    mvaAjustada: pct,
    base: dinheiro,
    aliquota: dinheiro,
    valor: dinheiro,
  }),
  difal: z.object({
    aplica: z.boolean(),
    base: dinheiro,
    aliquotaInterna: dinheiro,
    aliquotaInterestadual: dinheiro,
    valor: dinheiro,
    fcpDestino: dinheiro,
    valorFcp: dinheiro,
  }),
  ipi: z.object({ cst: z.string().nullable(), cEnq: z.string(), base: dinheiro, aliquota: dinheiro, valor: dinheiro }),
  pis: z.object({ cst: z.string().nullable(), base: dinheiro, aliquota: dinheiro, valor: dinheiro }),
  cofins: z.object({ cst: z.string().nullable(), base: dinheiro, aliquota: dinheiro, valor: dinheiro }),
  naturezaReceita: z.string().nullable(),
  mensagemLegal: z.string().nullable(),
  processoJudicialId: z.number().nullable(),
  flags: z
    .object({
      movimentaEstoque: z.boolean(),
      geraFinanceiro: z.boolean(),
      calculaIcms: z.boolean(),
      calculaIpi: z.boolean(),
      calculaPisCofins: z.boolean(),
    })
    .nullable(),
  regras: z.array(regraAvaliada),
});
export type ResultadoTributacao = z.infer<typeof resultadoTributacao>;

/** The simulator's answer: the engine's result plus what it was computed for. */
export const resultadoSimulacao = resultadoTributacao.extend({
  produto: z.object({
    id: z.number(),
    descricao: z.string(),
    ncm: z.string().nullable(),
    cest: z.string().nullable(),
    origem: z.string(),
  }),
  loja: z.object({ id: z.number(), fantasia: z.string(), uf: z.string(), crt: z.number() }),
  ufDestino: z.string(),
  data: z.string(),
  quantidade: z.string(),
  valorUnitario: z.string(),
});
export type ResultadoSimulacao = z.infer<typeof resultadoSimulacao>;
