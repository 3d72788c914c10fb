import { MSG_LISTA } from '@retaguarda/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminQuery, createTestApp, type TestApp } from '../helpers/app';
import { login } from '../helpers/auth';

let t: TestApp;
let headers: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  ({ headers } = await login(t, 'ana.admin'));
});
afterAll(() => t.close());

describe('list parameters', () => {
  it.each(['valueOf', 'constructor', '__proto__', 'toString'])(
    'sort=%s (an inherited name, not a field) is a 400 naming it, never a 500',
    async (campo) => {
      const r = await t.app.inject({ url: `/api/v1/notificacoes?sort=${campo}`, headers });
      expect(r.statusCode, r.body).toBe(400);
      expect(r.json().message).toBe(MSG_LISTA.ordenacaoInvalida(campo));
    },
  );

  it.each(['/api/v1/produto/marcas', '/api/v1/grupo-usuario', '/api/v1/pessoa/usuarios'])(
    '%s refuses an unknown parameter with 400 naming it, and nothing else changes',
    async (url) => {
      const bad = await t.app.inject({ url: `${url}?start=0&cuont=5`, headers });
      expect(bad.statusCode).toBe(400);
      expect(bad.headers['content-type']).toMatch(/application\/json/);
      expect(JSON.stringify(bad.json().reasons)).toContain('cuont');
      const ok = await t.app.inject({ url: `${url}?start=0&count=5&_=1700000000000`, headers });
      expect(ok.statusCode).toBe(200);
      expect(ok.json().items.length).toBeLessThanOrEqual(5);
    },
  );

  it('total=limitado (the list screen): a broad filter stops counting at 10 000 and says so; narrow ones and integrations stay exact', async () => {
    await adminQuery(
      t.ownerUrl,
      `insert into marca (assinante_id, descricao) select 1, 'Marca em massa ' || g from generate_series(1, 12000) g`,
    );
    const url = '/api/v1/produto/marcas';
    const q = encodeURIComponent('descricao==*MASSA*');
    const lim = await t.app.inject({ url: `${url}?q=${q}&count=5&sort=id&total=limitado`, headers });
    expect(lim.statusCode).toBe(200);
    expect(lim.json()).toMatchObject({ start: 0, count: 5, total: 10_000, totalLimitado: true });
    for (const m of lim.json().items) expect(m.descricao).toMatch(/^Marca em massa \d+$/);
    // the same list without the parameter (what integrations send): counted, exact, no flag, same page
    const exato = await t.app.inject({ url: `${url}?q=${q}&count=5&sort=id`, headers });
    expect(exato.json()).toMatchObject({ total: 12_000, count: 5 });
    expect(exato.json().totalLimitado).toBeUndefined();
    expect(exato.json().items).toEqual(lim.json().items);
    // a deep page of the limited list is the same page as the exact one
    const fundo = `q=${q}&count=5&sort=-descricao&start=11000`;
    const a = await t.app.inject({ url: `${url}?${fundo}&total=limitado`, headers });
    const b = await t.app.inject({ url: `${url}?${fundo}`, headers });
    expect(a.json().items).toEqual(b.json().items);
    // up to the limit the count is exact, flag absent
    const poucos = await t.app.inject({
      url: `${url}?q=${encodeURIComponent('descricao==*massa 42*')}&total=limitado`,
      headers,
    });
    expect(poucos.json()).toMatchObject({ total: 111 });
    expect(poucos.json().totalLimitado).toBeUndefined();
    const alem = await t.app.inject({
      url: `${url}?q=${encodeURIComponent('descricao==*massa 42*')}&total=limitado&start=200`,
      headers,
    });
    expect(alem.json()).toMatchObject({ start: 200, count: 0, total: 111, items: [] });
    const bad = await t.app.inject({ url: `${url}?total=aproximado`, headers });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Parâmetro total inválido: use exato ou limitado.');
    // the export takes the list's filter, never this parameter
    expect((await t.app.inject({ url: `${url}/export?format=csv&total=limitado`, headers })).statusCode).toBe(400);
  });

  it.each([
    ['/api/v1/pessoa/usuarios', 'start, count, sort, q'],
    ['/api/v1/grupo-usuario', 'start, count, sort, q'],
    ['/api/v1/notificacoes', 'start, count, sort, q, naoLidas'],
    ['/api/v1/relatorios', 'start, count, sort, q, status'],
    ['/api/v1/recurso-aprendizagem', 'start, count, sort, q, total'],
    ['/api/v1/administracao/chaves-integracao', 'start, count, sort, q'],
    ['/api/v1/sessoes-ativas', 'start, count, sort, q'],
    ['/api/v1/produto/marcas', 'start, count, sort, q, total'],
  ])('%s reads its query by the one list contract', async (url, aceitos) => {
    const get = async (query: string) => t.app.inject({ url: `${url}?${query}`, headers });
    const desconhecido = await get('cuont=5');
    expect(desconhecido.statusCode).toBe(400);
    expect(desconhecido.json()).toEqual({
      message: MSG_LISTA.parametroNaoAceito,
      reasons: [`cuont: parâmetro desconhecido (aceitos: ${aceitos}).`],
    });
    expect((await get('start=-1')).json()).toEqual({ message: MSG_LISTA.inteiroInvalido('start') });
    expect((await get('count=dez')).json()).toEqual({ message: MSG_LISTA.inteiroInvalido('count') });
    expect((await get('sort=senha')).json()).toEqual({ message: MSG_LISTA.ordenacaoInvalida('senha') });
    expect((await get('q=senha==1')).json()).toMatchObject({ message: MSG_LISTA.filtroInvalido });
    const pagina = await get('start=0&count=5000&_=1700000000000');
    expect(pagina.statusCode).toBe(200);
    const { start, count, total, items } = pagina.json();
    expect({ start, count }).toEqual({ start: 0, count: items.length });
    expect(total).toBeGreaterThanOrEqual(items.length);
    expect(items.length).toBeLessThanOrEqual(1000);
  });

  it('the export accepts its format and refuses strangers', async () => {
    const ok = await t.app.inject({ url: '/api/v1/produto/marcas/export?format=csv&sort=id', headers });
    expect(ok.statusCode).toBe(200);
    const bad = await t.app.inject({ url: '/api/v1/produto/marcas/export?format=csv&formato=xlsx', headers });
    expect(bad.statusCode).toBe(400);
  });
});
