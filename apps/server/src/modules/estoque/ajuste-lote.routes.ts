/**
 * POST /api/v1/estoque/ajustes/lote: stock adjustments in the SDK's batch protocol (workflows/lote.ts), each
 * item one run of the adjustment command. The inventory count and the purchasing conferência take the same.
 */
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database';
import { montarLotes } from '../../workflows/lote';
import { incluirAjusteEstoque } from './ajuste.workflow';

export async function ajusteLoteRoutes(api: FastifyInstance, opts: { db: Database }): Promise<void> {
  montarLotes(api, opts.db, [incluirAjusteEstoque]);
}
