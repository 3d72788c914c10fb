/**
 * The session's activity stamp (sessao.ultima_atividade) is refreshed once a minute: when it fell
 * due, every request in flight for that session took the transactional path (begin, full rights
 * lookup, UPDATE of the same row, commit) and queued on the row lock (bench/cauda.ts, 50 connections:
 * 50 requests at once, the updates p50 94 ms, max 290 ms). One request of a burst stamps; the others
 * go on with the one-statement check.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { adminQuery, createTestApp, type TestApp } from '../helpers/app';
import { login } from '../helpers/auth';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const stamp = async (usuarioId: number) =>
  (
    await adminQuery<{ s: number }>(
      t.ownerUrl,
      `select extract(epoch from now() - ultima_atividade)::int as s from sessao
        where usuario_id = $1 and encerrada_em is null order by criada_em desc limit 1`,
      [usuarioId],
    )
  ).rows[0]!.s;

describe('session activity stamp under a burst of requests', () => {
  it('a burst of requests with the stamp due updates the session once, and the stamp moves', async () => {
    const { headers, body } = await login(t, 'fabio.gerente');
    await adminQuery(
      t.ownerUrl,
      `update sessao set ultima_atividade = now() - interval '5 minutes' where usuario_id = $1 and encerrada_em is null`,
      [body.id],
    );
    const spy = vi.spyOn(pg.Client.prototype, 'query');
    try {
      const res = await Promise.all(
        Array.from({ length: 12 }, () => t.app.inject({ url: '/api/v1/eumesmo', headers })),
      );
      expect(res.map((r) => r.statusCode)).toEqual(res.map(() => 200));
      const updates = spy.mock.calls.filter(([q]) =>
        /update\s+"sessao"/i.test(String((q as { text?: string })?.text ?? q)),
      );
      expect(updates.length).toBe(1);
    } finally {
      spy.mockRestore();
    }
    expect(await stamp(body.id)).toBeLessThan(60);
  });
});
