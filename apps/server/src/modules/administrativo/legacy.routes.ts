/**
 * Routes outside /api that existing clients call: the legacy form sign-in
 * (POST /j_spring_security_check → HttpOnly cookie session for /vf), GET /auth/logout, and old links
 * to the legacy screens under /vf, sent to the web's /vf host.
 * They resolve the tenant themselves, since the tenant plugin lives in the /api scope.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Database } from '../../db/database';
import { ApiError } from '../../plugins/errors';
import { hostOf } from '../../plugins/tenant';
import { MSG } from '@retaguarda/domain';
import { logout, setLegacyCookie } from '../../plugins/auth/session-tokens';
import { identityFor } from '../../plugins/auth/identity';
import { authenticate, openSession } from '../../plugins/auth/login';

const form = z.object({ j_username: z.string().trim().min(1).max(150), j_password: z.string().min(1).max(512) });

export async function legacyRoutes(app: FastifyInstance, opts: { db: Database }): Promise<void> {
  const id = await identityFor(opts.db);
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 16_384 },
    (_req, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    },
  );

  const tenant = async (request: FastifyRequest) => {
    const assinante = await opts.db.resolveAssinante(hostOf(request));
    if (!assinante) throw new ApiError(404, MSG.assinaturaNaoEncontrada);
    return assinante;
  };

  app.post('/j_spring_security_check', async (request, reply) => {
    const assinante = await tenant(request);
    const parsed = form.safeParse(request.body ?? {});
    if (!parsed.success) throw new ApiError(401, MSG.naoAutenticado);
    const { j_username, j_password } = parsed.data;
    const user = await authenticate(id, request, reply, assinante.id, j_username, j_password);
    const sessaoId = await openSession(id, request, assinante.id, user, 'LEGADO');
    setLegacyCookie(request, reply, id.signer.sessionToken(sessaoId), id.settings.sessionMaxSeconds);
    return { id: user.id, username: user.username };
  });

  app.get('/auth/logout', async (request, reply) => logout(id, request, reply, (await tenant(request)).id));

  // old links to the legacy screens (/vf/<controlador>/<acao>?…, /vf?r=…&b=…) open the web's /vf host
  app.get('/vf', (request, reply) => reply.redirect(`/app/#/vf${request.url.slice('/vf'.length)}`));
  app.get('/vf/*', (request, reply) =>
    reply.redirect(`/app/#/vf?r=${encodeURIComponent(request.url.slice('/vf'.length))}`),
  );
}
