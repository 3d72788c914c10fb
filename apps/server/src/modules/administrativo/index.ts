/** Administrativo: identity and access. `administrativoRoutes` goes in the /api scope, `legacyRoutes` at the root. */
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database';
import { authRoutes } from './auth.routes';
import { avatarRoutes } from './avatar.routes';
import { chavesRoutes } from './chaves.routes';
import { euMesmoRoutes } from './eumesmo.routes';
import { gruposRoutes } from './grupos.routes';
import { sessoesRoutes } from './sessoes.routes';
import { ssoRoutes } from './sso.routes';
import { usuariosRoutes } from './usuarios.routes';

export { legacyRoutes } from './legacy.routes';

export async function administrativoRoutes(app: FastifyInstance, opts: { db: Database }): Promise<void> {
  await app.register(authRoutes, opts);
  await app.register(ssoRoutes, opts);
  await app.register(euMesmoRoutes, opts);
  await app.register(usuariosRoutes, opts);
  await app.register(gruposRoutes, opts);
  await app.register(sessoesRoutes, opts);
  await app.register(chavesRoutes, opts);
  await app.register(avatarRoutes, opts);
}
