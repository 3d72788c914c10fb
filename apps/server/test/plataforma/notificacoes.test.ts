/** Notifications API (spec §7 GET /api/v1/notificacoes/recentes; /notificacoes page needs no permission). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminQuery, createTestApp, type TestApp } from '../helpers/app';
import { type LoginResult, login } from '../helpers/auth';

let t: TestApp;
let ana: LoginResult;
let carlos: LoginResult;

beforeAll(async () => {
  t = await createTestApp();
  ana = await login(t, 'ana.admin');
  carlos = await login(t, 'carlos.fiscal');
});
afterAll(async () => t?.close());

const get = (url: string, headers: Record<string, string>) => t.app.inject({ method: 'GET', url, headers });

describe('notificações', () => {
  it('exige login', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/notificacoes/recentes' })).statusCode).toBe(401);
  });

  it('demo: 5 notificações do administrador, 2 não lidas', async () => {
    const res = await get('/api/v1/notificacoes/recentes', ana.headers);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.items).toHaveLength(5);
    expect(body.hasNewToRead).toBe(true);
    expect(body.naoLidas).toBe(2);
    expect(typeof body.lastTimeRead).toBe('string');
    expect(body.items[0]).toMatchObject({ titulo: expect.any(String), corpo: expect.any(String), lida: false });
    expect(Object.keys(body.items[0]).sort()).toEqual(['corpo', 'criadoEm', 'id', 'lida', 'link', 'titulo']);
  });

  it('outro usuário sem notificações: lista vazia, sem nada novo', async () => {
    const body = (await get('/api/v1/notificacoes/recentes', carlos.headers)).json();
    expect(body).toEqual({ items: [], hasNewToRead: false, lastTimeRead: null, naoLidas: 0 });
  });

  it('lista com filtro de não lidas e paginação', async () => {
    const todas = (await get('/api/v1/notificacoes?start=0&count=3', ana.headers)).json();
    expect(todas).toMatchObject({ start: 0, count: 3, total: 5 });
    const naoLidas = (await get('/api/v1/notificacoes?naoLidas=true', ana.headers)).json();
    expect(naoLidas.total).toBe(2);
    expect(naoLidas.items.every((n: { lida: boolean }) => !n.lida)).toBe(true);
  });

  it('marca uma como lida; outro usuário não alcança a notificação', async () => {
    const [primeira] = (await get('/api/v1/notificacoes?naoLidas=true', ana.headers)).json().items;
    const alheia = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/notificacoes/${primeira.id}/lida`,
      headers: carlos.headers,
    });
    expect(alheia.statusCode).toBe(404);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/notificacoes/${primeira.id}/lida`,
      headers: ana.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: primeira.id, lida: true });
    expect((await get('/api/v1/notificacoes/recentes', ana.headers)).json().naoLidas).toBe(1);
  });

  it('marca todas como lidas, com auditoria', async () => {
    const res = await t.app.inject({ method: 'PUT', url: '/api/v1/notificacoes/lidas', headers: ana.headers });
    expect(res.json()).toEqual({ alteradas: 1 });
    const body = (await get('/api/v1/notificacoes/recentes', ana.headers)).json();
    expect(body.hasNewToRead).toBe(false);
    const { rows } = await adminQuery(
      t.ownerUrl,
      `select count(*)::int as n from auditoria where entidade = 'notificacao'`,
    );
    expect(rows[0]?.n).toBeGreaterThanOrEqual(2);
  });

  it('envio: somente administradores, destinatário do mesmo assinante', async () => {
    const payload = { usuarioId: carlos.body.id, titulo: 'Aviso', corpo: 'Teste', link: '/notificacoes' };
    const negado = await t.app.inject({
      method: 'POST',
      url: '/api/v1/notificacoes',
      headers: carlos.headers,
      payload,
    });
    expect(negado.statusCode).toBe(403);
    const ok = await t.app.inject({ method: 'POST', url: '/api/v1/notificacoes', headers: ana.headers, payload });
    expect(ok.statusCode).toBe(201);
    expect(ok.headers.location).toBe(`/api/v1/notificacoes/${ok.json().id}`);
    const marta = await login(t, 'marta.admin', 'mercadao.localhost');
    const cruzado = await t.app.inject({
      method: 'POST',
      url: '/api/v1/notificacoes',
      headers: marta.headers,
      payload,
    });
    expect(cruzado.statusCode).toBe(422);
    const externo = await t.app.inject({
      method: 'POST',
      url: '/api/v1/notificacoes',
      headers: ana.headers,
      payload: { ...payload, link: 'https://exemplo.com' },
    });
    expect(externo.statusCode).toBe(422);
    const recentes = (await get('/api/v1/notificacoes/recentes', carlos.headers)).json();
    expect(recentes).toMatchObject({ hasNewToRead: true, naoLidas: 1 });
  });
});

describe('notificações de cada assinante', () => {
  it('Bela Vida e Mercadão: cada administrador vê as suas, sobre os dados do seu assinante, e nunca as do outro', async () => {
    const marta = await login(t, 'marta.admin', 'mercadao.localhost');
    const daAna = (await get('/api/v1/notificacoes?count=100', ana.headers)).json().items as Notif[];
    const daMarta = (await get('/api/v1/notificacoes/recentes', marta.headers)).json();
    expect(daMarta).toMatchObject({ naoLidas: 2, hasNewToRead: true });
    expect(daMarta.items).toHaveLength(5);
    // each tenant's own data: its stores, its sales-upload errors or its overdrawn account
    const textos = (ns: Notif[]) => ns.map((n) => `${n.titulo}: ${n.corpo}`).join(' | ');
    expect(textos(daMarta.items)).toMatch(/Mercadão Bom Preço: .*3 lojas: Centro Goiânia, Anápolis e Taguatinga/);
    expect(textos(daMarta.items)).toMatch(/A conta Santander Anápolis começou o período com saldo negativo/);
    expect(textos(daMarta.items)).not.toMatch(/Bela Vida|Shopping Curitiba|Subida de vendas/);
    expect(textos(daAna)).toMatch(/Bela Vida: .*4 lojas: Shopping Curitiba, Londrina, Joinville e Bela Vida SP/);
    expect(textos(daAna)).toMatch(/9 vendas de Shopping Curitiba e Londrina aguardam reprocessamento/);
    expect(textos(daAna)).not.toMatch(/Mercadão|Goiânia|Santander/);
    // no id in common, and the other tenant's notification is out of reach
    const idsAna = new Set(daAna.map((n) => n.id));
    expect(daMarta.items.filter((n: Notif) => idsAna.has(n.id))).toEqual([]);
    const alheia = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/notificacoes/${daAna[0]!.id}/lida`,
      headers: marta.headers,
    });
    expect(alheia.statusCode).toBe(404);
    // a token of one tenant is not a session on the other's host
    const cruzado = await get('/api/v1/notificacoes/recentes', { ...ana.headers, host: 'mercadao.localhost' });
    expect(cruzado.statusCode).toBe(401);
    // and no row anywhere addresses a user of one tenant under the other (RLS would hide it, never fix it)
    const { rows } = await adminQuery<{ n: number }>(
      t.ownerUrl,
      `select count(*)::int as n from notificacao n join usuario u on u.id = n.usuario_id
        where u.assinante_id <> n.assinante_id`,
    );
    expect(rows[0]!.n).toBe(0);
  });
});

interface Notif {
  id: number;
  titulo: string;
  corpo: string;
}
