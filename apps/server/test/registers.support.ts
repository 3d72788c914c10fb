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
    const u = rows[0]!;
    headers = {
      host,
      'x-test-auth': JSON.stringify({ assinanteId: u.assinante_id, usuarioId: u.id, administrador: u.administrador, lojas: u.lojas, permissoes: u.perms }),
    };
  }
  cache.set(key, headers);
  return headers;
}

/** Ids the samples point at ('$produto', '$loja2', …), created once per test database. */
export async function fixtures(t: TestApp, headers: Record<string, string>): Promise<Record<string, string>> {
  const post = async (url: string, payload: unknown) => {
    const r = await t.app.inject({ method: 'POST', url, headers, payload: payload as object });
    if (r.statusCode !== 201) throw new Error(`${url}: ${r.statusCode} ${r.body}`);
    return String(r.json().id);
  };
  const out: Record<string, string> = {};
  out.secao = await post('/api/v1/produto/secoes', { descricao: 'Seção fixture' });
  out.grupo = await post(`/api/v1/produto/secoes/${out.secao}/grupos`, { descricao: 'Grupo fixture' });
  out.produto = await post('/api/v1/produto/produtos', { descricao: 'Produto fixture', codigoInterno: '880001' });
  // similar groups hold each product once: a fresh pair per sample
  for (const n of [1, 2, 3, 4, 9]) {
    out[`produtoA${n}`] = await post('/api/v1/produto/produtos', { descricao: `Similar A${n}` });
    out[`produtoB${n}`] = await post('/api/v1/produto/produtos', { descricao: `Similar B${n}` });
  }
  out.situacao = await post('/api/v1/fiscal/situacoes', { codigo: 'FX', descricao: 'Situação fixture', tipo: 'TRIBUTADO', cst: '00' });
  const { CNPJS } = await import('./registers.samples');
  for (const n of [1, 2, 3, 4, 9]) {
    out[`fornecedor${n}`] = await post('/api/v1/pessoa/fornecedores', { tipoDePessoa: 'J', numeroDoDocumento: CNPJS[n + 10], nome: `Fixture ${n}`, fantasia: `Fixture ${n}` });
  }
  const lojas = await t.app.inject({ url: '/api/v1/pessoa/lojas?sort=id', headers });
  lojas.json().items.forEach((l: { id: number }, i: number) => (out[`loja${i + 1}`] = String(l.id)));
  return out;
}

/** Replaces '$name' strings by fixture ids (numbers when numeric). */
export function resolve<T>(value: T, fx: Record<string, string>): T {
  if (typeof value === 'string' && value.startsWith('$') && fx[value.slice(1)] !== undefined) {
    const v = fx[value.slice(1)]!;
    return (/^\d+$/.test(v) ? Number(v) : v) as T;
  }
  if (Array.isArray(value)) return value.map((v) => resolve(v, fx)) as T;
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, resolve(v, fx)])) as T;
  return value;
}
