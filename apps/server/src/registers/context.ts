/**
 * What the engine needs from the caller's session: tenant, user (audit), administrador and
 * stores (store-bound registers). Permission checks are the auth hook's job (route config.access).
 */
import type { FastifyRequest } from 'fastify';
import { ApiError } from '../plugins/errors';
import { MSG } from '@retaguarda/domain';

export interface EngineAuth {
  assinanteId: number;
  usuarioId: number | null;
  administrador: boolean;
  lojas: readonly number[];
  permissoes: ReadonlySet<string>;
}

/** Set by the auth plugin; tests may set it directly. */
type WithAuth = FastifyRequest & { auth?: Partial<EngineAuth> & { assinanteId: number } };

export function engineAuthOf(request: FastifyRequest): EngineAuth {
  const a = (request as WithAuth).auth;
  if (!a) throw new ApiError(401, MSG.naoAutenticado);
  return {
    assinanteId: a.assinanteId,
    usuarioId: a.usuarioId ?? null,
    administrador: a.administrador ?? false,
    lojas: a.lojas ?? [],
    permissoes: a.permissoes ?? new Set(),
  };
}
