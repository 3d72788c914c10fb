import type { FastifyInstance } from 'fastify';
import { io as ioClient, type Socket } from 'socket.io-client';
import { inject } from 'vitest';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { createDatabase, type Database } from '../../src/db/database';
import { APP_ROLE } from '../../src/db/migrate';
import { adminQuery, nomeBancoDoTeste, type TestApp } from '../helpers/app';

function urlFor(base: string, database: string, user?: string, password?: string): string {
  const u = new URL(base);
  u.pathname = `/${database}`;
  if (user) {
    u.username = user;
    u.password = password ? encodeURIComponent(password) : '';
  }
  return u.toString();
}

export interface Instancia extends TestApp {
  /** http://localhost:<port> (localhost maps to the demo tenant Bela Vida). */
  base: string;
}

export interface Cluster {
  instancias: Instancia[];
  ownerUrl: string;
  close(): Promise<void>;
}

export async function criarCluster(n: number, opts: { redisUrl?: string } = {}): Promise<Cluster> {
  const { serverUrl, template, appPassword } = inject('testDb');
  const name = nomeBancoDoTeste();
  await adminQuery(urlFor(serverUrl, 'postgres'), `create database ${name} template ${template}`);
  const appUrl = urlFor(serverUrl, name, APP_ROLE, appPassword);
  const ownerUrl = urlFor(serverUrl, name);
  const instancias: Instancia[] = [];
  const dbs: Database[] = [];
  const apps: FastifyInstance[] = [];
  for (let i = 0; i < n; i++) {
    const db = createDatabase(appUrl);
    dbs.push(db);
    const config = { ...loadConfig(), logLevel: 'silent', redisUrl: opts.redisUrl };
    const app = await buildApp({ config, db, logger: false });
    apps.push(app);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    instancias.push({
      app,
      db,
      appUrl,
      ownerUrl,
      base: `http://localhost:${port}`,
      close: async () => {},
    });
  }
  return {
    instancias,
    ownerUrl,
    async close() {
      for (const app of apps) await app.close();
      for (const db of dbs) await db.close();
      await adminQuery(urlFor(serverUrl, 'postgres'), `drop database if exists ${name} with (force)`);
    },
  };
}

/** Connects a socket.io client with a session token; resolves once the server authenticated it. */
export async function conectar(base: string, token: string): Promise<Socket> {
  const socket = ioClient(base, {
    path: '/socket.io',
    auth: { token },
    transports: ['websocket'],
    reconnection: false,
  });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('socket não autenticou em 5 s')), 5_000);
    socket.once('autenticado', () => {
      clearTimeout(timer);
      resolve();
    });
    socket.once('unauthorized', (p: unknown) => {
      clearTimeout(timer);
      reject(new Error(`unauthorized: ${JSON.stringify(p)}`));
    });
    socket.once('connect_error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
  });
  return socket;
}

/** Resolves with the payload of the next `event` on `socket` (or rejects after `ms`). */
export function proximo<T = unknown>(socket: Socket, event: string, ms = 5_000): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`evento ${event} não chegou em ${ms} ms`)), ms);
    socket.once(event, (payload: T) => {
      clearTimeout(timer);
      resolve(payload);
    });
  });
}

/** True when no `event` arrives within `ms`. */
export function nenhum(socket: Socket, event: string, ms = 400): Promise<boolean> {
  return new Promise((resolve) => {
    const fn = () => resolve(false);
    socket.once(event, fn);
    setTimeout(() => {
      socket.off(event, fn);
      resolve(true);
    }, ms);
  });
}
