/**
 * Reconciliation rules (issue #30): POST /api/v1/financeiro/regras-conciliacao (with ?previa=true: the 90-day
 * preview, nothing saved), PUT …/{id}, DELETE …/{id}, GET …, GET …/propostas (the learned ones with their preview),
 * POST /api/v1/financeiro/contas-correntes/{id}/conciliacoes/aplicar-regras (on demand; the import runs the
 * auto-confirming ones).
 */
import { z } from 'zod';
import { dataDeNegocio } from '../../contrato';
import { decimalTexto, LIMITES_DECIMAL } from '../../decimal';
import { ORIGENS_LANCAMENTO } from '../lancamento/contrato';
import { erroDaRegex } from './motor';

export const DIAS_PREVIA_REGRA = 90;
export const MAX_JANELA_REGRA = 15;

export const MSG_REGRA_CONCILIACAO = {
  entidade: 'regra de conciliação',
  naoEncontrada: 'Regra de conciliação não encontrada.',
  semCondicao: 'informe ao menos uma condição sobre o histórico, o valor, a conta ou o dia da semana.',
  faixa: 'o valor mínimo deve ser menor ou igual ao máximo.',
  contaNaoEncontrada: 'Conta corrente não encontrada (ou de uma loja que você não acessa).',
  historicoNatureza: (natureza: string) => `o histórico padrão é de ${natureza}: a regra deve tratar só esse sinal.`,
} as const;

const texto = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `no máximo ${max} caracteres.`)
    .nullish()
    .transform((v) => v || null);
const valor = decimalTexto({ ...LIMITES_DECIMAL.dinheiro, casas: 2, positivo: true }).nullish();

export const condicoesRegra = z.object({
  memoContem: texto(100),
  memoComecaCom: texto(100),
  memoRegex: texto(200).superRefine((v, ctx) => {
    const erro = v ? erroDaRegex(v) : null;
    if (erro) ctx.addIssue({ code: 'custom', message: erro });
  }),
  valorMinimo: valor.transform((v) => v ?? null),
  valorMaximo: valor.transform((v) => v ?? null),
  sinal: z.enum(['CREDITO', 'DEBITO', 'AMBOS']).default('AMBOS'),
  diasSemana: z
    .array(z.number().int().min(0).max(6))
    .max(7)
    .nullish()
    .transform((v) => (v?.length ? [...new Set(v)].sort() : null)),
});

export const acaoRegra = z.discriminatedUnion('tipo', [
  z.object({
    tipo: z.literal('GERAR_LANCAMENTO'),
    historicoPadraoId: z.number({ error: 'informe o histórico padrão.' }).int().positive('informe o histórico padrão.'),
    complemento: texto(200),
  }),
  z.object({
    tipo: z.literal('CONCILIAR'),
    origem: z.enum(ORIGENS_LANCAMENTO, { error: 'informe a origem dos lançamentos.' }),
    janelaDias: z.number().int().min(0).max(MAX_JANELA_REGRA).default(3),
  }),
]);

const camposRegra = z.object({
  descricao: z.string().trim().min(1, 'informe a descrição.').max(80, 'no máximo 80 caracteres.'),
  contaCorrenteId: z
    .number()
    .int()
    .positive()
    .nullish()
    .transform((v) => v ?? null),
  prioridade: z.number().int().min(0).max(9999).default(100),
  ativo: z.boolean().default(true),
  confirmarAutomatico: z.boolean().default(false),
  condicoes: condicoesRegra,
  acao: acaoRegra,
});

const conferir = <T extends z.output<typeof camposRegra>>(r: T, ctx: z.RefinementCtx) => {
  const c = r.condicoes;
  const algum = c.memoContem || c.memoComecaCom || c.memoRegex || c.valorMinimo || c.valorMaximo || c.diasSemana;
  if (!algum && r.contaCorrenteId === null)
    ctx.addIssue({ code: 'custom', path: ['condicoes'], message: MSG_REGRA_CONCILIACAO.semCondicao });
  if (c.valorMinimo && c.valorMaximo && Number(c.valorMinimo) > Number(c.valorMaximo))
    ctx.addIssue({ code: 'custom', path: ['condicoes', 'valorMaximo'], message: MSG_REGRA_CONCILIACAO.faixa });
};

export const entradaIncluirRegra = camposRegra.superRefine(conferir);
export const entradaAlterarRegra = camposRegra.extend({ id: z.number().int().positive() }).superRefine(conferir);
export const entradaExcluirRegra = z.object({ id: z.number().int().positive() });
export type EntradaRegraConciliacao = z.output<typeof entradaIncluirRegra>;

/** A line the rule takes in its preview (or an application): what it would create or match. */
export const efeitoDeRegra = z.object({
  linhaId: z.string(),
  contaCorrenteId: z.number(),
  data: z.string(),
  valor: z.string(),
  descricao: z.string().nullable(),
  regraId: z.number().nullable(),
  acao: z.enum(['GERAR_LANCAMENTO', 'CONCILIAR']),
  /** the entry it matches (CONCILIAR) */
  lancamentoId: z.string().nullable(),
  /** the entry's complemento it creates (GERAR_LANCAMENTO) */
  complemento: z.string().nullable(),
  exata: z.boolean(),
});
export type EfeitoDeRegra = z.infer<typeof efeitoDeRegra>;

export const previaRegra = z.object({
  inicio: z.string(),
  fim: z.string(),
  /** pending lines of the period the rule takes (at most 200 listed; `total` counts them all) */
  linhas: z.array(efeitoDeRegra),
  total: z.number(),
  lancamentosCriados: z.number(),
  conciliacoes: z.number(),
});

export const regraConciliacao = z.object({
  id: z.number().nullable(),
  descricao: z.string(),
  contaCorrenteId: z.number().nullable(),
  prioridade: z.number(),
  ativo: z.boolean(),
  confirmarAutomatico: z.boolean(),
  condicoes: z.object({
    memoContem: z.string().nullable(),
    memoComecaCom: z.string().nullable(),
    memoRegex: z.string().nullable(),
    valorMinimo: z.string().nullable(),
    valorMaximo: z.string().nullable(),
    sinal: z.enum(['CREDITO', 'DEBITO', 'AMBOS']),
    diasSemana: z.array(z.number()).nullable(),
  }),
  acao: z.union([
    z.object({
      tipo: z.literal('GERAR_LANCAMENTO'),
      historicoPadraoId: z.number(),
      complemento: z.string().nullable(),
    }),
    z.object({ tipo: z.literal('CONCILIAR'), origem: z.string(), janelaDias: z.number() }),
  ]),
});
export type RegraConciliacao = z.infer<typeof regraConciliacao>;
export const regraComPrevia = regraConciliacao.extend({ previa: previaRegra });
export const listaRegras = z.object({ regras: z.array(regraConciliacao) });

export const propostaRegra = z.object({
  regra: regraConciliacao,
  linhas: z.array(z.string()),
  previa: previaRegra,
});
export type PropostaRegra = z.infer<typeof propostaRegra>;
export const propostasRegras = z.object({ propostas: z.array(propostaRegra) });
export type PreviaRegra = z.infer<typeof previaRegra>;

export const entradaAplicarRegras = z.object({
  contaCorrenteId: z.number().int().positive(),
  inicio: dataDeNegocio(),
  fim: dataDeNegocio(),
});
export const regrasAplicadas = z.object({
  efeitos: z.array(efeitoDeRegra),
  lancamentosCriados: z.number(),
  conciliacoes: z.number(),
});
