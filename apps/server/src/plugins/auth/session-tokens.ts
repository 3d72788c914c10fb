/** Token responses, refresh and logout, shared by the /api routes and their root aliases. */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { bearerOf, LEGACY_COOKIE, readCookie, sameOriginSignal } from './credentials';
import { ApiError } from '../errors';
import type { Identity } from './identity';
import { MSG_AUTH } from './messages';
import { endSessions, type LiveResult, liveSession } from './sessions';
import { renewSso } from './sso-session';
import { looksLikeJwt, TOKEN_PREFIX } from './tokens';

export interface TokenResponse {
  accessToken: string;
  refreshToken: string;
  sessionToken: string;
  username: string;
  id: number;
}

export async function tokensFor(
  id: Identity,
  assinanteId: number,
  sessaoId: string,
  user: { id: number; username: string; forcePasswordReset: boolean },
): Promise<TokenResponse> {
  const accessToken = await id.signer.accessToken(
    {
      sub: String(user.id),
      sid: sessaoId,
      ass: assinanteId,
      username: user.username,
      forcePasswordReset: user.forcePasswordReset,
    },
    id.settings.accessTtlSeconds,
  );
  return {
    accessToken,
    refreshToken: id.signer.refreshToken(sessaoId),
    sessionToken: id.signer.sessionToken(sessaoId),
    username: user.username,
    id: user.id,
  };
}

/**
 * The web's refresh token as a cookie, so the tabs of a browser share one session without a token in
 * script-readable storage: HttpOnly (no script reads it), SameSite=Strict (no other site sends it),
 * Path=/api/auth (only sign-in, refresh and logout see it). A new tab calls refresh with it (and the
 * REFRESH_HEADER a cross-site form cannot send) and keeps its access token in memory.
 */
export const REFRESH_COOKIE = 'rtg_refresh';
export const REFRESH_HEADER = 'x-retaguarda-renovacao';

// no Max-Age when set: it lives while the browser is open; the server session keeps its own expiry
function refreshCookie(request: FastifyRequest, valor: string, apagar = false): string {
  const secure = request.protocol === 'https' ? '; Secure' : '';
  return `${REFRESH_COOKIE}=${valor}; Path=/api/auth; HttpOnly; SameSite=Strict${apagar ? '; Max-Age=0' : ''}${secure}`;
}

/**
 * The JSON keeps every token (integrations read them, api-compat); the cookie is set beside it. The
 * vendor SDK's XML (root `ResultToken`) comes from the content negotiation plugin (plugins/xml.ts).
 */
export function sendTokens(request: FastifyRequest, reply: FastifyReply, body: TokenResponse): FastifyReply {
  reply.header('set-cookie', refreshCookie(request, body.refreshToken));
  return reply.send(body);
}

export const clearRefreshCookie = (request: FastifyRequest, reply: FastifyReply) =>
  reply.header('set-cookie', refreshCookie(request, '', true));

/** The refresh cookie counts only with the custom header and a same-origin signal (CSRF: SameSite is not all). */
function refreshFromCookie(request: FastifyRequest): string | undefined {
  const cookie = readCookie(request, REFRESH_COOKIE);
  if (!cookie || request.headers[REFRESH_HEADER] !== '1' || !sameOriginSignal(request)) return undefined;
  return cookie.startsWith(TOKEN_PREFIX.refresh) ? cookie : undefined;
}

/**
 * Which session an Authorization header names: a refresh token, or an access token that may
 * have expired (the web client refreshes that way) as long as its session lives.
 */
async function sessionFromAuthorization(
  id: Identity,
  request: FastifyRequest,
  assinanteId: number,
  touch: boolean,
): Promise<LiveResult | undefined> {
  const token = bearerOf(request) ?? refreshFromCookie(request);
  if (!token) return undefined;
  const opts = { defaultIdleMinutes: id.settings.inactivityMinutesDefault, touch, requestId: request.id };
  if (token.startsWith(TOKEN_PREFIX.refresh))
    return liveSession(id.db, assinanteId, { by: 'refresh', value: token }, opts);
  if (token.startsWith(TOKEN_PREFIX.sessao))
    return liveSession(id.db, assinanteId, { by: 'token', value: token }, opts);
  if (!looksLikeJwt(token)) return { ok: false, motivo: 'DESCONHECIDA' };
  const claims = await id.signer.verify(token, id.settings.sessionMaxSeconds);
  if (!claims || claims.ass !== assinanteId) return { ok: false, motivo: 'DESCONHECIDA' };
  return liveSession(id.db, assinanteId, { by: 'id', value: claims.sid }, opts);
}

export async function refresh(id: Identity, request: FastifyRequest, assinanteId: number): Promise<TokenResponse> {
  if (!bearerOf(request) && !refreshFromCookie(request)) throw new ApiError(400, MSG_AUTH.tokenAusente);
  const live = await sessionFromAuthorization(id, request, assinanteId, true);
  if (!live?.ok) {
    throw new ApiError(
      401,
      live?.motivo === 'INATIVIDADE' || live?.motivo === 'EXPIRADA' ? MSG_AUTH.sessaoExpirada : MSG_AUTH.tokenInvalido,
    );
  }
  const u = live.user;
  if (u.tipo === 'SSO') await renewSso(id, assinanteId, u.sessaoId, { force: false, requestId: request.id });
  return tokensFor(id, assinanteId, u.sessaoId, {
    id: u.usuarioId,
    username: u.username,
    forcePasswordReset: u.forcePasswordReset,
  });
}

export const clearLegacyCookie = (reply: FastifyReply) =>
  reply.header('set-cookie', `${LEGACY_COOKIE}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0`);

export function setLegacyCookie(request: FastifyRequest, reply: FastifyReply, token: string, maxSeconds: number): void {
  const secure = request.protocol === 'https' ? '; Secure' : '';
  reply.header(
    'set-cookie',
    `${LEGACY_COOKIE}=${token}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${maxSeconds}${secure}`,
  );
}

/** Ends the session named by the Authorization header and the legacy cookie's; 401 when neither names one. */
export async function logout(
  id: Identity,
  request: FastifyRequest,
  reply: FastifyReply,
  assinanteId: number,
): Promise<{ message: string }> {
  const ids = new Set<string>();
  // every tab of this browser loses the shared session: its refresh cookie goes too
  if (readCookie(request, REFRESH_COOKIE)) clearRefreshCookie(request, reply);
  const fromHeader = await sessionFromAuthorization(id, request, assinanteId, false);
  if (fromHeader?.ok) ids.add(fromHeader.user.sessaoId);
  const cookie = readCookie(request, LEGACY_COOKIE);
  // a cookie-only logout may be a cross-site <img>: it needs a same-origin signal (the bearer call does not)
  if (cookie && !fromHeader?.ok && !sameOriginSignal(request)) throw new ApiError(403, MSG_AUTH.origemRecusada);
  if (cookie) {
    clearLegacyCookie(reply);
    const live = await liveSession(
      id.db,
      assinanteId,
      { by: 'token', value: cookie },
      { defaultIdleMinutes: id.settings.inactivityMinutesDefault, touch: false },
    );
    if (live.ok) ids.add(live.user.sessaoId);
  }
  if (!ids.size) throw new ApiError(401, MSG_AUTH.tokenInvalido);
  const usuarioId = fromHeader?.ok ? fromHeader.user.usuarioId : null;
  await id.db.withTenant(assinanteId, async (trx) => {
    for (const sessaoId of ids)
      await endSessions(trx, assinanteId, { sessaoId }, 'LOGOUT', { usuarioId, requestId: request.id });
  });
  return { message: MSG_AUTH.sessaoEncerrada };
}
