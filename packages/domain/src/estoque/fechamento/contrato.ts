/**
 * Stock period closing ("estoque fechado até", domain §5): per store, movements dated on or before the
 * date are refused. Closing moves the date forward (PERM_FECHAMENTO_ESTOQUE_INCLUIR); reopening moves it
 * back or clears it (administrators only). Routes: POST /api/v1/estoque/lojas/{lojaId}/fechamento and
 * …/reabertura, GET …/fechamento.
 */
import { z } from 'zod';
import { confirmarDataAntiga, dataDeNegocio, datasDeNegocio, instante } from '../../contrato';

export const entradaFechamentoEstoque = z.object({
  lojaId: z.number().int().positive(),
  /** the last closed day: movements on it or before are refused */
  fechadoAte: dataDeNegocio(),
  /** a date more than a year before the store's today is refused unless confirmed */
  confirmarDataAntiga,
});
datasDeNegocio.add(entradaFechamentoEstoque, { campo: 'fechadoAte' });
export type EntradaFechamentoEstoque = z.infer<typeof entradaFechamentoEstoque>;

export const entradaReaberturaEstoque = z.object({
  lojaId: z.number().int().positive(),
  /** the new, earlier closing date, or null to leave the store's stock fully open */
  fechadoAte: dataDeNegocio().nullable(),
});
export type EntradaReaberturaEstoque = z.infer<typeof entradaReaberturaEstoque>;

export const fechamentoEstoque = z.object({
  lojaId: z.number(),
  sigla: z.string(),
  fechadoAte: z.string().nullable(),
  alteradoPor: z.number().nullable(),
  alteradoEm: instante.nullable(),
});
export type FechamentoEstoque = z.infer<typeof fechamentoEstoque>;
