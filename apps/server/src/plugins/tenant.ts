/**
 * The tenant (assinante) of every /api request comes from its Host header.
 * Lookups are cached briefly: the host table changes only through the admin CLI.
 */
import { MSG } from '@retaguarda/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Assinante, Database } from '../db/database';
import { ApiError } from './errors';

declare module 'fastify' {
  interface FastifyRequest {
    assinante?: Assinante;
  }
  interface FastifyContextConfig {
    /** false: the route answers without a tenant (health check, docs). */
    tenant?: boolean;
  }
}

const CACHE_MS = 30_000;

export function hostOf(request: FastifyRequest): string {
  return request.hostname
    .replace(/:\d+$/, '')
    .replace(/^\[|\]$/g, '')
    .toLowerCase();
}

export const tenantPlugin = fp(async (app: FastifyInstance, opts: { db: Database }) => {
  const cache = new Map<string, { at: number; value: Assinante | undefined }>();
  app.addHook('onRequest', async (request) => {
    if (request.routeOptions.config?.tenant === false) return;
    const host = hostOf(request);
    const hit = cache.get(host);
    let assinante = hit && Date.now() - hit.at < CACHE_MS ? hit.value : undefined;
    if (!hit || Date.now() - hit.at >= CACHE_MS) {
      assinante = await opts.db.resolveAssinante(host);
      cache.set(host, { at: Date.now(), value: assinante });
    }
    if (!assinante) throw new ApiError(404, MSG.assinaturaNaoEncontrada);
    request.assinante = assinante;
  });
});

/** The caller's tenant; routes behind the tenant hook always have one. */
export function assinanteOf(request: FastifyRequest): Assinante {
  if (!request.assinante) throw new ApiError(404, MSG.assinaturaNaoEncontrada);
  return request.assinante;
}
