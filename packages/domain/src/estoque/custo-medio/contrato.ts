/**
 * Average-cost recompute (domain §5: the weighted average changes only on entries carrying a cost). The
 * ledger writes each movement's average in POSTING order; after back-dated entries an administrator may
 * replay a store's movements from a date in DATE order: `POST /api/v1/estoque/lojas/{lojaId}/recalculo-custo-medio`.
 */
import { z } from 'zod';
import { dataDeNegocio } from '../../contrato';

export const LIMITE_PRODUTOS_RECALCULO = 1000;

export const entradaRecalculoCustoMedio = z.object({
  lojaId: z.number().int().positive(),
  /** the first day replayed: movements on it and after get their averages recomputed */
  desde: dataDeNegocio(),
  /** only these products (absent: every product with movements since `desde`) */
  produtoIds: z
    .array(z.number().int().positive())
    .min(1, { error: 'informe ao menos um produto, ou omita o campo para todos.' })
    .max(LIMITE_PRODUTOS_RECALCULO, { error: `informe no máximo ${LIMITE_PRODUTOS_RECALCULO} produtos.` })
    .optional(),
});
export type EntradaRecalculoCustoMedio = z.infer<typeof entradaRecalculoCustoMedio>;

export const recalculoCustoMedio = z.object({
  lojaId: z.number(),
  desde: z.string(),
  /** movements whose average was replayed */
  movimentos: z.number(),
  produtos: z.array(z.object({ produtoId: z.number(), movimentos: z.number(), custoMedio: z.string() })),
});
export type RecalculoCustoMedio = z.infer<typeof recalculoCustoMedio>;
