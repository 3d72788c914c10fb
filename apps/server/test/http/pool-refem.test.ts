/**
 * Pool held hostage: downloads whose client stops reading must not pin database connections, sign-in
 * and the health check keep connections of their own, exports are limited per user and per tenant,
 * a client that takes nothing is cut, and a runaway list or export stops at its statement timeout.
 * A real listening server (app.inject cannot read slowly): raw sockets that pause after the status line.
 */
import fs from 'node:fs';
import net from 'node:net';
import { MSG } from '@retaguarda/domain';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { exportGate, exportLimits } from '../../src/registers/export';
import { adminQuery, createTestApp, type TestApp } from '../helpers/app';
import { DEMO_SENHA, login } from '../helpers/auth';

// a small main pool, read when the test app's database is created
process.env.DB_POOL_MAX = '5';
process.env.DB_POOL_RESERVE = '2';

let t: TestApp;
let port: number;
let ana: string;
let gabi: string;
const saved = { ...exportLimits };
const sockets: net.Socket[] = [];

beforeAll(async () => {
  t = await createTestApp();
  ana = (await login(t, 'ana.admin')).token;
  gabi = (await login(t, 'gabi.consulta')).token;
  // ~25 MB of CSV: far more than the kernel's socket buffers hold for a client that does not read
  await adminQuery(
    t.ownerUrl,
    `insert into marca (assinante_id, descricao, ativo)
       select 1, 'Marca de carga ' || g || ' ' || repeat('x', 220), false from generate_series(1, 100000) g`,
  );
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as net.AddressInfo).port;
}, 120_000);
afterEach(async () => {
  for (const s of sockets.splice(0)) s.destroy();
  Object.assign(exportLimits, saved);
  t.db.settings.listTimeoutMs = 10_000;
  t.db.settings.exportTimeoutMs = 300_000;
  await new Promise((r) => setTimeout(r, 300)); // the server sees the sockets close and frees the slots
});
afterAll(() => t.close());

const EXPORT = '/api/v1/produto/marcas/export?format=csv&sort=id';

interface Slow {
  socket: net.Socket;
  status: number;
  closed: Promise<void>;
}

/** Sends the request, reads up to the status line, then stops reading (the socket stays open). */
function slowGet(path: string, token: string): Promise<Slow> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    sockets.push(socket);
    const closed = new Promise<void>((r) => socket.once('close', () => r()));
    let head = '';
    socket.on('error', () => {});
    socket.on('data', function first(chunk) {
      head += chunk.toString('latin1');
      if (!head.includes('\r\n')) return;
      socket.off('data', first);
      socket.pause();
      resolve({ socket, status: Number(head.slice(9, 12)), closed });
    });
    socket.once('close', () => reject(new Error('conexão fechada antes da resposta')));
    socket.write(`GET ${path} HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${token}\r\n\r\n`);
  });
}

/** Spool files this process still holds open (unlinked at once, so only /proc sees them). */
function spoolsOpen(): number {
  let n = 0;
  for (const fd of fs.readdirSync('/proc/self/fd'))
    try {
      if (fs.readlinkSync(`/proc/self/fd/${fd}`).includes('retaguarda-exportacao-')) n++;
    } catch {
      // closed meanwhile
    }
  return n;
}

async function timed(path: string, init: RequestInit = {}) {
  const t0 = performance.now();
  const res = await fetch(`http://127.0.0.1:${port}${path}`, { ...init, signal: AbortSignal.timeout(15_000) });
  const body = await res.text();
  return { status: res.status, ms: performance.now() - t0, body };
}

const signIn = () =>
  timed('/api/auth', {
    method: 'POST',
    headers: { 'content-type': 'application/json', host: 'localhost' },
    body: JSON.stringify({ username: 'beatriz.fin', password: DEMO_SENHA }),
  });

describe('a slow client cannot hold the pool', () => {
  it('more slow exports than the pool: sign-in, the health check and lists still answer at once', async () => {
    Object.assign(exportLimits, { perUser: 100, perTenant: 100 });
    const slow = await Promise.all(Array.from({ length: 8 }, () => slowGet(EXPORT, ana)));
    expect(slow.map((s) => s.status)).toEqual(Array(8).fill(200));
    for (const probe of [
      () => timed('/api/v1/status', { method: 'HEAD' }),
      () => timed('/api/v1/status'),
      signIn,
      () => timed('/api/v1/produto/marcas?count=1', { headers: { authorization: ana } }),
    ]) {
      const r = await probe();
      expect(r.status).toBe(200);
      expect(r.ms).toBeLessThan(1_500);
    }
    // the downloads are still open, but none holds a connection
    expect(slow.every((s) => !s.socket.destroyed)).toBe(true);
    expect(t.db.pool.totalCount - t.db.pool.idleCount).toBe(0);
    expect(spoolsOpen()).toBe(8);
    for (const s of slow) s.socket.destroy();
    for (let i = 0; i < 30 && spoolsOpen() > 0; i++) await new Promise((r) => setTimeout(r, 100));
    expect(spoolsOpen()).toBe(0);
  });

  it('sign-in and the health check have connections the rest cannot take', async () => {
    // every connection of the main pool busy (and more waiting)
    const held = Array.from({ length: 7 }, () =>
      t.db.withTenant(1, (trx) => sql`select pg_sleep(2.5)`.execute(trx)).catch(() => {}),
    );
    await new Promise((r) => setTimeout(r, 200));
    expect(t.db.pool.waitingCount).toBeGreaterThan(0);
    const status = await timed('/api/v1/status');
    expect(status.status).toBe(200);
    expect(status.ms).toBeLessThan(1_000);
    const entrar = await signIn();
    expect(entrar.status).toBe(200);
    expect(entrar.ms).toBeLessThan(1_500);
    await Promise.all(held);
  });

  it('limits exports per user and per tenant (429 in Portuguese) and frees the slot when the download ends', async () => {
    Object.assign(exportLimits, { perUser: 2, perTenant: 3 });
    const [a1] = await Promise.all([slowGet(EXPORT, ana), slowGet(EXPORT, ana)]);
    const third = await timed(EXPORT, { headers: { authorization: ana } });
    expect(third.status).toBe(429);
    expect(JSON.parse(third.body).message).toBe(MSG.exportacoesDoUsuario(2));
    expect((await slowGet(EXPORT, gabi)).status).toBe(200);
    const tenant = await timed(EXPORT, { headers: { authorization: gabi } });
    expect(tenant.status).toBe(429);
    expect(JSON.parse(tenant.body).message).toBe(MSG.exportacoesDaAssinatura(3));
    a1!.socket.destroy();
    let again = 0;
    for (let i = 0; i < 20 && again !== 200; i++) {
      await new Promise((r) => setTimeout(r, 100));
      const s = await slowGet(EXPORT, ana).catch(() => undefined);
      again = s?.status ?? 0;
      if (again !== 200) s?.socket.destroy();
    }
    expect(again).toBe(200);
  });

  it('a client that leaves while its export is read gives its slot and spool back', async () => {
    const socket = net.connect(port, '127.0.0.1');
    socket.on('error', () => {});
    socket.write(`GET ${EXPORT} HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${ana}\r\n\r\n`);
    await new Promise((r) => setTimeout(r, 50));
    socket.destroy();
    for (let i = 0; i < 50 && (exportGate.inUse(1) > 0 || spoolsOpen() > 0); i++)
      await new Promise((r) => setTimeout(r, 100));
    expect(exportGate.inUse(1)).toBe(0);
    expect(spoolsOpen()).toBe(0);
  });

  it('a client that takes nothing for the write timeout is cut', async () => {
    exportLimits.writeTimeoutMs = 400;
    const s = await slowGet(EXPORT, ana);
    expect(s.status).toBe(200);
    await new Promise((r) => setTimeout(r, 2_000));
    // the server let the download go (its slot is free); the client, reading again, finds the connection closed
    expect(exportGate.inUse(1)).toBe(0);
    s.socket.resume();
    const cut = await Promise.race([
      s.closed.then(() => 'cortado'),
      new Promise((r) => setTimeout(r, 5_000, 'aberto')),
    ]);
    expect(cut).toBe('cortado');
  });
});

describe('statement timeout', () => {
  /** Holds a lock on marca from outside the app: every read of it waits (a runaway statement). */
  async function lockMarca(ms: number) {
    const c = new pg.Client({ connectionString: t.ownerUrl });
    await c.connect();
    await c.query('begin; lock table marca in access exclusive mode');
    const released = new Promise<void>((r) =>
      setTimeout(async () => {
        await c.query('rollback');
        await c.end();
        r();
      }, ms),
    );
    return { released };
  }

  it('a list that runs past DB_STATEMENT_TIMEOUT_MS answers 503 with a clear message instead of hanging', async () => {
    t.db.settings.listTimeoutMs = 300;
    const { released } = await lockMarca(4_000);
    const t0 = performance.now();
    const res = await t.app.inject({ url: '/api/v1/produto/marcas?count=1', headers: { authorization: ana } });
    expect(res.statusCode).toBe(503);
    expect(res.json().message).toBe(MSG.consultaDemorada);
    expect(performance.now() - t0).toBeLessThan(2_000);
    await released;
  });

  it("one tenant's burst of slow lists leaves connections for the other tenants' lists", async () => {
    const marta = await login(t, 'marta.admin', 'mercadao.localhost');
    const { released } = await lockMarca(3_000);
    const burst = Array.from({ length: 6 }, () =>
      t.app.inject({ url: '/api/v1/produto/marcas?count=1', headers: { authorization: ana } }),
    );
    await new Promise((r) => setTimeout(r, 300));
    expect(t.db.pool.totalCount - t.db.pool.idleCount).toBeLessThan(5); // 3 lists (+ a session check)
    const t0 = performance.now();
    const other = await t.app.inject({ url: '/api/v1/produto/produtos?count=1', headers: marta.headers });
    expect(other.statusCode).toBe(200);
    expect(performance.now() - t0).toBeLessThan(1_500);
    await released;
    expect((await Promise.all(burst)).map((r) => r.statusCode)).toEqual(Array(6).fill(200));
  });

  it('an export stops at its own (longer) statement timeout, before any byte is sent', async () => {
    t.db.settings.exportTimeoutMs = 300;
    const { released } = await lockMarca(4_000);
    const res = await t.app.inject({ url: EXPORT, headers: { authorization: ana } });
    expect(res.statusCode).toBe(503);
    expect(res.json().message).toBe(MSG.consultaDemorada);
    await released;
    // the slot and the connection went back
    expect((await t.app.inject({ url: `${EXPORT}&q=id==1`, headers: { authorization: ana } })).statusCode).toBe(200);
  });
});
