/**
 * Access control for every /api route. Each route declares `config.access`; the onRequest hook
 * reads the credential (Bearer or bare JWT, `x-api-key` or an integration key as Bearer, the
 * legacy cookie session), builds `request.auth` and enforces the declaration. A route without a
 * declaration is refused (fail closed) and listed by `undeclaredRoutes` (a test keeps it empty).
 */
import type { Server } from 'node:http';
import { MSG, MSG_DISPOSITIVO, MSG_TIPO_CLIENTE } from '@retaguarda/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../../db/database';
import { MSG_AUTH } from './messages';
import { ApiError } from '../errors';
import { assinanteOf } from '../tenant';
import { apiKeyContext } from './api-keys';
import { dispositivoContext } from './dispositivos';
import { type AuthContext, hasAnyPermission, type RouteAccess, sessionContext } from './context';
import { bearerOf, LEGACY_COOKIE, readCookie } from './credentials';
import { closeIdentity, type Identity, identityFor } from './identity';
import { liveSession } from './sessions';
import { type AccessClaims, looksLikeJwt, type Signer, TOKEN_PREFIX } from './tokens';

export type { AuthContext, RouteAccess } from './context';
export { authOf, hasAnyPermission, sessionContext } from './context';
export { bearerOf, LEGACY_COOKIE, readCookie } from './credentials';

export interface RouteDeclaration {
  method: string;
  url: string;
  access: RouteAccess | undefined;
}

const declarations = new WeakMap<Server, RouteDeclaration[]>();

/** Every /api route seen by the auth plugin, with its declaration. */
export function routeDeclarations(app: FastifyInstance): RouteDeclaration[] {
  return declarations.get(app.server) ?? [];
}

export function undeclaredRoutes(app: FastifyInstance): RouteDeclaration[] {
  return routeDeclarations(app).filter((r) => !r.access);
}

/** Validates a session token (realtime connections authenticate with it). */
export async function authenticateSessionToken(
  db: Database,
  assinanteId: number,
  token: string,
): Promise<AuthContext | undefined> {
  const id = await identityFor(db);
  const live = await liveSession(
    db,
    assinanteId,
    { by: 'token', value: token },
    { defaultIdleMinutes: id.settings.inactivityMinutesDefault, touch: false },
  );
  return live.ok ? sessionContext(assinanteId, live.user) : undefined;
}

/**
 * Signature checks are pure (same token, same key → same answer until `exp`): a verified token is
 * remembered until it expires, so its HMAC is not recomputed on every request. Whether the session
 * is still alive is NOT cached: `liveSession` asks the database on every request.
 */
const verified = new WeakMap<Signer, Map<string, { claims: AccessClaims; exp: number }>>();
const VERIFIED_MAX = 10_000;

async function verifiedClaims(signer: Signer, token: string): Promise<AccessClaims | undefined> {
  let cache = verified.get(signer);
  if (!cache) {
    cache = new Map();
    verified.set(signer, cache);
  }
  const hit = cache.get(token);
  if (hit && Date.now() < hit.exp) return hit.claims;
  if (hit) cache.delete(token);
  const claims = await signer.verify(token);
  const exp = expOf(token);
  if (claims && exp) {
    if (cache.size >= VERIFIED_MAX) cache.clear();
    cache.set(token, { claims, exp });
  }
  return claims;
}

function expOf(token: string): number | undefined {
  try {
    const exp = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')).exp;
    return typeof exp === 'number' ? exp * 1000 : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The activity stamp falls due once a minute; a request allowed to stamp takes the transactional
 * path (UPDATE of the session's row). Only one request per session and process may try every 30 s:
 * without this, every request in flight when the stamp fell due updated the same row, queued on its
 * lock (bench/cauda.ts: 50 at once, p50 94 ms, max 290 ms). The stamp lags real activity by at most
 * 90 s instead of 60, minutes below any inactivity limit; idle or expired sessions still end at once.
 */
const TOQUE_MS = 30_000;
const toques = new Map<string, number>();

function podeTocar(sessaoId: string): boolean {
  const agora = Date.now();
  const ate = toques.get(sessaoId);
  if (ate !== undefined && ate > agora) return false;
  if (toques.size >= VERIFIED_MAX) toques.clear();
  toques.set(sessaoId, agora + TOQUE_MS);
  return true;
}

async function resolve(identity: Identity, request: FastifyRequest): Promise<AuthContext | undefined> {
  const assinante = assinanteOf(request);
  const unauthorized = (msg: string = MSG_AUTH.tokenInvalido) => new ApiError(401, msg);
  const token = bearerOf(request);
  const headerKey = request.headers['x-api-key'];
  const apiKey = token?.startsWith(TOKEN_PREFIX.chave)
    ? token
    : typeof headerKey === 'string'
      ? headerKey.trim()
      : undefined;
  if (token?.startsWith(TOKEN_PREFIX.dispositivo)) {
    const ctx = await dispositivoContext(identity.db, assinante, token);
    if (!ctx.ok) throw ctx.erro;
    return ctx.auth;
  }
  const liveOpts = {
    defaultIdleMinutes: identity.settings.inactivityMinutesDefault,
    touch: true,
    requestId: request.id,
  };
  if (token && !apiKey) {
    if (!looksLikeJwt(token)) throw unauthorized();
    const claims = await verifiedClaims(identity.signer, token);
    if (!claims || claims.ass !== assinante.id) throw unauthorized();
    const live = await liveSession(
      identity.db,
      assinante.id,
      { by: 'id', value: claims.sid },
      { ...liveOpts, touch: podeTocar(claims.sid) },
    );
    if (!live.ok)
      throw unauthorized(
        live.motivo === 'INATIVIDADE' || live.motivo === 'EXPIRADA' ? MSG_AUTH.sessaoExpirada : MSG_AUTH.tokenInvalido,
      );
    return sessionContext(assinante.id, live.user);
  }
  if (apiKey) {
    const ctx = await apiKeyContext(identity.db, assinante, apiKey, request);
    if (!ctx) throw unauthorized(MSG_AUTH.chaveInvalida);
    return ctx;
  }
  const cookie = readCookie(request, LEGACY_COOKIE);
  if (cookie) {
    const live = await liveSession(
      identity.db,
      assinante.id,
      { by: 'token', value: cookie },
      { ...liveOpts, tipos: ['LEGADO'] },
    );
    if (!live.ok) throw unauthorized(MSG_AUTH.sessaoExpirada);
    refuseCrossSite(request);
    return sessionContext(assinante.id, live.user);
  }
  return undefined;
}

/** A cookie travels with cross-site requests: writes authenticated by it must come from this origin. */
function refuseCrossSite(request: FastifyRequest): void {
  if (request.method === 'GET' || request.method === 'HEAD' || request.method === 'OPTIONS') return;
  const site = request.headers['sec-fetch-site'];
  const origin = request.headers.origin;
  let foreign = site === 'cross-site';
  if (origin && origin !== 'null') {
    try {
      foreign ||= new URL(origin).host !== request.headers.host;
    } catch {
      foreign = true;
    }
  }
  if (foreign) throw new ApiError(403, MSG_AUTH.origemRecusada);
}

export function enforce(access: RouteAccess, auth: AuthContext, params: unknown): void {
  const own = () => {
    const value = access.ownUser ? (params as Record<string, unknown> | undefined)?.[access.ownUser] : undefined;
    return value !== undefined && auth.usuarioId !== null && String(value) === String(auth.usuarioId);
  };
  // a pending password change (spec §4) opens only the routes that allow it, and on a user's
  // route (nova-senha) only for oneself: not an administrator's reset of another user's password
  if (auth.forcePasswordReset && !(access.passwordResetAllowed && (!access.ownUser || own())))
    throw new ApiError(403, MSG_AUTH.trocaDeSenhaObrigatoria);
  const denied = () => new ApiError(403, MSG.semPermissao(access.entidade));
  // a device opens the POS and collector APIs only, never the back office (fail closed)
  if (auth.dispositivoId != null) {
    if (access.public) return;
    if (!access.dispositivo) throw new ApiError(403, MSG_DISPOSITIVO.somenteRetaguarda);
    return;
  }
  if (access.dispositivo === 'somente') throw denied();
  if (own()) return;
  if (access.adminOnly && !auth.administrador) throw denied();
  if (access.tipoCliente && auth.tipoCliente !== access.tipoCliente)
    throw new ApiError(403, MSG_TIPO_CLIENTE.somenteFranquia(access.entidade));
  if (access.anyOf?.length && !hasAnyPermission(auth, access.anyOf)) throw denied();
}

export const authPlugin = fp(async (app: FastifyInstance, opts: { db: Database }) => {
  const identity = await identityFor(opts.db);
  const list: RouteDeclaration[] = declarations.get(app.server) ?? [];
  declarations.set(app.server, list);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) list.push({ method, url: route.url, access: route.config?.access });
  });
  app.addHook('onRequest', async (request) => {
    if (request.is404) return; // unknown /api paths keep their JSON 404
    const access = request.routeOptions.config?.access;
    if (access?.public) return;
    const auth = await resolve(identity, request);
    if (!auth) throw new ApiError(401, MSG.naoAutenticado);
    request.auth = auth;
    if (!access) {
      request.log.error({ url: request.routeOptions.url }, 'rota sem declaração de acesso');
      throw new ApiError(403, MSG.semPermissao());
    }
    enforce(access, auth, request.params);
  });
  app.addHook('onClose', async () => closeIdentity(opts.db));
});
