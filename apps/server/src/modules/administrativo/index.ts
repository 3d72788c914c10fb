/**
 * Administrativo: users, groups, sessions, integration keys, avatars and the sign-in routes.
 * The identity core (sessions, tokens, keys, throttle, SSO) is the auth plugin's (plugins/auth/);
 * its HTTP routes (login, refresh, logout, SSO, sessions and keys admin) are mounted here, with the
 * screens that manage them, so plugins/ stays free of routes of a menu area. `legacyRoutes`
 * (the /vf form sign-in) goes at the root, outside /api.
 */
import type { AreaPlugin } from '../area';
import { authRoutes } from './auth.routes';
import { avatarRoutes } from './avatar.routes';
import { chavesRoutes } from './chaves.routes';
import { euMesmoRoutes } from './eumesmo.routes';
import { gruposRoutes } from './grupos.routes';
import { sessoesRoutes } from './sessoes.routes';
import { ssoRoutes } from './sso.routes';
import { usuariosRoutes } from './usuarios.routes';

export { legacyRoutes } from './legacy.routes';

export const administrativo: AreaPlugin = async (app, { db }) => {
  await app.register(authRoutes, { db });
  await app.register(ssoRoutes, { db });
  await app.register(euMesmoRoutes, { db });
  await app.register(usuariosRoutes, { db });
  await app.register(gruposRoutes, { db });
  await app.register(sessoesRoutes, { db });
  await app.register(chavesRoutes, { db });
  await app.register(avatarRoutes, { db });
};
