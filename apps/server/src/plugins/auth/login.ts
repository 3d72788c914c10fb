/**
 * Password sign-in shared by POST /api/auth, /api/auth/admin and the legacy form: throttling,
 * optional captcha, argon2id verification, the tenant's concurrent-session limit.
 */
import { verify } from '@node-rs/argon2';
import { falhaDeCampo } from '@retaguarda/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { audit } from '../../db/audit';
import type { Tx } from '../../db/database';
import type { SessaoTable } from '../../db/schema';
import { ApiError } from '../errors';
import type { Identity } from './identity';
import { MSG_AUTH } from './messages';
import { DUMMY_HASH } from './passwords';
import { type ActiveSession, activeSessions, endSessions, insertSession } from './sessions';
import type { Attempt } from './throttle';
import { sha256 } from './tokens';

export interface LoggedUser {
  id: number;
  username: string;
  administrador: boolean;
  forcePasswordReset: boolean;
}

export class SessionLimitError extends ApiError {
  constructor(readonly sessoes: ActiveSession[]) {
    super(409, MSG_AUTH.limiteSessoes);
  }
}

const keysOf = (assinanteId: number, username: string, ip: string) => ({
  user: `u:${assinanteId}:${username.trim().toLowerCase()}`,
  ip: `ip:${ip}`,
});

/** Per-user wait once locked: 1 min, doubling with each further failure, at most the window. */
export function lockSeconds(failures: number, max: number, windowSeconds: number): number {
  return Math.min(windowSeconds, 60 * 2 ** Math.max(0, failures - max));
}

function tooMany(reply: FastifyReply, seconds: number): ApiError {
  reply.header('Retry-After', String(Math.max(1, Math.ceil(seconds))));
  return new ApiError(429, MSG_AUTH.muitasTentativas(Math.max(1, Math.ceil(seconds / 60))));
}

/**
 * Whether this (already counted) attempt may have its password checked. The per-address limit is
 * a hard 429; a username past its limit needs the captcha when one is configured (the attacker
 * pays per try, the owner still gets in), otherwise waits a delay that grows with each failure.
 */
async function admit(
  id: Identity,
  request: FastifyRequest,
  reply: FastifyReply,
  tries: { user: Attempt; ip: Attempt },
  attempt: string,
  recaptchaToken: string | undefined,
): Promise<void> {
  const { throttle, settings: s } = id;
  const byUser = tries.user.attempts - 1; // failures before this attempt (in-flight ones included)
  const byIp = tries.ip.attempts - 1;
  if (tries.ip.attempts > s.loginMaxFailuresPerIp) throw tooMany(reply, tries.ip.retryAfter);
  // the web client posts the same credentials to the legacy form and to /api/auth: a pair that
  // just failed fails again without a second check or count
  if (await throttle.marked(`falhou:${attempt}`)) throw new ApiError(401, MSG_AUTH.credenciaisInvalidas);
  if (s.recaptchaSecret) {
    if (byUser < s.captchaAfterFailures && byIp < s.captchaAfterFailuresPerIp) return;
    if (await throttle.marked(`entrou:${attempt}`)) return; // the companion post of a sign-in just verified
    const passed =
      (recaptchaToken && (await verifyCaptcha(id, recaptchaToken, request.ip))) ||
      (await throttle.take(`captcha:${request.ip}`)); // one verified captcha, one try
    // a field error on recaptchaToken tells the sign-in screen to show the captcha (then POST /api/auth/recaptcha)
    if (!passed)
      throw new ApiError(400, MSG_AUTH.captchaObrigatorio, [
        falhaDeCampo('recaptchaToken', MSG_AUTH.captchaObrigatorio),
      ]);
    return;
  }
  if (byUser >= s.loginMaxFailures) {
    const wait = lockSeconds(byUser, s.loginMaxFailures, s.loginWindowSeconds) - (tries.user.sinceLast ?? 0);
    if (wait > 0) throw tooMany(reply, wait);
  }
}

/** Checks the password; throws 429 (throttled), 400 (captcha needed), 401 (bad) or 403 (inactive). */
export async function authenticate(
  id: Identity,
  request: FastifyRequest,
  reply: FastifyReply,
  assinanteId: number,
  username: string,
  password: string,
  recaptchaToken?: string,
): Promise<LoggedUser> {
  const keys = keysOf(assinanteId, username, request.ip);
  const { throttle } = id;
  const attempt = sha256(`${keys.user}|${keys.ip}|${password}`);
  // counted BEFORE the password is checked, atomically: a concurrent burst cannot get more checks
  // than the limits allow (reading the count first let 150 checks through a limit of 5)
  const [tryUser, tryIp] = await Promise.all([throttle.reserve(keys.user), throttle.reserve(keys.ip)]);
  const release = () =>
    Promise.all([throttle.release(keys.user, tryUser.token), throttle.release(keys.ip, tryIp.token)]);
  try {
    await admit(id, request, reply, { user: tryUser, ip: tryIp }, attempt, recaptchaToken);
  } catch (err) {
    await release(); // refused before any check: not a failure
    throw err;
  }

  const user = await id.db.reserve.withTenant(assinanteId, (trx) =>
    trx
      .selectFrom('usuario')
      .select(['id', 'username', 'senhaHash', 'ativo', 'administrador', 'forcePasswordReset'])
      .where(sql`lower(username)`, '=', username.trim().toLowerCase())
      .executeTakeFirst(),
  );
  // verify against a dummy hash for unknown users: the same time either way
  const ok = (await verify(user?.senhaHash ?? DUMMY_HASH, password).catch(() => false)) && !!user;
  if (!ok || !user) {
    // the reservations stay: they are the failures
    await throttle.mark(`falhou:${attempt}`, 30);
    await id.db.reserve.withTenant(assinanteId, (trx) =>
      audit(trx, {
        assinanteId,
        usuarioId: user?.id ?? null,
        entidade: 'autenticacao',
        entidadeId: null,
        operacao: 'OUTRO',
        depois: { falha: true, username: username.slice(0, 100), ip: request.ip },
        requestId: request.id,
      }),
    );
    throw new ApiError(401, MSG_AUTH.credenciaisInvalidas);
  }
  await Promise.all([
    throttle.reset(keys.user),
    throttle.release(keys.ip, tryIp.token),
    id.settings.recaptchaSecret ? throttle.mark(`entrou:${attempt}`, 30) : undefined,
  ]);
  if (!user.ativo) throw new ApiError(403, MSG_AUTH.usuarioInativo);
  return {
    id: user.id,
    username: user.username,
    administrador: user.administrador,
    forcePasswordReset: user.forcePasswordReset,
  };
}

/** Opens a session; at the tenant's interactive-session limit a fair share gives way, or 409 (checkLimit). */
export async function openSession(
  id: Identity,
  request: FastifyRequest,
  assinanteId: number,
  user: LoggedUser,
  tipo: SessaoTable['tipo'],
  before?: (trx: Tx) => Promise<void>,
  after?: (trx: Tx, sessaoId: string) => Promise<void>,
): Promise<string> {
  return id.db.reserve.withTenant(assinanteId, async (trx) => {
    await before?.(trx);
    if (tipo !== 'LEGADO') await checkLimit(id, trx, assinanteId, user, request.id);
    const sessaoId = await insertSession(
      trx,
      assinanteId,
      {
        usuarioId: user.id,
        tipo,
        ip: request.ip,
        userAgent: request.headers['user-agent'],
        maxSeconds: id.settings.sessionMaxSeconds,
      },
      id.signer,
      request.id,
    );
    await after?.(trx, sessaoId);
    return sessaoId;
  });
}

/**
 * Max-min fair share at the tenant's limit: a sign-in takes the least recently used session of the
 * user holding the most, when that user holds at least two more than the one signing in, so one
 * user can never keep every slot from the others; when the sessions are spread (one each, say)
 * nothing gives way and the limit answers 409. Sessions come most recently used first.
 */
export function sessionsToYield(live: readonly ActiveSession[], usuarioId: number, limit: number): ActiveSession[] {
  const byUser = new Map<number, ActiveSession[]>();
  for (const s of live) {
    const list = byUser.get(s.usuarioId);
    if (list) list.push(s);
    else byUser.set(s.usuarioId, [s]);
  }
  const own = byUser.get(usuarioId)?.length ?? 0;
  const out: ActiveSession[] = [];
  let total = live.length;
  while (total >= limit) {
    let top: ActiveSession[] | undefined;
    for (const [u, list] of byUser) if (u !== usuarioId && (!top || list.length > top.length)) top = list;
    if (!top || top.length < own + 2) return [];
    out.push(top.pop() as ActiveSession);
    total--;
  }
  return out;
}

async function checkLimit(id: Identity, trx: Tx, assinanteId: number, user: LoggedUser, requestId: string) {
  const cfg = await trx.selectFrom('configuracaoSessao').select('limiteSessoes').executeTakeFirst();
  if (!cfg?.limiteSessoes) return;
  // serialise concurrent sign-ins of the tenant so the limit holds
  await sql`select pg_advisory_xact_lock(724100, ${assinanteId})`.execute(trx);
  // the legacy cookie session is the companion of a web sign-in: only token sessions count
  const live = await activeSessions(trx, id.settings.inactivityMinutesDefault, { tipos: ['SENHA', 'SSO'] });
  if (live.length < cfg.limiteSessoes) return;
  const yielded = sessionsToYield(live, user.id, cfg.limiteSessoes);
  for (const s of yielded)
    await endSessions(trx, assinanteId, { sessaoId: s.id }, 'ENCERRADA_POR_LOGIN', { usuarioId: user.id, requestId });
  if (yielded.length) return;
  // a non-administrator may only end their own sessions, so only those are listed
  throw new SessionLimitError(user.administrador ? live : live.filter((s) => s.usuarioId === user.id));
}

/** Calls the configured reCAPTCHA verifier; true when it accepts the token. */
export async function verifyCaptcha(id: Identity, token: string, ip: string): Promise<boolean> {
  const secret = id.settings.recaptchaSecret;
  if (!secret) return false;
  let res: Response;
  try {
    res = await fetch(id.settings.recaptchaVerifyUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ secret, response: token, remoteip: ip }),
      signal: AbortSignal.timeout(5_000),
    });
  } catch {
    throw new ApiError(503, MSG_AUTH.captchaIndisponivel);
  }
  if (!res.ok) throw new ApiError(503, MSG_AUTH.captchaIndisponivel);
  const body = (await res.json().catch(() => ({}))) as { success?: boolean };
  return body.success === true;
}
