/**
 * The guard every stock posting calls: a movement dated on or before the store's "fechado até" is
 * refused (422). It holds the store's closing key shared until the posting commits, so a concurrent
 * closing waits for the posting (and a posting waits for a closing in progress): no movement slips into
 * a period closed while it was being written.
 */
import { MSG_FECHAMENTO, periodoFechado } from '@retaguarda/domain';
import { sql } from 'kysely';
import type { Tx } from '../../db/database';
import { naoEncontrado, recusar, travarCompartilhado } from '../../workflows';
import { fechadoAteDaLoja } from './fechamento.passos';

/** The advisory lock key of a store's stock closing. */
export const chaveFechamento = (lojaId: number): string => `estoque.fechamento:${lojaId}`;

export async function assertPeriodoAberto(
  trx: Tx,
  lojaId: number,
  data: string,
  opcoes: { assinanteId: number; campo?: string },
): Promise<void> {
  await travarCompartilhado(trx, opcoes.assinanteId, chaveFechamento(lojaId));
  const fechadoAte = await fechadoAteDaLoja(trx, lojaId);
  if (!periodoFechado(fechadoAte, data)) return;
  const { rows } = await sql<{ sigla: string }>`select sigla from loja where id = ${lojaId}`.execute(trx);
  if (!rows[0]) throw naoEncontrado(MSG_FECHAMENTO.lojaNaoEncontrada);
  throw recusar(opcoes.campo ?? 'data', MSG_FECHAMENTO.periodoFechado(rows[0].sigla, fechadoAte!));
}
