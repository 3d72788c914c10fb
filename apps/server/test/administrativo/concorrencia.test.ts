/**
 * Lost updates: concurrent PUTs carrying the same `versao` on users and groups. The row is locked
 * before its version is compared (db/optimistic.ts), so exactly one wins and the others get 409.
 */
import { MSG } from '@retaguarda/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminQuery, createTestApp, type TestApp } from '../helpers/app';
import { login } from '../helpers/auth';

let t: TestApp;
let admin: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await login(t, 'ana.admin')).headers;
});
afterAll(() => t.close());

async function burst(url: string, bodies: object[]) {
  const res = await Promise.all(bodies.map((payload) => t.app.inject({ method: 'PUT', url, headers: admin, payload })));
  const codes = res.map((r) => r.statusCode).sort();
  const stale = res.find((r) => r.statusCode === 409);
  return { codes, stale: stale?.json() };
}

describe('one optimistic lock for users and groups', () => {
  it('10 concurrent PUTs of a user with the same versao: one 200, nine 409', async () => {
    const { rows } = await adminQuery(t.ownerUrl, `select id from usuario where username = 'gabi.consulta'`);
    const id = rows[0]!.id as number;
    const u = (await t.app.inject({ url: `/api/v1/pessoa/usuarios/${id}`, headers: admin })).json();
    const base = {
      nome: u.nome,
      username: u.username,
      email: u.email,
      cpf: u.cpf,
      ativo: u.ativo,
      administrador: u.administrador,
      senha: '',
      lojasUsuario: u.lojasUsuario.map((l: { id: number; principal: boolean }) => ({
        lojaId: l.id,
        principal: l.principal,
      })),
      grupos: u.grupos.map((g: { id: number }) => g.id),
      versao: u.versao,
    };
    const bodies = Array.from({ length: 10 }, (_, i) => ({ ...base, nome: `Gabriela ${i}` }));
    const { codes, stale } = await burst(`/api/v1/usuarios/${id}`, bodies);
    expect(codes).toEqual([200, ...Array(9).fill(409)]);
    expect(stale.message).toBe(MSG.versaoDesatualizada);
    const after = (await t.app.inject({ url: `/api/v1/pessoa/usuarios/${id}`, headers: admin })).json();
    expect(after.versao).toBe(u.versao + 1);
  });

  it('10 concurrent PUTs of a group with the same versao: one 200, nine 409', async () => {
    const { rows } = await adminQuery(t.ownerUrl, `select id from grupo where nome = 'Consulta' limit 1`);
    const id = rows[0]!.id as number;
    const g = (await t.app.inject({ url: `/api/v1/grupo-usuario/${id}`, headers: admin })).json();
    const bodies = Array.from({ length: 10 }, (_, i) => ({
      nome: `Consulta ${i}`,
      statusDeAtivacao: 'ATIVO',
      versao: g.versao,
    }));
    const { codes, stale } = await burst(`/api/v1/grupo-usuario/${id}`, bodies);
    expect(codes).toEqual([200, ...Array(9).fill(409)]);
    expect(stale.message).toBe(MSG.versaoDesatualizada);
  });
});
