/**
 * Settings across instances and realtime per store (issues #25.6, #25.8): a change made through instance A
 * drops instance B's cached settings (Redis link), and a store-level event reaches the sockets of that store's
 * users only, on any instance.
 */
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cacheDeParametros, lerParametro } from '../../src/configuracoes';
import { adminQuery } from '../helpers/app';
import { type LoginResult, login } from '../helpers/auth';
import { type Cluster, conectar, criarCluster, type Instancia, nenhum, proximo } from '../plataforma/instancias';

const REDIS = process.env.TEST_REDIS_URL;
if (!REDIS)
  console.log('[configuracoes-instancias] TEST_REDIS_URL não definido: o teste entre duas instâncias foi pulado.');

const abertos: Socket[] = [];
const guardar = (s: Socket) => {
  abertos.push(s);
  return s;
};

async function lojas(c: Cluster): Promise<Record<string, number>> {
  const { rows } = await adminQuery<{ id: number; sigla: string }>(
    c.ownerUrl,
    `select l.id, l.sigla from loja l join assinante a on a.id = l.assinante_id
      where a.nome = 'Bela Vida' and l.sigla in ('BV01', 'BV02')`,
  );
  return Object.fromEntries(rows.map((r) => [r.sigla, r.id]));
}

const gravar = (i: Instancia, quem: LoginResult, url: string, payload: object) =>
  i.app.inject({ method: 'PUT', url: `/api/v1/configuracoes/${url}`, headers: quem.headers, payload });

/** Polls until `fn` is true (a change travels through Redis): at most `ms`, then fails. */
async function ate(fn: () => Promise<boolean>, ms = 5_000): Promise<void> {
  const fim = Date.now() + ms;
  while (!(await fn())) {
    if (Date.now() > fim) throw new Error(`condição não satisfeita em ${ms} ms`);
    await new Promise((r) => setImmediate(r));
  }
}

describe('tempo real por loja (uma instância)', () => {
  let c: Cluster;
  let loja: Record<string, number>;
  beforeAll(async () => {
    c = await criarCluster(1);
    loja = await lojas(c);
  });
  afterAll(async () => {
    for (const s of abertos) s.disconnect();
    await c?.close();
  });

  it('um evento da BV02 chega ao usuário da BV02 e não ao usuário só da BV01; o da empresa chega aos dois', async () => {
    const a = c.instancias[0]!;
    const ana = await login(a, 'ana.admin');
    const diego = await login(a, 'diego.estoque'); // BV02 only
    const gabi = await login(a, 'gabi.consulta'); // BV01 only
    const sDiego = guardar(await conectar(a.base, diego.body.sessionToken));
    const sGabi = guardar(await conectar(a.base, gabi.body.sessionToken));
    const chegou = proximo<{ chave: string; lojaId: number }>(sDiego, 'configuracoes.loja-alterada');
    const naoChegou = nenhum(sGabi, 'configuracoes.loja-alterada', 800);
    const r = await gravar(a, ana, `estoque.permiteSaldoNegativo/lojas/${loja.BV02}`, { valor: false });
    expect(r.statusCode, r.body).toBe(200);
    expect(await chegou).toEqual({ chave: 'estoque.permiteSaldoNegativo', lojaId: loja.BV02, versao: 1 });
    expect(await naoChegou).toBe(true);

    const dela = proximo(sGabi, 'configuracoes.alterada');
    const dele = proximo(sDiego, 'configuracoes.alterada');
    expect((await gravar(a, ana, 'financeiro.conciliacaoJanelaDias', { valor: 4 })).statusCode).toBe(200);
    expect(await dela).toMatchObject({ chave: 'financeiro.conciliacaoJanelaDias', lojaId: null });
    expect(await dele).toMatchObject({ chave: 'financeiro.conciliacaoJanelaDias' });
  });

  it('a leitura do servidor é cacheada e a gravação desta instância a invalida', async () => {
    const a = c.instancias[0]!;
    const ana = await login(a, 'ana.admin');
    const assinanteId = (
      await adminQuery<{ id: number }>(c.ownerUrl, `select id from assinante where nome = 'Bela Vida'`)
    ).rows[0]!.id;
    const cache = cacheDeParametros(a.db);
    expect(await lerParametro(a.db, assinanteId, 'estoque.permiteSaldoNegativo', loja.BV01)).toBe(true);
    const antes = cache.carregamentos;
    expect(await lerParametro(a.db, assinanteId, 'estoque.permiteSaldoNegativo', loja.BV02)).toBe(false);
    expect(await lerParametro(a.db, assinanteId, 'financeiro.conciliacaoJanelaDias')).toBe(4);
    expect(cache.carregamentos).toBe(antes);
    expect((await gravar(a, ana, 'financeiro.conciliacaoJanelaDias', { valor: 6 })).statusCode).toBe(200);
    expect(await lerParametro(a.db, assinanteId, 'financeiro.conciliacaoJanelaDias')).toBe(6);
    expect(cache.carregamentos).toBe(antes + 1);
  });
});

describe.skipIf(!REDIS)('configurações e tempo real entre duas instâncias (Redis)', () => {
  let c: Cluster;
  let loja: Record<string, number>;
  beforeAll(async () => {
    c = await criarCluster(2, { redisUrl: REDIS });
    loja = await lojas(c);
  });
  afterAll(async () => {
    for (const s of abertos) s.disconnect();
    await c?.close();
  });

  it('uma alteração feita em A invalida o cache de B (a flag de inventário desliga em B)', async () => {
    const [a, b] = c.instancias as [Instancia, Instancia];
    const ana = await login(a, 'ana.admin');
    const elisaB = await login(b, 'elisa.compras');
    const flags = async () =>
      (await b.app.inject({ url: '/api/v1/configuracoes/flags', headers: elisaB.headers })).json().flags;
    expect(await flags()).toEqual({ inventario: true });
    const carregamentos = cacheDeParametros(b.db).carregamentos;
    expect(await flags()).toEqual({ inventario: true });
    expect(cacheDeParametros(b.db).carregamentos).toBe(carregamentos); // cached on B
    // the Redis adapter is installed once Redis answers: a socket round trip on B proves the link is up
    await conectar(b.base, elisaB.body.sessionToken).then(guardar);
    const r = await gravar(a, ana, 'estoque.inventarioHabilitado', { valor: false, versao: 0 });
    expect(r.statusCode, r.body).toBe(200);
    await ate(async () => (await flags()).inventario === false);
  });

  it('um evento da BV02 publicado em A chega ao usuário da BV02 conectado em B, e não ao da BV01', async () => {
    const [a, b] = c.instancias as [Instancia, Instancia];
    const ana = await login(a, 'ana.admin');
    const diego = await login(b, 'diego.estoque');
    const gabi = await login(b, 'gabi.consulta');
    const sDiego = guardar(await conectar(b.base, diego.body.sessionToken));
    const sGabi = guardar(await conectar(b.base, gabi.body.sessionToken));
    const chegou = proximo<{ lojaId: number }>(sDiego, 'configuracoes.loja-alterada');
    const naoChegou = nenhum(sGabi, 'configuracoes.loja-alterada', 800);
    const r = await gravar(a, ana, `administrativo.limiteDispositivos/lojas/${loja.BV02}`, { valor: 3 });
    expect(r.statusCode, r.body).toBe(200);
    expect((await chegou).lojaId).toBe(loja.BV02);
    expect(await naoChegou).toBe(true);
  });
});
