/**
 * Product pictures (api-compat C1): uploaded as the 'produto-imagem' kind (the content checked by its magic
 * bytes, not its name), named by the product's `imagem`, served by GET /arquivo/view?uuid= (no /api) with
 * thumbnails made by sharp, cache headers and ETag; only the host's tenant's pictures that a product names.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminQuery, createTestApp, type TestApp } from '../helpers/app';
import { login } from '../helpers/auth';

let t: TestApp;
let h: Record<string, string>;
let png: Buffer;

beforeAll(async () => {
  t = await createTestApp();
  h = (await login(t, 'ana.admin')).headers;
  png = await sharp({ create: { width: 800, height: 400, channels: 3, background: '#2a6' } })
    .png()
    .toBuffer();
});
afterAll(() => t.close());

const enviar = (payload: Buffer, nome: string, tipo = 'image/png') =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/arquivos?tipo=produto-imagem&nome=${nome}`,
    headers: { ...h, 'content-type': tipo },
    payload,
  });
const ver = (uuid: string, extra = '', headers: Record<string, string> = {}) =>
  t.app.inject({ url: `/arquivo/view?uuid=${uuid}${extra}`, headers: { host: 'localhost', ...headers } });

async function produtoComImagem(imagem: string | null) {
  const lista = await t.app.inject({ url: '/api/v1/produto/produtos?count=1&sort=id', headers: h });
  const p = lista.json().items[0];
  const atual = (await t.app.inject({ url: `/api/v1/produto/produtos/${p.id}`, headers: h })).json();
  // the integrations' way: the whole object as read, one field changed
  return t.app.inject({
    method: 'PUT',
    url: `/api/v1/produto/produtos/${p.id}`,
    headers: h,
    payload: { ...atual, imagem },
  });
}

describe('product pictures', () => {
  it('refuses a file that is not an image whatever its name, and one over the limit', async () => {
    const r = await enviar(Buffer.from('%PDF-1.4 não é imagem'), 'foto.png');
    expect(r.statusCode).toBe(415);
    expect(r.json().message).toMatch(/não é uma imagem/);
    const grande = await enviar(Buffer.concat([png, Buffer.alloc(6 * 1024 * 1024)]), 'grande.png');
    expect(grande.statusCode).toBe(413);
  });

  it('an upload is served only once a product names it; then the original, thumbnails, cache headers, 304', async () => {
    const up = await enviar(png, 'foto.png');
    expect(up.statusCode, up.body).toBe(201);
    const id = up.json().id as string;
    expect((await ver(id)).statusCode).toBe(404);

    const salvo = await produtoComImagem(id);
    expect(salvo.statusCode, salvo.body).toBe(200);
    const [vinculo] = (
      await adminQuery(t.ownerUrl, 'select documento, expira_em from arquivo_enviado where id = $1', [id])
    ).rows;
    expect(vinculo?.documento).toMatch(/^produto:\d+$/);
    expect(vinculo?.expira_em).toBeNull();

    const original = await ver(id);
    expect(original.statusCode).toBe(200);
    expect(original.headers['content-type']).toBe('image/png');
    expect(original.headers['cache-control']).toBe('public, max-age=86400');
    expect(Buffer.compare(original.rawPayload, png)).toBe(0);
    const etag = String(original.headers.etag);
    expect((await ver(id, '', { 'if-none-match': etag })).statusCode).toBe(304);

    for (const [tamanho, lado] of [
      ['pequena', 128],
      ['grande', 512],
    ] as const) {
      const m = await ver(id, `&tamanho=${tamanho}`);
      expect(m.statusCode).toBe(200);
      expect(m.headers['content-type']).toBe('image/png');
      expect(m.headers.etag).not.toBe(etag);
      const meta = await sharp(m.rawPayload).metadata();
      expect([meta.width, meta.height]).toEqual([lado, lado / 2]);
    }
    expect((await ver(id, '&tamanho=enorme')).statusCode).toBe(422);

    // another tenant's host does not see it
    expect((await ver(id, '', { host: 'mercadao.localhost' })).statusCode).toBe(404);

    // a new picture replaces it: the old one is let go (its kind's days) and no longer served
    const outra = await enviar(await sharp(png).jpeg().toBuffer(), 'foto.jpg', 'image/jpeg');
    const id2 = outra.json().id as string;
    expect((await produtoComImagem(id2)).statusCode).toBe(200);
    expect((await ver(id2)).headers['content-type']).toBe('image/jpeg');
    expect((await ver(id)).statusCode).toBe(404);
    const [velho] = (
      await adminQuery(t.ownerUrl, 'select documento, expira_em from arquivo_enviado where id = $1', [id])
    ).rows;
    expect(velho?.documento).toBeNull();
    expect(velho?.expira_em).not.toBeNull();
  });

  it('imagem must name a product picture upload (422), an unknown uuid is a 404', async () => {
    const r = await produtoComImagem('00000000-0000-4000-8000-000000000000');
    expect(r.statusCode).toBe(422);
    expect(JSON.stringify(r.json())).toMatch(/Imagem não encontrada/);
    expect((await ver('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await ver('nada')).statusCode).toBe(404);
  });
});
