/**
 * Per-store stock parameters (domain §5): whether the store accepts negative balances (default: yes,
 * flagged in reads) and the closing date of its stock period. Read by the stock users of the store;
 * the negative-balance policy is set by administrators (`POST /api/v1/estoque/lojas/{lojaId}/configuracao`).
 * The policy itself is the settings kit's `estoque.permiteSaldoNegativo` (configuracoes/estoque.ts): these
 * contracts are the face existing clients keep calling.
 */
import { z } from 'zod';
import { instante } from '../../contrato';

export const entradaConfiguracaoEstoque = z.object({
  lojaId: z.number().int().positive(),
  permiteSaldoNegativo: z.boolean({ error: 'informe se a loja permite saldo negativo (verdadeiro ou falso).' }),
});
export type EntradaConfiguracaoEstoque = z.infer<typeof entradaConfiguracaoEstoque>;

export const configuracaoEstoque = z.object({
  lojaId: z.number(),
  sigla: z.string(),
  nome: z.string(),
  permiteSaldoNegativo: z.boolean(),
  /** the last closed day (movements on it or before are refused), null when never closed */
  fechadoAte: z.string().nullable(),
  fechamentoAlteradoEm: instante.nullable(),
});
export type ConfiguracaoEstoque = z.infer<typeof configuracaoEstoque>;

export const listaConfiguracaoEstoque = z.object({ items: z.array(configuracaoEstoque) });
