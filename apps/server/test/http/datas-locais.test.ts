/**
 * One date format on every endpoint (api-compat "Dates"): identity and platform answers write their
 * instants as the registers do, local `YYYY-MM-DDTHH:mm:ss` in the business zone, never UTC with `Z`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminQuery, createTestApp, type TestApp } from '../helpers/app';
import { type LoginResult, login } from '../helpers/auth';

const LOCAL = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/;

let t: TestApp;
let ana: LoginResult;

/** Every value of a key named like a date (…Em, ultimo…, lastTime…) found anywhere in the answer. */
function datas(v: unknown, caminho = ''): [string, unknown][] {
  if (Array.isArray(v)) return v.flatMap((x, i) => datas(x, `${caminho}[${i}]`));
  if (!v || typeof v !== 'object') return [];
  return Object.entries(v).flatMap(([k, x]) =>
    /(Em|ultimoAcesso|ultimaAtividade|lastTimeRead|ultimoUso)$/.test(k) && x !== null && typeof x !== 'object'
      ? [[`${caminho}.${k}`, x] as [string, unknown]]
      : datas(x, `${caminho}.${k}`),
  );
}

async function get(url: string): Promise<unknown> {
  const res = await t.app.inject({ method: 'GET', url, headers: ana.headers });
  expect(res.statusCode, url).toBe(200);
  return res.json();
}

beforeAll(async () => {
  t = await createTestApp();
  ana = await login(t, 'ana.admin');
  const notificacao = await t.app.inject({
    method: 'POST',
    url: '/api/v1/notificacoes',
    headers: ana.headers,
    payload: { usuarioId: ana.body.id, titulo: 'Datas locais', link: '/notificacoes' },
  });
  expect(notificacao.statusCode).toBe(201);
  await adminQuery(
    t.ownerUrl,
    `insert into atualizacao_sistema (assinante_id, versao_origem, versao_alvo, status, iniciada_em, concluida_em)
     select id, '8.0.1', '8.0.2', 'CONCLUIDA', '2026-01-01T00:00:00Z', '2026-01-01T00:05:00Z' from assinante order by id limit 1`,
  );
});
afterAll(async () => t?.close());

describe('instants on identity and platform endpoints', () => {
  it.each([
    '/api/v1/pessoa/usuarios?count=5',
    `/api/v1/pessoa/usuarios/{ana}`,
    '/api/v1/eumesmo',
    '/api/v1/sessoes-ativas',
    '/api/v1/notificacoes/recentes',
    '/api/v1/notificacoes',
    '/api/v1/administracao/self-update',
  ])('%s: local text without Z', async (modelo) => {
    const corpo = await get(modelo.replace('{ana}', String(ana.body.id)));
    const achadas = datas(corpo);
    expect(achadas.length, `${modelo} sem datas`).toBeGreaterThan(0);
    expect(achadas.filter(([, v]) => typeof v !== 'string' || !LOCAL.test(v))).toEqual([]);
  });

  it('the same instant reads the same as on a register (São Paulo wall clock)', async () => {
    const { ultima } = (await get('/api/v1/administracao/self-update')) as {
      ultima: { iniciadaEm: string; concluidaEm: string };
    };
    expect(ultima).toMatchObject({ iniciadaEm: '2025-12-31T21:00:00', concluidaEm: '2025-12-31T21:05:00' });
    const { items } = (await get('/api/v1/produto/marcas?count=1')) as { items: { criadoEm: string }[] };
    expect(items[0]?.criadoEm).toMatch(LOCAL);
  });
});
