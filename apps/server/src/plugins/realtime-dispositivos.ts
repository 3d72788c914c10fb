/**
 * Realtime to registered devices (POS terminals, collectors). A device connects with its credential as the
 * socket's token and joins its tenant's, its store's and its own room. It hears:
 * - `frente-de-loja.carga-alterada` {entidades}: something its store's feed carries changed (the change-log
 *   trigger NOTIFYs at commit; every instance LISTENs and tells its own sockets, coalesced over 250 ms), so the
 *   terminal fetches the feed instead of polling;
 * - `frente-de-loja.dispositivo-status` {status, message}: blocked or revoked — then it is disconnected.
 */
import { MSG_DISPOSITIVO } from '@retaguarda/domain';
import pg from 'pg';
import type { Server, Socket } from 'socket.io';
import type { Assinante, Database } from '../db/database';
import { dispositivoContext } from './auth/dispositivos';
import { TOKEN_PREFIX } from './auth/tokens';

export const EVENTOS_DISPOSITIVO = {
  cargaAlterada: 'frente-de-loja.carga-alterada',
  status: 'frente-de-loja.dispositivo-status',
} as const;

export const salaDispositivosAssinante = (a: number) => `da:${a}`;
export const salaDispositivosLoja = (a: number, l: number) => `dl:${a}:${l}`;
export const salaDispositivo = (a: number, d: number) => `dv:${a}:${d}`;

export const ehCredencialDeDispositivo = (token: unknown): token is string =>
  typeof token === 'string' && token.startsWith(TOKEN_PREFIX.dispositivo);

/** Joins a device's socket to its rooms; false when the credential is not an active device's. */
export async function conectarDispositivo(db: Database, assinante: Assinante, socket: Socket, token: string) {
  const r = await dispositivoContext(db, assinante, token);
  if (!r.ok) return false;
  const lojaId = r.auth.lojas[0]!;
  socket.data = {
    assinanteId: assinante.id,
    usuarioId: 0,
    sessaoId: '',
    administrador: false,
    dispositivoId: r.auth.dispositivoId,
  };
  await socket.join([
    salaDispositivosAssinante(assinante.id),
    salaDispositivosLoja(assinante.id, lojaId),
    salaDispositivo(assinante.id, r.auth.dispositivoId!),
  ]);
  socket.emit('autenticado', { dispositivoId: r.auth.dispositivoId, lojaId });
  return true;
}

/** A device blocked or revoked: told why, then disconnected (this instance's sockets). */
export function avisarStatus(io: Server, assinanteId: number, dispositivoId: number, status: string): void {
  const sala = salaDispositivo(assinanteId, dispositivoId);
  const message = status === 'REVOGADO' ? MSG_DISPOSITIVO.credencialRevogada : MSG_DISPOSITIVO.dispositivoBloqueado;
  io.local.to(sala).emit(EVENTOS_DISPOSITIVO.status, { status, message });
  if (status !== 'ATIVO') io.local.in(sala).disconnectSockets(true);
}

/** LISTENs to the change log's announcements and tells this instance's devices; returns the stop function. */
export function ouvirCargas(db: Database, io: Server, log: { warn(o: object, m: string): void }): () => void {
  let parado = false;
  let cliente: pg.Client | undefined;
  const pendentes = new Map<string, Set<string>>();
  let timer: NodeJS.Timeout | undefined;
  const despachar = () => {
    timer = undefined;
    for (const [sala, entidades] of pendentes)
      io.local.to(sala).emit(EVENTOS_DISPOSITIVO.cargaAlterada, { entidades: [...entidades] });
    pendentes.clear();
  };
  const anotar = (sala: string, entidade: string) => {
    const set = pendentes.get(sala) ?? new Set<string>();
    set.add(entidade);
    pendentes.set(sala, set);
    timer ??= setTimeout(despachar, 250);
  };
  const conectar = async () => {
    if (parado) return;
    const c = new pg.Client({ ...db.pool.options });
    cliente = c;
    c.on('error', (err) => {
      log.warn({ err: err.message }, 'aviso de cargas indisponível; reconectando');
      c.end().catch(() => undefined);
      if (!parado) setTimeout(() => void conectar().catch(() => undefined), 2_000).unref();
    });
    c.on('notification', (n) => {
      const [entidade, alvos] = (n.payload ?? '').split(';');
      if (!entidade || alvos === undefined) return;
      for (const alvo of alvos.split(',')) {
        const [a, l] = alvo.split(':');
        if (!a) continue;
        anotar(
          l === '*' || !l ? salaDispositivosAssinante(Number(a)) : salaDispositivosLoja(Number(a), Number(l)),
          entidade,
        );
      }
    });
    await c.connect();
    await c.query('listen carga_alteracao');
  };
  void conectar().catch((err) => log.warn({ err: (err as Error).message }, 'aviso de cargas indisponível'));
  return () => {
    parado = true;
    if (timer) clearTimeout(timer);
    cliente?.end().catch(() => undefined);
  };
}
