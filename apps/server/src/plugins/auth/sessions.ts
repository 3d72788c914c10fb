/**
 * Server-side sessions: creation, the per-request liveness check (ended, absolute expiry,
 * inactivity, deactivated user), and ending. Every check runs on the database clock.
 */
import crypto from 'node:crypto';
import { sql } from 'kysely';
import { audit } from '../../db/audit';
import type { Database, Tx } from '../../db/database';
import type { MotivoEncerramento, SessaoTable } from '../../db/schema';
import { publicar } from '../events';
import { sha256, type Signer } from './tokens';

export interface SessionUser {
  sessaoId: string;
  tipo: SessaoTable['tipo'];
  usuarioId: number;
  username: string;
  nome: string;
  administrador: boolean;
  tipoCliente: 'BOTICARIO' | 'TODOS';
  forcePasswordReset: boolean;
  permissoes: string[];
  lojas: number[];
  lojaPrincipal: number | null;
}

type Lookup = { by: 'id' | 'token' | 'refresh'; value: string };

interface Row extends SessionUser {
  /** the tenant's rights version (migration 0082) */
  versao: number;
  encerrada: boolean;
  expirada: boolean;
  ociosa: boolean;
  ativo: boolean;
  tocar: boolean;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The session and its user's effective rights (union of active groups; admins see every store),
 * read by `app_sessao_viva` (migrations 0081/0082: one statement, plan cached per connection).
 */
function lookupArgs(assinanteId: number, lookup: Lookup, defaultIdleMinutes: number) {
  return [
    assinanteId,
    lookup.by === 'id' ? lookup.value : null,
    lookup.by === 'token' ? sha256(lookup.value) : null,
    lookup.by === 'refresh' ? sha256(lookup.value) : null,
    defaultIdleMinutes,
  ] as const;
}

async function loadRow(trx: Tx, assinanteId: number, lookup: Lookup, idle: number): Promise<Row | undefined> {
  if (lookup.by === 'id' && !UUID.test(lookup.value)) return undefined;
  const [a, id, token, refresh, minutos] = lookupArgs(assinanteId, lookup, idle);
  const { rows } = await sql<Row>`select * from app_sessao_viva(${a}, ${id}, ${token}, ${refresh}, ${minutos})`.execute(
    trx,
  );
  return rows[0];
}

type Direitos = Pick<SessionUser, 'permissoes' | 'lojas' | 'lojaPrincipal'> & { versao: number };
const direitos = new WeakMap<Database, Map<string, Direitos>>();
const DIREITOS_MAX = 10_000;

/**
 * The per-request check in ONE round trip with a cached plan: `app_sessao_viva` (0081/0082) sets
 * the tenant and runs the lookup inside the statement's own (implicit) transaction, as a named
 * statement prepared once per connection. The rights (~250 permission codes, stores) come back only
 * when the tenant's rights version differs from the one this process last saw for the session; the
 * version is read from the database on every request, so an edit counts from the next request on,
 * on every instance. Read only: a session that needs a write (idle/expired/user off → ended;
 * activity stamp due) takes the transactional path of `liveSession`.
 */
async function peekSession(db: Database, assinanteId: number, lookup: Lookup, defaultIdleMinutes: number) {
  if (lookup.by === 'id' && !UUID.test(lookup.value)) return undefined;
  let cache = direitos.get(db);
  if (!cache) {
    cache = new Map();
    direitos.set(db, cache);
  }
  const key = `${assinanteId}:${lookup.by}:${lookup.value}`;
  const known = cache.get(key);
  const { rows } = await db.pool.query<Row>({
    name: 'app_sessao_viva',
    text: 'select * from app_sessao_viva($1, $2, $3, $4, $5, $6)',
    values: [...lookupArgs(assinanteId, lookup, defaultIdleMinutes), known?.versao ?? null],
  });
  const row = rows[0];
  if (!row) return undefined;
  if (row.permissoes === null) {
    // same version as the one held: the rights held are the current ones
    if (!known || known.versao !== row.versao) return undefined;
    return { ...row, permissoes: known.permissoes, lojas: known.lojas, lojaPrincipal: known.lojaPrincipal };
  }
  if (cache.size >= DIREITOS_MAX) cache.clear();
  cache.set(key, {
    versao: row.versao,
    permissoes: row.permissoes,
    lojas: row.lojas,
    lojaPrincipal: row.lojaPrincipal,
  });
  return row;
}

export async function endSessions(
  trx: Tx,
  assinanteId: number,
  filter: { sessaoId?: string; usuarioId?: number; exceptSessaoId?: string },
  motivo: MotivoEncerramento,
  by: { usuarioId: number | null; requestId?: string },
): Promise<number> {
  let q = trx
    .updateTable('sessao')
    .set({ encerradaEm: sql`now()`, motivoEncerramento: motivo })
    .where('encerradaEm', 'is', null);
  if (filter.sessaoId) q = q.where('id', '=', filter.sessaoId);
  if (filter.usuarioId !== undefined) q = q.where('usuarioId', '=', filter.usuarioId);
  if (filter.exceptSessaoId) q = q.where('id', '<>', filter.exceptSessaoId);
  const ended = await q.returning(['id', 'usuarioId']).execute();
  for (const s of ended) {
    await audit(trx, {
      assinanteId,
      usuarioId: by.usuarioId,
      entidade: 'sessao',
      entidadeId: s.id,
      operacao: 'ALTERACAO',
      depois: { encerrada: true, motivo, usuarioId: s.usuarioId },
      requestId: by.requestId,
    });
    // after the commit, realtime tells this session's sockets (on any instance) and drops them
    publicar(trx, { tipo: 'sessao-encerrada', assinanteId, usuarioId: s.usuarioId, sessaoId: s.id, motivo });
  }
  return ended.length;
}

export type LiveResult = { ok: true; user: SessionUser } | { ok: false; motivo: MotivoEncerramento | 'DESCONHECIDA' };

/** Finds a live session; one found dead for a new reason (idle, expired, user off) is ended now. */
export async function liveSession(
  db: Database,
  assinanteId: number,
  lookup: Lookup,
  opts: { defaultIdleMinutes: number; touch: boolean; tipos?: SessaoTable['tipo'][]; requestId?: string },
): Promise<LiveResult> {
  const peek = await peekSession(db, assinanteId, lookup, opts.defaultIdleMinutes);
  if (!peek || (opts.tipos && !opts.tipos.includes(peek.tipo))) return { ok: false, motivo: 'DESCONHECIDA' } as const;
  if (peek.encerrada) return { ok: false, motivo: 'LOGOUT' } as const;
  if (peek.ativo && !peek.expirada && !peek.ociosa && !(opts.touch && peek.tocar)) {
    const { encerrada: _e, expirada: _x, ociosa: _o, ativo: _a, tocar: _t, versao: _v, ...user } = peek;
    return { ok: true, user } as const;
  }
  return db.withTenant(assinanteId, async (trx) => {
    const row = await loadRow(trx, assinanteId, lookup, opts.defaultIdleMinutes);
    if (!row || (opts.tipos && !opts.tipos.includes(row.tipo))) return { ok: false, motivo: 'DESCONHECIDA' } as const;
    if (row.encerrada) return { ok: false, motivo: 'LOGOUT' } as const;
    const motivo: MotivoEncerramento | undefined = !row.ativo
      ? 'USUARIO_INATIVADO'
      : row.expirada
        ? 'EXPIRADA'
        : row.ociosa
          ? 'INATIVIDADE'
          : undefined;
    if (motivo) {
      await endSessions(trx, assinanteId, { sessaoId: row.sessaoId }, motivo, {
        usuarioId: null,
        requestId: opts.requestId,
      });
      return { ok: false, motivo } as const;
    }
    if (opts.touch && row.tocar) {
      await trx.updateTable('sessao').set({ ultimaAtividade: sql`now()` }).where('id', '=', row.sessaoId).execute();
    }
    const { encerrada: _e, expirada: _x, ociosa: _o, ativo: _a, tocar: _t, versao: _v, ...user } = row;
    return { ok: true, user } as const;
  });
}

export interface NewSession {
  usuarioId: number;
  tipo: SessaoTable['tipo'];
  ip: string;
  userAgent: string | undefined;
  maxSeconds: number;
}

/** Inserts a session inside the caller's transaction; returns its id (the JWT `sid`). */
export async function insertSession(
  trx: Tx,
  assinanteId: number,
  s: NewSession,
  signer: Signer,
  requestId?: string,
): Promise<string> {
  const id = crypto.randomUUID();
  await trx
    .insertInto('sessao')
    .values({
      assinanteId,
      id,
      usuarioId: s.usuarioId,
      tipo: s.tipo,
      tokenHash: sha256(signer.sessionToken(id)),
      refreshHash: sha256(signer.refreshToken(id)),
      expiraEm: sql`now() + make_interval(secs => ${s.maxSeconds})`,
      ip: s.ip,
      userAgent: s.userAgent?.slice(0, 400) ?? null,
    })
    .execute();
  await trx.updateTable('usuario').set({ ultimoAcesso: sql`now()` }).where('id', '=', s.usuarioId).execute();
  await audit(trx, {
    assinanteId,
    usuarioId: s.usuarioId,
    entidade: 'sessao',
    entidadeId: id,
    operacao: 'INCLUSAO',
    depois: { tipo: s.tipo, ip: s.ip },
    requestId,
  });
  return id;
}

export interface ActiveSession {
  id: string;
  usuarioId: number;
  username: string;
  nome: string;
  tipo: string;
  criadaEm: Date;
  ultimaAtividade: Date;
  ip: string | null;
  userAgent: string | null;
}

/** Live sessions of the tenant (optionally of one user / some types), idle and expired ones left out. */
export async function activeSessions(
  trx: Tx,
  defaultIdleMinutes: number,
  opts: { usuarioId?: number; tipos?: SessaoTable['tipo'][] } = {},
): Promise<ActiveSession[]> {
  const { rows } = await sql<ActiveSession>`
    select s.id, s.usuario_id as "usuarioId", u.username, u.nome, s.tipo, s.criada_em as "criadaEm",
           s.ultima_atividade as "ultimaAtividade", s.ip, s.user_agent as "userAgent"
      from sessao s join usuario u on u.id = s.usuario_id
      left join configuracao_sessao c on true
     where s.encerrada_em is null and s.expira_em > now() and u.ativo
       and s.ultima_atividade + make_interval(mins => coalesce(c.inatividade_minutos, ${defaultIdleMinutes})) > now()
       ${opts.usuarioId !== undefined ? sql`and s.usuario_id = ${opts.usuarioId}` : sql``}
       ${opts.tipos ? sql`and s.tipo in (${sql.join(opts.tipos)})` : sql``}
     order by s.ultima_atividade desc`.execute(trx);
  return rows;
}
