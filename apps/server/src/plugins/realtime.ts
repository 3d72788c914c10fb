/**
 * Realtime messaging (spec §4 "Realtime messaging client"): socket.io 4 on the app's own HTTP
 * server at /socket.io. A client connects with `auth: { token: <sessionToken> }`; the session is
 * checked against the `sessao` table of the tenant of the Host header. An invalid or ended session
 * gets `unauthorized` and is disconnected (the browser then logs out).
 *
 * Rooms: `a:{assinante}` (tenant), `u:{assinante}:{usuario}` (user), `s:{sessao}` (session), and
 * `l:{assinante}:{loja}` for each store of the user's `lojasUsuario` (area events with audience `loja`).
 * Platform events are applied to this instance's sockets and, with REDIS_URL, forwarded to the
 * other instances through the Redis adapter (serverSideEmit), each applying them locally: this
 * keeps "emit unauthorized, then disconnect" in order on every instance.
 */
import { createAdapter } from '@socket.io/redis-adapter';
import type { FastifyInstance } from 'fastify';
import { EVENTOS_DAS_AREAS } from '@retaguarda/domain';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import { type BroadcastOperator, Server, type Socket } from 'socket.io';
import type { Database } from '../db/database';
import { identityFor } from './auth/identity';
import { MSG_AUTH } from './auth/messages';
import { activeSessions } from './auth/sessions';
import { ouvir, type PlataformaEvento, recebidoDeOutraInstancia } from './events';
import { authenticateSessionToken } from './auth';
import { avisarStatus, conectarDispositivo, ehCredencialDeDispositivo, ouvirCargas } from './realtime-dispositivos';

export const REALTIME_PATH = '/socket.io';
/** Event names the browser listens to. */
export const EVENTOS = {
  nao_autorizado: 'unauthorized',
  autenticado: 'autenticado',
  notificacao: 'notificacao',
  sessaoEncerrada: 'sessao-encerrada',
  logoutSolicitado: 'logout-solicitado',
  atualizacao: (fase: string) => `atualizacao-${fase}`,
  tarefa: 'tarefa',
} as const;

const ENTRE_INSTANCIAS = 'rtg:evento';

export const salaAssinante = (a: number) => `a:${a}`;
export const salaUsuario = (a: number, u: number) => `u:${a}:${u}`;
export const salaSessao = (s: string) => `s:${s}`;
export const salaLoja = (a: number, l: number) => `l:${a}:${l}`;
/** an area event declared with a permission: the store's (or tenant's) users holding it */
export const salaLojaPermissao = (a: number, l: number, p: string) => `lp:${a}:${l}:${p}`;
export const salaAssinantePermissao = (a: number, p: string) => `ap:${a}:${p}`;

/** The permissions area events are declared with (each user joins the rooms of those they hold). */
const PERMISSOES_DE_EVENTOS = [...new Set(EVENTOS_DAS_AREAS.flatMap((e) => (e.permissao ? [e.permissao] : [])))];

export interface SocketData {
  assinanteId: number;
  usuarioId: number;
  sessaoId: string;
  administrador: boolean;
  /** a registered device's socket (realtime-dispositivos.ts): no user, no session */
  dispositivoId?: number | null;
}

/** Every event carries one JSON payload. */
type Eventos = Record<string, (payload: unknown) => void>;
type Io = Server<Eventos, Eventos, Eventos, SocketData>;

export interface RealtimeOptions {
  db: Database;
  redisUrl?: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    realtime: Server;
  }
}

/**
 * Instances share events only when they share the database: the Redis channel is named after it,
 * so two deployments (or two test databases) on one Redis never hear each other.
 */
export function canalRedis(db: Database): string {
  const url = db.pool.options.connectionString;
  const nome = url ? new URL(url).pathname.replace(/^\//, '') : (db.pool.options.database ?? '');
  return `retaguarda#${nome || 'padrao'}`;
}

function hostOf(header: string | undefined): string {
  return (header ?? '')
    .replace(/:\d+$/, '')
    .replace(/^\[|\]$/g, '')
    .toLowerCase();
}

async function autenticar(db: Database, socket: Socket<Eventos, Eventos, Eventos, SocketData>): Promise<void> {
  const token = (socket.handshake.auth as { token?: unknown } | undefined)?.token;
  const recusar = () => {
    socket.emit(EVENTOS.nao_autorizado, { message: MSG_AUTH.sessaoExpirada });
    socket.disconnect(true);
  };
  if (typeof token !== 'string' || !token) return recusar();
  const assinante = await db.resolveAssinante(hostOf(socket.handshake.headers.host));
  if (!assinante) return recusar();
  if (ehCredencialDeDispositivo(token)) {
    if (!(await conectarDispositivo(db, assinante, socket as unknown as Socket, token))) recusar();
    return;
  }
  const auth = await authenticateSessionToken(db, assinante.id, token);
  if (!auth || auth.usuarioId === null || auth.sessaoId === null) return recusar();
  const data: SocketData = {
    assinanteId: assinante.id,
    usuarioId: auth.usuarioId,
    sessaoId: auth.sessaoId,
    administrador: auth.administrador,
  };
  socket.data = data;
  await socket.join([
    salaAssinante(data.assinanteId),
    salaUsuario(data.assinanteId, data.usuarioId),
    salaSessao(data.sessaoId),
    // the stores as they were at connection: a change of the user's stores applies from the next connection
    ...auth.lojas.map((l) => salaLoja(data.assinanteId, l)),
    // so the permissions: events declared with one reach only who holds it (administrators hold all)
    ...PERMISSOES_DE_EVENTOS.filter((p) => auth.administrador || auth.permissoes.has(p)).flatMap((p) => [
      salaAssinantePermissao(data.assinanteId, p),
      ...auth.lojas.map((l) => salaLojaPermissao(data.assinanteId, l, p)),
    ]),
  ]);
  socket.emit(EVENTOS.autenticado, { usuarioId: data.usuarioId });
}

/**
 * Sessions also die without an event (idle or absolute expiry, found only when checked): every
 * interval the sockets of this instance are checked against the live sessions of their tenant.
 */
async function revalidar(db: Database, io: Io): Promise<void> {
  const porAssinante = new Map<number, Socket<Eventos, Eventos, Eventos, SocketData>[]>();
  for (const s of io.of('/').sockets.values()) {
    if (!s.data?.sessaoId) continue;
    const lista = porAssinante.get(s.data.assinanteId) ?? [];
    lista.push(s);
    porAssinante.set(s.data.assinanteId, lista);
  }
  if (!porAssinante.size) return;
  const idle = (await identityFor(db)).settings.inactivityMinutesDefault;
  for (const [assinanteId, sockets] of porAssinante) {
    const vivas = new Set((await db.withTenant(assinanteId, (trx) => activeSessions(trx, idle))).map((s) => s.id));
    for (const s of sockets) {
      if (vivas.has(s.data.sessaoId)) continue;
      s.emit(EVENTOS.nao_autorizado, { message: MSG_AUTH.sessaoExpirada });
      s.disconnect(true);
    }
  }
}

/** Applies one platform event to the sockets of this instance only. */
function aplicar(io: Io, e: PlataformaEvento): void {
  const local: BroadcastOperator<Eventos, SocketData> = io.local;
  switch (e.tipo) {
    case 'notificacao':
      local.to(salaUsuario(e.assinanteId, e.usuarioId)).emit(EVENTOS.notificacao, e.notificacao);
      return;
    case 'sessao-encerrada': {
      const sala = local.to(salaSessao(e.sessaoId));
      sala.emit(EVENTOS.sessaoEncerrada, { motivo: e.motivo });
      sala.emit(EVENTOS.nao_autorizado, { message: MSG_AUTH.sessaoEncerrada, motivo: e.motivo });
      local.in(salaSessao(e.sessaoId)).disconnectSockets(true);
      return;
    }
    case 'logout-solicitado': {
      const sala = local.to(salaAssinante(e.assinanteId));
      const alvo = e.porUsuarioId === null ? sala : sala.except(salaUsuario(e.assinanteId, e.porUsuarioId));
      alvo.emit(EVENTOS.logoutSolicitado, { mensagem: e.mensagem });
      return;
    }
    case 'tarefa':
      if (e.usuarioId !== null) local.to(salaUsuario(e.assinanteId, e.usuarioId)).emit(EVENTOS.tarefa, e.tarefa);
      return;
    case 'atualizacao':
      local.to(salaAssinante(e.assinanteId)).emit(EVENTOS.atualizacao(e.fase), {
        id: e.atualizacaoId,
        versaoAlvo: e.versaoAlvo,
        mensagem: e.mensagem,
        em: e.em,
      });
      return;
    case 'dispositivo':
      avisarStatus(io as unknown as Server, e.assinanteId, e.dispositivoId, e.status);
      return;
    case 'area': {
      const p = e.permissao ?? null;
      const sala =
        e.publico === 'loja' && e.lojaId !== null
          ? p
            ? salaLojaPermissao(e.assinanteId, e.lojaId, p)
            : salaLoja(e.assinanteId, e.lojaId)
          : e.publico === 'usuario' && e.usuarioId !== null
            ? salaUsuario(e.assinanteId, e.usuarioId)
            : e.publico === 'assinante'
              ? p
                ? salaAssinantePermissao(e.assinanteId, p)
                : salaAssinante(e.assinanteId)
              : null;
      if (sala) local.to(sala).emit(e.nome, e.payload);
      return;
    }
  }
}

export const realtimePlugin = fp(async (app: FastifyInstance, opts: RealtimeOptions) => {
  const io: Io = new Server(app.server, {
    path: REALTIME_PATH,
    serveClient: false,
  });
  let redis: Redis[] = [];
  if (opts.redisUrl) {
    // commands wait for the reconnection instead of failing: the adapter's (p)subscribe and publish
    // promises are not awaited by it, and a rejection there would end the process (Redis down at start)
    const pub = new Redis(opts.redisUrl, { maxRetriesPerRequest: null });
    const sub = pub.duplicate();
    // Redis outages are logged; events then reach only this instance's sockets
    for (const c of [pub, sub]) {
      let avisado = false; // one warning per outage, not one per reconnection attempt
      c.on('error', (err) => {
        if (!avisado) app.log.warn({ err: err.message }, 'redis (realtime) indisponível');
        avisado = true;
      });
      c.on('ready', () => {
        if (avisado) app.log.info('redis (realtime) disponível de novo');
        avisado = false;
      });
    }
    redis = [pub, sub];
    // installed once Redis answers: until then (Redis down at start) events stay on this instance
    sub.once('ready', () => io.adapter(createAdapter(pub, sub, { key: canalRedis(opts.db) })));
  }
  const nsp = io.of('/');
  // events forwarded by other instances
  nsp.on(ENTRE_INSTANCIAS, (e: unknown) => {
    aplicar(io, e as PlataformaEvento);
    recebidoDeOutraInstancia(opts.db, e as PlataformaEvento);
  });
  const parar = ouvir(opts.db, (e) => {
    aplicar(io, e);
    if (redis.length) nsp.serverSideEmit(ENTRE_INSTANCIAS, e);
  });

  const pararCargas = ouvirCargas(opts.db, io as unknown as Server, app.log);
  const intervalo = Number(process.env.REALTIME_REVALIDAR_MS) || 60_000;
  const timer = setInterval(() => {
    revalidar(opts.db, io).catch((err) =>
      app.log.warn({ err: (err as Error).message }, 'falha ao revalidar sessões em tempo real'),
    );
  }, intervalo);
  timer.unref();

  io.on('connection', (socket) => {
    autenticar(opts.db, socket).catch((err) => {
      app.log.warn({ err: (err as Error).message }, 'falha ao autenticar conexão em tempo real');
      socket.emit(EVENTOS.nao_autorizado, { message: MSG_AUTH.sessaoExpirada });
      socket.disconnect(true);
    });
  });

  app.decorate('realtime', io as unknown as Server);
  // Before the HTTP server closes: upgraded websockets would otherwise keep it open.
  app.addHook('preClose', async () => {
    clearInterval(timer);
    parar();
    pararCargas();
    io.local.disconnectSockets(true);
    await nsp.adapter.close();
    io.engine.close();
    await Promise.all(redis.map((c) => c.quit().catch(() => c.disconnect())));
  });
});
