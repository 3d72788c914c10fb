/**
 * Access control for every /api route. Each route declares `config.access`; the onRequest hook
 * reads the credential (Bearer or bare JWT, `x-api-key` or an integration key as Bearer, the
 * legacy cookie session), builds `request.auth` and enforces the declaration. A route without a
 * declaration is refused (fail closed) and listed by `undeclaredRoutes` (a test keeps it empty).
 */
import type { Server } from 'node:http';
import { MSG } from '@retaguarda/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../db/database';
import { closeIdentity, type Identity, identityFor } from '../modules/administrativo/identity';
import { MSG_AUTH } from '../modules/administrativo/mensagens';
import { liveSession, type SessionUser } from '../modules/administrativo/sessions';
import { apiKeyContext } from '../modules/administrativo/chaves.service';
import { type AccessClaims, looksLikeJwt, type Signer, TOKEN_PREFIX } from '../modules/administrativo/tokens';
import { ApiError } from './errors';
import { assinanteOf } from './tenant';

export interface AuthContext {
  assinanteId: number;
  usuarioId: number | null;
  username: string;
  sessaoId: string | null;
  apiKeyId: number | null;
  administrador: boolean;
  tipoCliente: 'BOTICARIO' | 'TODOS';
  permissoes: ReadonlySet<string>;
  /** Stores the caller may read and write: every store for administrators and unscoped keys. */
  lojas: readonly number[];
  lojaPrincipal: number | null;
  /** The user must change the password before anything else. */
  forcePasswordReset?: boolean;
}

export interface RouteAccess {
  public?: boolean;
  /** At least one of these permissions (absent or empty: any authenticated caller). */
  anyOf?: string[];
  tipoCliente?: 'BOTICARIO';
  adminOnly?: boolean;
  /** Entity named in the 403 message ("Você não tem permissão para acessar ou alterar {entidade}."). */
  entidade?: string;
  /** Path parameter that, when equal to the caller's user id, grants access by itself (own record). */
  ownUser?: string;
  /** Still reachable while the user must change the password. */
  passwordResetAllowed?: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth?: AuthContext;
  }
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
}

export const LEGACY_COOKIE = 'JSESSIONID';

/** The caller's identity; throws 401 when the request is not authenticated. */
export function authOf(request: FastifyRequest): AuthContext {
  if (!request.auth) throw new ApiError(401, MSG.naoAutenticado);
  return request.auth;
}

export function hasAnyPermission(auth: AuthContext, codes: readonly string[]): boolean {
  return codes.some((c) => auth.permissoes.has(c));
}

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

export function readCookie(request: FastifyRequest, name: string): string | undefined {
  const header = request.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const i = part.indexOf('=');
    if (i > 0 && part.slice(0, i).trim() === name) return decodeURIComponent(part.slice(i + 1).trim());
  }
  return undefined;
}

/** `Authorization: Bearer x` or the bare `Authorization: x` most integrations send. */
export function bearerOf(request: FastifyRequest): string | undefined {
  const raw = request.headers.authorization;
  if (!raw) return undefined;
  return raw.replace(/^Bearer\s+/i, '').trim() || undefined;
}

export function sessionContext(assinanteId: number, u: SessionUser): AuthContext {
  return {
    assinanteId,
    usuarioId: u.usuarioId,
    username: u.username,
    sessaoId: u.sessaoId,
    apiKeyId: null,
    administrador: u.administrador,
    tipoCliente: u.tipoCliente,
    permissoes: new Set(u.permissoes),
    lojas: u.lojas,
    lojaPrincipal: u.lojaPrincipal,
    forcePasswordReset: u.forcePasswordReset,
  };
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
  const liveOpts = {
    defaultIdleMinutes: identity.settings.inactivityMinutesDefault,
    touch: true,
    requestId: request.id,
  };
  if (token && !apiKey) {
    if (!looksLikeJwt(token)) throw unauthorized();
    const claims = await verifiedClaims(identity.signer, token);
    if (!claims || claims.ass !== assinante.id) throw unauthorized();
    const live = await liveSession(identity.db, assinante.id, { by: 'id', value: claims.sid }, liveOpts);
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
  if (auth.forcePasswordReset && !access.passwordResetAllowed)
    throw new ApiError(403, MSG_AUTH.trocaDeSenhaObrigatoria);
  const denied = () => new ApiError(403, MSG.semPermissao(access.entidade));
  if (access.ownUser && auth.usuarioId !== null) {
    const value = (params as Record<string, unknown> | undefined)?.[access.ownUser];
    if (value !== undefined && String(value) === String(auth.usuarioId)) return;
  }
  if (access.adminOnly && !auth.administrador) throw denied();
  if (access.tipoCliente && auth.tipoCliente !== access.tipoCliente) throw denied();
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
