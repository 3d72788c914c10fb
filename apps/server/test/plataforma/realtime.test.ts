/**
 * Realtime across instances: two app instances on one PostgreSQL database and one Redis.
 * A notification created through A reaches a client connected to B; ending a session on A
 * disconnects that user's socket on B. Single-instance behaviour (bad tokens) needs no Redis.
 */
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminQuery } from '../helpers/app';
import { login } from '../helpers/auth';
import { type Cluster, conectar, criarCluster, nenhum, proximo } from './instancias';

const REDIS = process.env.TEST_REDIS_URL;
if (!REDIS) console.log('[plataforma-realtime] TEST_REDIS_URL não definido: o teste entre duas instâncias foi pulado.');

const abertos: Socket[] = [];
const guardar = (s: Socket) => {
  abertos.push(s);
  return s;
};

describe('tempo real numa instância', () => {
  let c: Cluster;
  beforeAll(async () => {
    c = await criarCluster(1);
  });
  afterAll(async () => {
    for (const s of abertos) s.disconnect();
    await c?.close();
  });

  it('recusa token inválido com unauthorized e desconecta', async () => {
    const a = c.instancias[0]!;
    await expect(conectar(a.base, 'token-que-nao-existe')).rejects.toThrow(/unauthorized/);
  });

  it('recusa conexão sem token', async () => {
    const a = c.instancias[0]!;
    await expect(conectar(a.base, '')).rejects.toThrow(/unauthorized/);
  });

  it('autentica com o token de sessão e recebe a própria notificação', async () => {
    const a = c.instancias[0]!;
    const carlos = await login(a, 'carlos.fiscal');
    const ana = await login(a, 'ana.admin');
    const s = guardar(await conectar(a.base, carlos.body.sessionToken));
    const chegou = proximo<{ titulo: string }>(s, 'notificacao');
    const res = await a.app.inject({
      method: 'POST',
      url: '/api/v1/notificacoes',
      headers: ana.headers,
      payload: {
        usuarioId: carlos.body.id,
        titulo: 'Relatório pronto',
        corpo: 'Seu relatório foi gerado.',
        link: '/notificacoes',
      },
    });
    expect(res.statusCode).toBe(201);
    expect((await chegou).titulo).toBe('Relatório pronto');
  });

  it('o evento de um pedido chega a quem tem a permissão de pedidos na loja, não a todo usuário da loja', async () => {
    const a = c.instancias[0]!;
    const ana = await login(a, 'ana.admin');
    const fabio = await login(a, 'fabio.gerente'); // Gerência de loja em BV02: PERM_PEDIDO_VENDA_ACESSO
    const carlos = await login(a, 'carlos.fiscal'); // Fiscal em todas as lojas, sem a permissão de pedidos
    const lojas = await a.app.inject({ method: 'GET', url: '/api/v1/pessoa/lojas?count=50', headers: ana.headers });
    const bv02 = (lojas.json().items as { id: number; sigla: string }[]).find((l) => l.sigla === 'BV02')!.id;
    const comPermissao = guardar(await conectar(a.base, fabio.body.sessionToken));
    const semPermissao = guardar(await conectar(a.base, carlos.body.sessionToken));
    const chegou = proximo<{ id: number; novo: boolean }>(comPermissao, 'venda.pedido-alterado');
    const naoChegou = nenhum(semPermissao, 'venda.pedido-alterado', 1_000);
    const r = await a.app.inject({
      method: 'POST',
      url: '/api/v1/venda/pedidos',
      headers: ana.headers,
      payload: {
        lojaId: String(bv02),
        idExterno: 'RT-PERM-1',
        valorTotal: '10.00',
        status: 'ABERTO',
        itens: [{ produtoId: '999999', quantidadeDeEmbalagem: '1', valor: '10.00' }],
        pagamentos: [],
      },
    });
    expect(r.statusCode, r.body).toBe(201);
    expect(await chegou).toMatchObject({ id: r.json().id, novo: true });
    expect(await naoChegou).toBe(true);
  });

  it('após o logout o token de sessão não conecta mais', async () => {
    const a = c.instancias[0]!;
    const beatriz = await login(a, 'beatriz.fin');
    const s = guardar(await conectar(a.base, beatriz.body.sessionToken));
    const saiu = proximo(s, 'unauthorized');
    const out = await a.app.inject({ method: 'GET', url: '/api/auth/logout', headers: beatriz.headers });
    expect(out.statusCode).toBeLessThan(300);
    await saiu;
    await expect(conectar(a.base, beatriz.body.sessionToken)).rejects.toThrow(/unauthorized/);
  });
});

describe('tempo real: sessão que expira sem evento', () => {
  let c: Cluster;
  beforeAll(async () => {
    process.env.REALTIME_REVALIDAR_MS = '300';
    c = await criarCluster(1);
    delete process.env.REALTIME_REVALIDAR_MS;
  });
  afterAll(async () => c?.close());

  it('a revalidação periódica desconecta o socket de uma sessão expirada', async () => {
    const a = c.instancias[0]!;
    const gabi = await login(a, 'gabi.consulta');
    const s = guardar(await conectar(a.base, gabi.body.sessionToken));
    const recusado = proximo(s, 'unauthorized', 3_000);
    await adminQuery(
      c.ownerUrl,
      `update sessao set expira_em = now() - interval '1 second'
        where usuario_id = (select id from usuario where username = 'gabi.consulta')`,
    );
    await recusado;
    await proximo(s, 'disconnect', 2_000).catch(() => undefined);
    expect(s.connected).toBe(false);
  });
});

describe.skipIf(!REDIS)('tempo real entre duas instâncias (Redis)', () => {
  let c: Cluster;
  beforeAll(async () => {
    c = await criarCluster(2, { redisUrl: REDIS });
  });
  afterAll(async () => {
    for (const s of abertos) s.disconnect();
    await c?.close();
  });

  it('notificação criada em A chega ao cliente conectado em B', async () => {
    const [a, b] = c.instancias as [Cluster['instancias'][0], Cluster['instancias'][0]];
    const ana = await login(a, 'ana.admin');
    const carlos = await login(b, 'carlos.fiscal');
    const naB = guardar(await conectar(b.base, carlos.body.sessionToken));
    const outro = guardar(await conectar(b.base, ana.body.sessionToken));
    const chegou = proximo<{ titulo: string; link: string }>(naB, 'notificacao');
    const naoChegouAoOutro = nenhum(outro, 'notificacao', 800);
    const res = await a.app.inject({
      method: 'POST',
      url: '/api/v1/notificacoes',
      headers: ana.headers,
      payload: { usuarioId: carlos.body.id, titulo: 'Entre instâncias', link: '/notificacoes' },
    });
    expect(res.statusCode).toBe(201);
    expect(await chegou).toMatchObject({ titulo: 'Entre instâncias', link: '/notificacoes', lida: false });
    expect(await naoChegouAoOutro).toBe(true);
  });

  it('encerrar a sessão em A desconecta o socket do usuário em B', async () => {
    const [a, b] = c.instancias as [Cluster['instancias'][0], Cluster['instancias'][0]];
    const ana = await login(a, 'ana.admin');
    const diego = await login(b, 'diego.estoque');
    const naB = guardar(await conectar(b.base, diego.body.sessionToken));
    const unauthorized = proximo<{ motivo: string }>(naB, 'unauthorized');
    const desconectou = proximo<string>(naB, 'disconnect');
    const sessoes = await a.app.inject({ method: 'GET', url: '/api/v1/sessoes-ativas', headers: ana.headers });
    const alvo = sessoes.json().items.find((s: { username: string }) => s.username === 'diego.estoque');
    expect(alvo).toBeTruthy();
    const res = await a.app.inject({
      method: 'DELETE',
      url: `/api/v1/sessoes-ativas/${alvo.id}`,
      headers: ana.headers,
    });
    expect(res.statusCode).toBe(200);
    expect((await unauthorized).motivo).toBe('ADMINISTRADOR');
    expect(await desconectou).toBe('io server disconnect');
    expect(naB.connected).toBe(false);
  });
});
