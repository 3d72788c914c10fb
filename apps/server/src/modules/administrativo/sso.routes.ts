/**
 * SSO API: GET /api/auth/sso (authorization URL + transaction), POST /api/auth/sso (code →
 * session, like a password login), POST /api/auth/sso/renovar (re-validation every 15 min).
 */
import { conclusaoSso, inicioSso, limiteDeSessoes, tokens } from '@retaguarda/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import type { Database } from '../../db/database';
import { authOf } from '../../plugins/auth';
import { ApiError } from '../../plugins/errors';
import { assinanteOf } from '../../plugins/tenant';
import { sendTokens, tokensFor } from '../../plugins/auth/session-tokens';
import { identityFor } from '../../plugins/auth/identity';
import { openSession, SessionLimitError } from '../../plugins/auth/login';
import { MSG_AUTH } from '../../plugins/auth/messages';
import { MSG_SSO, type Sso } from '../../plugins/auth/sso';
import { renewSso } from '../../plugins/auth/sso-session';

const tags = ['autenticação'];

export async function ssoRoutes(api: FastifyInstance, opts: { db: Database }): Promise<void> {
  const app = api.withTypeProvider<ZodTypeProvider>();
  const id = await identityFor(opts.db);
  const ssoOf = (): Sso => {
    if (!id.sso) throw new ApiError(501, MSG_SSO.naoConfigurado);
    return id.sso;
  };
  // the redirect target is configured or this host's SPA, never taken from the request
  const redirectOf = (request: FastifyRequest, sso: Sso) =>
    sso.settings.redirectUri ?? `${request.protocol}://${request.headers.host}/app/`;

  app.get(
    '/auth/sso',
    {
      config: { access: { public: true } },
      schema: { tags, summary: 'Inicia o login único (OIDC)', response: { 200: inicioSso } },
    },
    async (request) => {
      const sso = ssoOf();
      return sso.start(redirectOf(request, sso));
    },
  );

  app.post(
    '/auth/sso',
    {
      config: { access: { public: true } },
      schema: {
        tags,
        summary: 'Conclui o login único com o código do provedor',
        body: conclusaoSso,
        response: { 200: tokens, 409: limiteDeSessoes },
      },
    },
    async (request, reply) => {
      const assinante = assinanteOf(request);
      const identity = await ssoOf().finish(request.body);
      const user = await id.db.withTenant(assinante.id, (trx) =>
        trx
          .selectFrom('usuario')
          .select(['id', 'username', 'ativo', 'administrador', 'forcePasswordReset'])
          .where(sql`lower(username)`, '=', identity.username.toLowerCase())
          .executeTakeFirst(),
      );
      if (!user) throw new ApiError(403, MSG_SSO.usuarioDesconhecido);
      if (!user.ativo) throw new ApiError(403, MSG_AUTH.usuarioInativo);
      // the provider owns the password: no local forced change for SSO sign-ins
      const logged = { ...user, forcePasswordReset: false };
      try {
        const sessaoId = await openSession(id, request, assinante.id, logged, 'SSO', undefined, async (trx, sid) => {
          await trx
            .updateTable('sessao')
            .set({
              ssoRefreshToken: identity.refreshToken ? id.signer.seal(identity.refreshToken) : null,
              ssoRenovadoEm: sql`now()`,
            })
            .where('id', '=', sid)
            .execute();
        });
        return sendTokens(request, reply, await tokensFor(id, assinante.id, sessaoId, logged));
      } catch (err) {
        if (!(err instanceof SessionLimitError)) throw err;
        return reply.code(409).send({ message: err.message, reasons: [MSG_AUTH.limiteSessoes], sessoes: err.sessoes });
      }
    },
  );

  app.post(
    '/auth/sso/renovar',
    {
      config: { access: { passwordResetAllowed: true } },
      schema: { tags, summary: 'Revalida a sessão de login único no provedor', response: { 200: tokens } },
    },
    async (request, reply) => {
      const auth = authOf(request);
      if (!auth.sessaoId || auth.usuarioId === null) throw new ApiError(400, MSG_SSO.naoConfigurado);
      ssoOf();
      await renewSso(id, auth.assinanteId, auth.sessaoId, { force: true, requestId: request.id });
      return sendTokens(
        request,
        reply,
        await tokensFor(id, auth.assinanteId, auth.sessaoId, {
          id: auth.usuarioId,
          username: auth.username,
          forcePasswordReset: false,
        }),
      );
    },
  );
}
