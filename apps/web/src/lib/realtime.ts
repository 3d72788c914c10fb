/**
 * Realtime messaging client (spec §4): one socket.io client per page, created lazily and never
 * connected before login; after login it authenticates with the session token. The server's
 * `unauthorized` event (invalid or ended session) calls the logout callback; connection errors are
 * only logged (spec §8). On logout the connection is destroyed. socket.io-client is a lazy chunk,
 * loaded on the first connection, so the login route does not carry it.
 */
import type { Socket } from 'socket.io-client';

export const REALTIME_PATH = '/socket.io';

type Ouvinte = (payload: unknown) => void;

let socket: Socket | null = null;
let criando: Promise<Socket> | null = null;
/** Bumped by every connect and disconnect: a connection still loading the client yields to a later call. */
let geracao = 0;
let aoNaoAutorizado: () => void = () => {};
const ouvintes = new Map<string, Set<Ouvinte>>();
const ouvintesDaConexao = new Set<(conectado: boolean) => void>();
const avisarConexao = (conectado: boolean) => {
  for (const fn of ouvintesDaConexao) fn(conectado);
};

async function cliente(): Promise<Socket> {
  if (socket) return socket;
  criando ??= import('socket.io-client').then(({ io }) => criar(io));
  return criando;
}

function criar(io: typeof import('socket.io-client').io): Socket {
  const s = io({ path: REALTIME_PATH, autoConnect: false, transports: ['websocket', 'polling'] });
  s.on('unauthorized', () => {
    s.disconnect();
    aoNaoAutorizado();
  });
  s.on('connect_error', (err) => console.warn('[tempo real] falha de conexão:', err.message));
  s.on('connect', () => avisarConexao(true));
  s.on('disconnect', () => avisarConexao(false));
  s.onAny((evento: string, payload: unknown) => {
    for (const fn of ouvintes.get(evento) ?? []) fn(payload);
  });
  socket = s;
  return s;
}

/** The logout to run when the server refuses the session (set once by the app). */
export function aoSessaoRecusada(fn: () => void): void {
  aoNaoAutorizado = fn;
}

/** Connects (or reconnects with a new token) after login. */
export function conectarRealtime(sessionToken: string): void {
  const minha = ++geracao;
  void cliente()
    .then((s) => {
      if (minha !== geracao) return; // logged out (or connected again) while the client loaded
      const atual = (s.auth as { token?: string } | undefined)?.token;
      if (s.connected && atual === sessionToken) return;
      if (s.connected || s.active) s.disconnect();
      s.auth = { token: sessionToken };
      s.connect();
    })
    .catch((err: Error) => console.warn('[tempo real] cliente indisponível:', err.message));
}

/** Destroys the connection on logout (the client object stays for the next login). */
export function desconectarRealtime(): void {
  geracao++;
  if (!socket) return;
  socket.auth = {};
  socket.disconnect();
}

/** Listens to a server event (e.g. 'notificacao'); returns the function that stops listening. */
export function ouvirRealtime<T = unknown>(evento: string, fn: (payload: T) => void): () => void {
  let set = ouvintes.get(evento);
  if (!set) {
    set = new Set();
    ouvintes.set(evento, set);
  }
  const f = fn as Ouvinte;
  set.add(f);
  return () => set.delete(f);
}

export function realtimeConectado(): boolean {
  return socket?.connected ?? false;
}

/** Follows the socket going up and down (job progress polls only while it is down); returns the stop function. */
export function aoMudarConexao(fn: (conectado: boolean) => void): () => void {
  ouvintesDaConexao.add(fn);
  return () => ouvintesDaConexao.delete(fn);
}
