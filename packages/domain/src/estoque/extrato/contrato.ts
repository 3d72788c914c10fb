/**
 * Extrato de estoque (domain §5): one product at one store (one location or all), for a period of
 * store-local business dates: saldo anterior → each movement in date order (then posting order) with its
 * document, running balance and the average cost after it → saldo final. Quantities and costs are decimal
 * strings. GET /api/v1/estoque/extrato?produtoId&lojaId&localId&de&ate&start&count; the same filters
 * POSTed to /api/v1/estoque/extrato/relatorio?formato=pdf|xlsx make the PDF/XLSX (202 + Location).
 */
import { z } from 'zod';
import { dataDeNegocio, instante } from '../../contrato';
import { listaParametros } from '../../lista';
import { TIPOS_MOVIMENTO } from '../movimento/contrato';
import { MSG_EXTRATO } from './mensagens';

/** Longest period of one statement (the screen defaults to the current month). */
export const MAX_DIAS_EXTRATO = 366 * 5;

const idObrigatorio = (rotulo: string) =>
  z.coerce
    .number({ error: `informe ${rotulo}.` })
    .int({ error: `informe ${rotulo}.` })
    .positive({ error: `informe ${rotulo}.` });

const dataNegocio = (rotulo: string) => dataDeNegocio({ informe: `informe ${rotulo} no formato AAAA-MM-DD.` });

/** The statement's filters (the screen, the API and the report share them). */
export const filtrosExtrato = z.object({
  produtoId: idObrigatorio('o produto'),
  lojaId: idObrigatorio('a loja'),
  /** absent or empty: every location of the store */
  localId: z.preprocess((v) => (v === '' || v === null ? undefined : v), idObrigatorio('o local').optional()),
  de: dataNegocio('a data inicial'),
  ate: dataNegocio('a data final'),
});
export type FiltrosExtrato = z.output<typeof filtrosExtrato>;

/** The GET's query: the filters plus the page (start/count of the list contract). */
export const extratoParametros = listaParametros(filtrosExtrato.shape).omit({ sort: true, q: true });

const decimal = z.string();

export const linhaExtrato = z.object({
  movimentoId: z.string(),
  /** store-local business date YYYY-MM-DD */
  data: z.string(),
  /** when it was posted (local YYYY-MM-DDTHH:mm:ss) */
  instante,
  /** when the event happened (local YYYY-MM-DDTHH:mm:ss): the posting time when the poster did not know it */
  ocorridoEm: instante,
  tipo: z.enum(TIPOS_MOVIMENTO),
  documentoTipo: z.string(),
  documentoId: z.string().nullable(),
  /** "Ajuste 12" */
  documento: z.string(),
  localId: z.number(),
  local: z.string(),
  entrada: decimal,
  saida: decimal,
  custoUnitario: decimal,
  /** balance after this line: of the chosen location, or of the store (all locations) */
  saldoApos: decimal,
  /** the store + product weighted average right after the movement was posted (posting order) */
  custoMedioApos: decimal,
  usuario: z.string().nullable(),
});
export type LinhaExtrato = z.infer<typeof linhaExtrato>;

export const extratoEstoque = z.object({
  produto: z.object({ id: z.number(), codigo: z.string(), descricao: z.string() }),
  loja: z.object({ id: z.number(), sigla: z.string(), nome: z.string() }),
  local: z.object({ id: z.number(), descricao: z.string() }).nullable(),
  de: z.string(),
  ate: z.string(),
  /** balance at the end of the day before `de` */
  saldoAnterior: decimal,
  /** the average after the last movement dated before `de` (0 when none) */
  custoMedioAnterior: decimal,
  start: z.int().min(0),
  count: z.int().min(0),
  /** movements in the period */
  total: z.int().min(0),
  items: z.array(linhaExtrato),
  /** balance at the end of `ate` = saldoAnterior + entradas − saídas */
  saldoFinal: decimal,
  totais: z.object({ entradas: decimal, saidas: decimal }),
});
export type ExtratoEstoque = z.infer<typeof extratoEstoque>;

/** Cross-field rules of the filters, as field failures (the server answers 422 with them). */
export function falhasDoPeriodo(f: Pick<FiltrosExtrato, 'de' | 'ate'>): { campo: string; mensagem: string }[] {
  if (f.ate < f.de) return [{ campo: 'ate', mensagem: MSG_EXTRATO.periodoInvertido }];
  const dias = (Date.parse(`${f.ate}T00:00:00Z`) - Date.parse(`${f.de}T00:00:00Z`)) / 86_400_000;
  if (dias > MAX_DIAS_EXTRATO) return [{ campo: 'ate', mensagem: MSG_EXTRATO.periodoLongo(MAX_DIAS_EXTRATO) }];
  return [];
}
