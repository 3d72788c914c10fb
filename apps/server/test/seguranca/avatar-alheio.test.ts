/**
 * Avatars belong to who sent them: a user may point `avatarUuid` only at a picture they uploaded (or
 * keep their current one), an administrator editing a user at one they or that user uploaded; and only
 * the uploader (or the one user wearing it) may overwrite a picture. Pointing at another user's picture
 * and then overwriting it used to succeed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminQuery, createTestApp, type TestApp } from '../helpers/app';
import { login } from '../helpers/auth';

let t: TestApp;
const h: Record<string, Record<string, string>> = {};
const ids: Record<string, number> = {};
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 1]);
const PNG2 = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 9, 9, 9, 9]);

beforeAll(async () => {
  t = await createTestApp();
  for (const u of ['ana.admin', 'gabi.consulta', 'beatriz.fin']) {
    const l = await login(t, u);
    h[u] = l.headers;
    ids[u] = l.body.id;
  }
});
afterAll(() => t.close());

async function upload(user: string, body = PNG): Promise<string> {
  const r = await t.app.inject({
    method: 'POST',
    url: '/api/v1/avatar',
    headers: { ...h[user], 'content-type': 'image/png' },
    payload: body,
  });
  expect(r.statusCode, r.body).toBe(201);
  return r.json().uuid;
}

/** PUT of a user's record (as read by the administrator) with another avatar, by `who`. */
async function setAvatar(who: string, target: string, avatarUuid: string) {
  const u = (await t.app.inject({ url: `/api/v1/pessoa/usuarios/${ids[target]}`, headers: h['ana.admin'] })).json();
  return t.app.inject({
    method: 'PUT',
    url: `/api/v1/usuarios/${ids[target]}`,
    headers: h[who],
    payload: {
      nome: u.nome,
      username: u.username,
      email: u.email,
      cpf: u.cpf,
      ativo: u.ativo,
      administrador: u.administrador,
      avatarUuid,
      lojasUsuario: u.lojasUsuario.map((l: { id: number; principal: boolean }) => ({
        lojaId: l.id,
        principal: l.principal,
      })),
      grupos: u.grupos.map((g: { id: number }) => g.id),
    },
  });
}

const overwrite = (who: string, uuid: string) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/v1/avatar?uuid=${uuid}`,
    headers: { ...h[who], 'content-type': 'image/png' },
    payload: PNG2,
  });

describe("another user's avatar", () => {
  let daGabi: string;
  beforeAll(async () => {
    daGabi = await upload('gabi.consulta');
    const r = await setAvatar('gabi.consulta', 'gabi.consulta', daGabi);
    expect(r.statusCode, r.body).toBe(200);
  });

  it("a user cannot point their avatar at another user's picture", async () => {
    const r = await setAvatar('beatriz.fin', 'beatriz.fin', daGabi);
    expect(r.statusCode).toBe(403);
    expect(r.json().erros[0].campo).toBe('avatarUuid');
    const { rows } = await adminQuery(t.ownerUrl, `select avatar_uuid from usuario where id = $1`, [
      ids['beatriz.fin'],
    ]);
    expect(rows[0]!.avatar_uuid).toBeNull();
  });

  it("a user cannot overwrite another user's picture, even one they point at", async () => {
    expect((await overwrite('beatriz.fin', daGabi)).statusCode).toBe(403);
    // a reference made before this rule (or by hand) does not make the picture theirs
    await adminQuery(t.ownerUrl, `update usuario set avatar_uuid = $1 where id = $2`, [daGabi, ids['beatriz.fin']]);
    expect((await overwrite('beatriz.fin', daGabi)).statusCode).toBe(403);
    await adminQuery(t.ownerUrl, `update usuario set avatar_uuid = null where id = $1`, [ids['beatriz.fin']]);
  });

  it('the uploader replaces and keeps their own picture', async () => {
    expect((await overwrite('gabi.consulta', daGabi)).statusCode).toBe(200);
    expect((await setAvatar('gabi.consulta', 'gabi.consulta', daGabi)).statusCode).toBe(200);
  });

  it("an administrator sets a user's picture they uploaded, not a third user's", async () => {
    const daAna = await upload('ana.admin');
    expect((await setAvatar('ana.admin', 'beatriz.fin', daAna)).statusCode).toBe(200);
    // the user keeps it on their own edits and may replace the image
    expect((await setAvatar('beatriz.fin', 'beatriz.fin', daAna)).statusCode).toBe(200);
    expect((await overwrite('beatriz.fin', daAna)).statusCode).toBe(200);
    const r = await setAvatar('ana.admin', 'beatriz.fin', daGabi);
    expect(r.statusCode).toBe(403);
  });
});
