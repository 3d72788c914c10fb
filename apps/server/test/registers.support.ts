/**
 * Test support for the register engine: sign-in headers per demo user (the real login once the
 * auth helper exists; until then a test-only hook that sets request.auth from a header).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { adminQuery, createTestApp, type TestApp } from './helpers/app';

const AUTH_HELPER = path.join(import.meta.dirname, 'helpers/auth.ts');
export const REAL_AUTH = fs.existsSync(path.join(import.meta.dirname, '../src/plugins/auth.ts')) && fs.existsSync(AUTH_HELPER);

function fakeAuth(app: FastifyInstance) {
  app.addHook('onRequest', async (request) => {
    const h = request.headers['x-test-auth'];
    if (typeof h === 'string') (request as unknown as { auth: unknown }).auth = JSON.parse(h);
  });
}

export async function createRegistersApp(): Promise<TestApp> {
  return createTestApp(REAL_AUTH ? {} : { beforeReady: fakeAuth });
}

const cache = new Map<string, Record<string, string>>();

export async function headersFor(t: TestApp, username: string, host = 'localhost'): Promise<Record<string, string>> {
  const key = `${t.appUrl}|${username}|${host}`;
  const hit = cache.get(key);
  if (hit) return hit;
  let headers: Record<string, string>;
  if (REAL_AUTH) {
    const mod = (await import(AUTH_HELPER)) as { login: (t: TestApp, u: string, h?: string) => Promise<{ token: string }> };
    const { token } = await mod.login(t, username, host);
    headers = { host, authorization: token };
  } else {
    const { rows } = await adminQuery(
      t.ownerUrl,
      `select u.id, u.assinante_id, u.administrador,
              array(select loja_id from usuario_loja ul where ul.usuario_id = u.id order by not principal, loja_id) as lojas,
              array(select distinct gp.permissao from grupo_membro gm join grupo_permissao gp on gp.grupo_id = gm.grupo_id where gm.usuario_id = u.id) as perms
         from usuario u where u.username = $1`,
      [username],
    );
    const u = rows[0];
    headers = {
      host,
      'x-test-auth': JSON.stringify({ assinanteId: u.assinante_id, usuarioId: u.id, administrador: u.administrador, lojas: u.lojas, permissoes: u.perms }),
    };
  }
  cache.set(key, headers);
  return headers;
}
