/**
 * The closed-period guard of stock, on the ledger kit (ledger/periodo.ts): the stock posting itself
 * (`lancarMovimentos`) refuses a movement dated on or before the store's "fechado até" (422); commands call
 * `assertPeriodoAberto` early too, to refuse before reading their items. Both hold the store's balance key
 * and its closing key shared until the posting commits, so a concurrent closing waits for the posting (and a
 * posting waits for a closing in progress): no movement slips into a period closed while it was written.
 */
import type { Tx } from '../../db/database';
import * as periodo from '../../ledger/periodo';
import { chaveFechamento, LEDGER_ESTOQUE } from './razao';

export { chaveFechamento };

export async function assertPeriodoAberto(
  trx: Tx,
  lojaId: number,
  data: string,
  // the tenant is the transaction's (app_assinante()); assinanteId stays accepted for the callers
  opcoes: { assinanteId?: number; campo?: string } = {},
): Promise<void> {
  await periodo.assertPeriodoAberto(trx, LEDGER_ESTOQUE, lojaId, data, opcoes.campo);
}

/** Without throwing: whether the store's stock is open at `data`, and its closing date (e.g. to park a document). */
export const verificarPeriodoDaLoja = (trx: Tx, lojaId: number, data: string) =>
  periodo.verificarPeriodo(trx, LEDGER_ESTOQUE, lojaId, data);
