/**
 * What the engine needs from the caller's session: tenant, user (audit), administrador and
 * stores (store-bound registers). Permission checks are the auth hook's job (route config.access).
 */
import type { FastifyRequest } from 'fastify';
import { type AuthContext, authOf } from '../plugins/auth';

export type EngineAuth = Pick<AuthContext, 'assinanteId' | 'usuarioId' | 'administrador' | 'lojas' | 'permissoes'>;

export function engineAuthOf(request: FastifyRequest): EngineAuth {
  return authOf(request);
}
