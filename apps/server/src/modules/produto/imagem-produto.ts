/**
 * The product's picture (`imagem`, api-compat C1): the uuid of a 'produto-imagem' upload. A new one must be
 * such an upload of this tenant (422 otherwise); saved, it is kept while the product names it (retention:
 * `produto:<id>`), and the one it replaced runs its kind's days after its document. GET /arquivo/view serves it.
 */
import { falhaDeCampo } from '@retaguarda/domain';
import { sql } from 'kysely';
import type { Tx } from '../../db/database';
import { liberarArquivos, vincularArquivo } from '../../http/upload';
import type { Razao } from '../../plugins/errors';
import type { HookContext } from '../../registers/hooks';

export const TIPO_IMAGEM_PRODUTO = 'produto-imagem';
const documento = (produtoId: number) => `produto:${produtoId}`;

/** A changed `imagem` must name a product picture upload (an unchanged one is left as the integrations send it back). */
export async function validarImagem(ctx: HookContext): Promise<Razao[]> {
  const nova = ctx.value.imagem as string | null | undefined;
  if (!nova || nova === ctx.before?.imagem) return [];
  const r = await sql`select 1 from arquivo_enviado where id = ${nova}::uuid and tipo = ${TIPO_IMAGEM_PRODUTO}`.execute(
    ctx.trx,
  );
  return r.rows.length ? [] : [falhaDeCampo('imagem', 'Imagem não encontrada: envie a imagem do produto novamente.')];
}

/** afterWrite: the product keeps its picture; the previous one is let go. */
export async function vincularImagem(trx: Tx, produtoId: number, imagem: unknown): Promise<void> {
  if (imagem === undefined) return;
  await liberarArquivos(trx, documento(produtoId));
  if (typeof imagem === 'string' && imagem) await vincularArquivo(trx, imagem, documento(produtoId));
}
