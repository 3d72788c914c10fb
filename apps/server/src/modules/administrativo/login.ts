/**
 * Password sign-in shared by POST /api/auth, /api/auth/admin and the legacy form: throttling,
 * optional captcha, argon2id verification, the tenant's concurrent-session limit.
 */
import { verify } from '@node-rs/argon2';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { audit } from '../../db/audit';
import type { Tx } from '../../db/database';
import type { SessaoTable } from '../../db/schema';
import { ApiError } from '../../plugins/errors';
import type { Identity } from './identity';
import { MSG_AUTH } from './mensagens';
import { DUMMY_HASH } from './passwords';
import { type ActiveSession, activeSessions, insertSession } from './sessions';
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
  const { throttle, settings } = id;
  const [byUser, byIp] = await Promise.all([throttle.status(keys.user), throttle.status(keys.ip)]);
  const blocked = [
    byUser.failures >= settings.loginMaxFailures ? byUser.retryAfter : 0,
    byIp.failures >= settings.loginMaxFailuresPerIp ? byIp.retryAfter : 0,
  ];
  const retryAfter = Math.max(...blocked);
  if (retryAfter > 0) {
    reply.header('Retry-After', String(retryAfter));
    throw new ApiError(429, MSG_AUTH.muitasTentativas(Math.ceil(retryAfter / 60)));
  }
  if (settings.recaptchaSecret && Math.max(byUser.failures, byIp.failures) >= settings.captchaAfterFailures) {
    const passed =
      (await throttle.marked(`captcha:${request.ip}`)) ||
      (recaptchaToken && (await verifyCaptcha(id, recaptchaToken, request.ip)));
    if (!passed) throw new ApiError(400, MSG_AUTH.captchaObrigatorio);
  }

  const user = await id.db.withTenant(assinanteId, (trx) =>
    trx
      .selectFrom('usuario')
      .select(['id', 'username', 'senhaHash', 'ativo', 'administrador', 'forcePasswordReset'])
      .where(sql`lower(username)`, '=', username.trim().toLowerCase())
      .executeTakeFirst(),
  );
  // verify against a dummy hash for unknown users: the same time either way
  const ok = (await verify(user?.senhaHash ?? DUMMY_HASH, password).catch(() => false)) && !!user;
  if (!ok || !user) {
    // the web client posts the same credentials to the legacy form and to /api/auth: count them once
    const attempt = `tentativa:${sha256(`${keys.user}|${keys.ip}|${password}`)}`;
    if (!(await throttle.marked(attempt))) {
      await throttle.mark(attempt, 30);
      await Promise.all([throttle.fail(keys.user), throttle.fail(keys.ip)]);
    }
    await id.db.withTenant(assinanteId, (trx) =>
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
  if (!user.ativo) throw new ApiError(403, MSG_AUTH.usuarioInativo);
  await throttle.reset(keys.user);
  return {
    id: user.id,
    username: user.username,
    administrador: user.administrador,
    forcePasswordReset: user.forcePasswordReset,
  };
}

/** Opens a session, refusing with 409 when the tenant's interactive-session limit is reached. */
export async function openSession(
  id: Identity,
  request: FastifyRequest,
  assinanteId: number,
  user: LoggedUser,
  tipo: SessaoTable['tipo'],
  before?: (trx: Tx) => Promise<void>,
  after?: (trx: Tx, sessaoId: string) => Promise<void>,
): Promise<string> {
  return id.db.withTenant(assinanteId, async (trx) => {
    await before?.(trx);
    if (tipo !== 'LEGADO') await checkLimit(id, trx, assinanteId, user);
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

async function checkLimit(id: Identity, trx: Tx, assinanteId: number, user: LoggedUser): Promise<void> {
  const cfg = await trx.selectFrom('configuracaoSessao').select('limiteSessoes').executeTakeFirst();
  if (!cfg?.limiteSessoes) return;
  // serialise concurrent sign-ins of the tenant so the limit holds
  await sql`select pg_advisory_xact_lock(724100, ${assinanteId})`.execute(trx);
  // the legacy cookie session is the companion of a web sign-in: only token sessions count
  const live = await activeSessions(trx, id.settings.inactivityMinutesDefault, { tipos: ['SENHA', 'SSO'] });
  if (live.length < cfg.limiteSessoes) return;
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
