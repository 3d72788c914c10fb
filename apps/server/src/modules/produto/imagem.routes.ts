/**
 * GET /arquivo/view?uuid=<imagem>[&tamanho=pequena|media|grande] (no /api; api-compat C1 builds this URL from a
 * product's `imagem`): the product picture, or a thumbnail of it resized by sharp (inside 128/256/512 px, never
 * enlarged, same format). Public like an <img> URL on a storefront, but only for the host's tenant and only a
 * 'produto-imagem' upload a product names: another tenant's, an unlinked upload or any other file is a 404.
 * The content of a uuid never changes (a new picture is a new upload), so it is cached a day, ETag its sha256.
 */
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { sql } from 'kysely';
import type { Database } from '../../db/database';
import { abrirArquivo, sniffImage } from '../../http/upload';
import { ApiError } from '../../plugins/errors';
import { assinanteOf } from '../../plugins/tenant';
import { TIPO_IMAGEM_PRODUTO } from './imagem-produto';

export const TAMANHOS_MINIATURA = { pequena: 128, media: 256, grande: 512 } as const;
type Tamanho = keyof typeof TAMANHOS_MINIATURA;
const NAO_ENCONTRADA = 'Imagem não encontrada.';
const CACHE = 'public, max-age=86400';

/** Thumbnails already made (small: a few KB each), the oldest dropped first. */
const miniaturas = new Map<string, Buffer>();
const MAX_MINIATURAS = 500;

async function miniatura(chave: string, original: Buffer, lado: number): Promise<Buffer> {
  const pronta = miniaturas.get(chave);
  if (pronta) return pronta;
  const feita = await sharp(original, { limitInputPixels: 40_000_000 })
    .rotate() // the camera's EXIF orientation, before the EXIF is dropped
    .resize({ width: lado, height: lado, fit: 'inside', withoutEnlargement: true })
    .toBuffer();
  if (miniaturas.size >= MAX_MINIATURAS) miniaturas.delete(miniaturas.keys().next().value as string);
  miniaturas.set(chave, feita);
  return feita;
}

export async function imagemProdutoRoutes(app: FastifyInstance, opts: { db: Database }): Promise<void> {
  app.get('/arquivo/view', { config: { access: { public: true } } }, async (request, reply) => {
    const q = request.query as { uuid?: unknown; tamanho?: unknown };
    const uuid = typeof q.uuid === 'string' ? q.uuid.trim().toLowerCase() : '';
    const tamanho = typeof q.tamanho === 'string' ? q.tamanho : undefined;
    if (tamanho !== undefined && !Object.hasOwn(TAMANHOS_MINIATURA, tamanho))
      throw new ApiError(422, 'Tamanho inválido: use pequena, media ou grande.');
    if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(uuid))
      throw new ApiError(404, NAO_ENCONTRADA);
    const assinante = assinanteOf(request);
    const achada = await opts.db.withTenant(assinante.id, async (trx) => {
      const usada = await sql<{ sha256: string }>`select e.sha256 from arquivo_enviado e
         where e.id = ${uuid}::uuid and e.tipo = ${TIPO_IMAGEM_PRODUTO}
           and exists (select 1 from produto p where p.imagem = e.id)`.execute(trx);
      const sha256 = usada.rows[0]?.sha256;
      if (!sha256) return undefined;
      const a = await abrirArquivo(trx, uuid);
      if (!a) return undefined;
      const partes: Buffer[] = [];
      for await (const p of a.partes) partes.push(p);
      return { sha256, bytes: Buffer.concat(partes) };
    });
    // checked again on the way out: only an image leaves with an image type
    const tipo = achada && sniffImage(achada.bytes);
    if (!achada || !tipo) throw new ApiError(404, NAO_ENCONTRADA);
    const etag = `"${achada.sha256.slice(0, 32)}${tamanho ? `-${tamanho}` : ''}"`;
    reply.header('cache-control', CACHE).header('etag', etag).header('x-content-type-options', 'nosniff');
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    const corpo = tamanho
      ? await miniatura(`${assinante.id}:${uuid}:${tamanho}`, achada.bytes, TAMANHOS_MINIATURA[tamanho as Tamanho])
      : achada.bytes;
    return reply.type(tipo).send(corpo);
  });
}
