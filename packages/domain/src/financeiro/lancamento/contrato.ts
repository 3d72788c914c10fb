/**
 * The bank ledger (domain §2.2): entries per conta corrente, insert-only, reversed by a reversing entry.
 * POST /api/v1/financeiro/contas-correntes/{id}/lancamentos (manual entry), …/{id}/transferencias (two entries,
 * one command), …/{id}/lancamentos/{lancamentoId}/estorno; GET …/{id}/lancamentos?inicio&fim and …/{id}/saldo?data=.
 */
import { z } from 'zod';
import { dataDeNegocio, instante } from '../../contrato';
import { decimalTexto, LIMITES_DECIMAL } from '../../decimal';

export const TIPOS_LANCAMENTO = ['CREDITO', 'DEBITO'] as const;
export type TipoLancamento = (typeof TIPOS_LANCAMENTO)[number];
export const ORIGENS_LANCAMENTO = [
  'MANUAL',
  'TARIFA',
  'TRANSFERENCIA',
  'TITULO_PAGAR',
  'TITULO_RECEBER',
  'SANGRIA_PDV',
  'CONCILIACAO',
] as const;
export type OrigemLancamento = (typeof ORIGENS_LANCAMENTO)[number];
/** what a user may post by hand (the others come from their documents) */
export const ORIGENS_MANUAIS = ['MANUAL', 'TARIFA'] as const;

export const ROTULO_ORIGEM: Record<OrigemLancamento, string> = {
  MANUAL: 'Manual',
  TARIFA: 'Tarifa',
  TRANSFERENCIA: 'Transferência',
  TITULO_PAGAR: 'Título a pagar',
  TITULO_RECEBER: 'Título a receber',
  SANGRIA_PDV: 'Sangria do PDV',
  CONCILIACAO: 'Conciliação',
};

const id = (rotulo: string) =>
  z
    .number({ error: `informe ${rotulo}.` })
    .int(`informe ${rotulo}.`)
    .positive(`informe ${rotulo}.`);
const texto = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `no máximo ${max} caracteres.`)
    .nullish()
    .transform((v) => (v ? v : null));
export const valorLancamento = decimalTexto({ ...LIMITES_DECIMAL.dinheiro, casas: 2, positivo: true });
const data = dataDeNegocio({ informe: 'informe a data.' });

export const entradaLancamentoBancario = z.object({
  contaCorrenteId: id('a conta corrente'),
  data,
  tipo: z.enum(TIPOS_LANCAMENTO, { error: 'informe CREDITO ou DEBITO.' }),
  valor: valorLancamento,
  historicoPadraoId: id('o histórico padrão').nullish(),
  complemento: texto(200),
  numeroDocumento: texto(40),
  origem: z.enum(ORIGENS_MANUAIS, { error: 'informe MANUAL ou TARIFA.' }).default('MANUAL'),
});
export type EntradaLancamentoBancario = z.infer<typeof entradaLancamentoBancario>;

export const entradaTransferenciaBancaria = z.object({
  contaCorrenteId: id('a conta de origem'),
  contaDestinoId: id('a conta de destino'),
  data,
  valor: valorLancamento,
  historicoPadraoId: id('o histórico padrão').nullish(),
  complemento: texto(200),
  numeroDocumento: texto(40),
});
export type EntradaTransferenciaBancaria = z.infer<typeof entradaTransferenciaBancaria>;

export const entradaEstornoLancamento = z.object({
  contaCorrenteId: id('a conta corrente'),
  lancamentoId: z.coerce.number().int().positive(),
  /** the reversal's date (default: the store's today) */
  data: data.nullish(),
});
export type EntradaEstornoLancamento = z.infer<typeof entradaEstornoLancamento>;

export const lancamentoBancario = z.object({
  id: z.string(),
  contaCorrenteId: z.number(),
  data: z.string(),
  tipo: z.enum(TIPOS_LANCAMENTO),
  /** positive, 2 places */
  valor: z.string(),
  historicoPadraoId: z.number().nullable(),
  historico: z.string().nullable(),
  complemento: z.string().nullable(),
  numeroDocumento: z.string().nullable(),
  origem: z.enum(ORIGENS_LANCAMENTO),
  transferenciaId: z.string().nullable(),
  estornoDe: z.string().nullable(),
  /** the id of the entry that reversed this one */
  estornadoPor: z.string().nullable(),
  conciliado: z.boolean(),
  lancadoEm: instante,
});
export type LancamentoBancario = z.infer<typeof lancamentoBancario>;

export const lancamentosGravados = z.object({ lancamentos: z.array(lancamentoBancario) });

/** One entry of a statement, with the balance after it (date order, then posting order). */
export const linhaDoRazao = lancamentoBancario.extend({ saldoApos: z.string() });

export const razaoDaConta = z.object({
  contaCorrenteId: z.number(),
  inicio: z.string(),
  fim: z.string(),
  /** balance at the end of the day before `inicio` (saldoInicial + entries before) */
  saldoAnterior: z.string(),
  creditos: z.string(),
  debitos: z.string(),
  saldoFinal: z.string(),
  lancamentos: z.array(linhaDoRazao),
});
export type RazaoDaConta = z.infer<typeof razaoDaConta>;

export const saldoDaConta = z.object({ contaCorrenteId: z.number(), data: z.string(), saldo: z.string() });
export type SaldoDaConta = z.infer<typeof saldoDaConta>;
