/** Who is calling and what a route demands: the shapes every area reads through `authOf`. */
import { MSG } from '@retaguarda/domain';
import type { FastifyRequest } from 'fastify';
import { ApiError } from '../errors';
import type { SessionUser } from './sessions';

export interface AuthContext {
  assinanteId: number;
  usuarioId: number | null;
  username: string;
  sessaoId: string | null;
  apiKeyId: number | null;
  /** a registered device (POS, collector): its credential opens its store's device APIs only */
  dispositivoId?: number | null;
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
  /**
   * A device credential may call it (POS and collector APIs); any other route refuses devices (403).
   * 'somente': only devices (a terminal's own record): every user is refused.
   */
  dispositivo?: boolean | 'somente';
}

declare module 'fastify' {
  interface FastifyRequest {
    auth?: AuthContext;
  }
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
}

/** The caller's identity; throws 401 when the request is not authenticated. */
export function authOf(request: FastifyRequest): AuthContext {
  if (!request.auth) throw new ApiError(401, MSG.naoAutenticado);
  return request.auth;
}

export function hasAnyPermission(auth: AuthContext, codes: readonly string[]): boolean {
  return codes.some((c) => auth.permissoes.has(c));
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
