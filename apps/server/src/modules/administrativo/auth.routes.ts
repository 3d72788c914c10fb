/** Authentication API (spec §7): sign-in, admin sign-in, refresh, logout, reCAPTCHA. */
import {
  credenciais,
  credenciaisEncerrandoSessao,
  limiteDeSessoes,
  recaptchaEntrada,
  recaptchaVerificado,
  sessaoEncerradaNoLogout,
  tokens,
} from '@retaguarda/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '../../db/database';
import { ApiError } from '../../plugins/errors';
import { assinanteOf } from '../../plugins/tenant';
import { logout, refresh, sendTokens, tokensFor } from '../../plugins/auth/session-tokens';
import { identityFor } from '../../plugins/auth/identity';
import { authenticate, openSession, SessionLimitError, verifyCaptcha } from '../../plugins/auth/login';
import { MSG_AUTH } from '../../plugins/auth/messages';
import { endSessions } from '../../plugins/auth/sessions';
import { sha256, TOKEN_PREFIX } from '../../plugins/auth/tokens';

const PUBLIC = { access: { public: true } } as const;
const tags = ['autenticação'];

export async function authRoutes(api: FastifyInstance, opts: { db: Database }): Promise<void> {
  const app = api.withTypeProvider<ZodTypeProvider>();
  const id = await identityFor(opts.db);
  // XML bodies (the SDK labels its JSON login body application/xml) are read by plugins/xml.ts

  app.post(
    '/auth',
    {
      config: PUBLIC,
      schema: {
        tags,
        summary: 'Login por usuário e senha',
        body: credenciais,
        response: { 200: tokens, 409: limiteDeSessoes },
      },
    },
    async (request, reply) => {
      const assinante = assinanteOf(request);
      const { username, password, recaptchaToken } = request.body;
      const user = await authenticate(id, request, reply, assinante.id, username, password, recaptchaToken);
      try {
        const sessaoId = await openSession(id, request, assinante.id, user, 'SENHA');
        return sendTokens(request, reply, await tokensFor(id, assinante.id, sessaoId, user));
      } catch (err) {
        if (!(err instanceof SessionLimitError)) throw err;
        return reply.code(409).send({ message: err.message, reasons: [MSG_AUTH.limiteSessoes], sessoes: err.sessoes });
      }
    },
  );

  app.post(
    '/auth/admin',
    {
      config: PUBLIC,
      schema: {
        tags,
        summary: 'Login encerrando uma sessão ativa',
        body: credenciaisEncerrandoSessao,
        response: { 200: tokens, 409: limiteDeSessoes },
      },
    },
    async (request, reply) => {
      const assinante = assinanteOf(request);
      const { username, password, recaptchaToken, sessionTokenToInvalidate: target } = request.body;
      const user = await authenticate(id, request, reply, assinante.id, username, password, recaptchaToken);
      try {
        const sessaoId = await openSession(id, request, assinante.id, user, 'SENHA', async (trx) => {
          // the handle may be the session id listed by the 409 or the session token itself
          const byToken = target.startsWith(TOKEN_PREFIX.sessao);
          if (!byToken && !/^[0-9a-f-]{36}$/i.test(target)) throw new ApiError(404, MSG_AUTH.sessaoAlvoNaoEncontrada);
          const alvo = await trx
            .selectFrom('sessao')
            .select(['id', 'usuarioId'])
            .where(byToken ? 'tokenHash' : 'id', '=', byToken ? sha256(target) : target)
            .executeTakeFirst();
          if (!alvo) throw new ApiError(404, MSG_AUTH.sessaoAlvoNaoEncontrada);
          if (alvo.usuarioId !== user.id && !user.administrador) throw new ApiError(403, MSG_AUTH.sessaoAlvoProibida);
          await endSessions(trx, assinante.id, { sessaoId: alvo.id }, 'ENCERRADA_POR_LOGIN', {
            usuarioId: user.id,
            requestId: request.id,
          });
        });
        return sendTokens(request, reply, await tokensFor(id, assinante.id, sessaoId, user));
      } catch (err) {
        if (!(err instanceof SessionLimitError)) throw err;
        return reply.code(409).send({ message: err.message, reasons: [MSG_AUTH.limiteSessoes], sessoes: err.sessoes });
      }
    },
  );

  for (const url of ['/auth/refresh', '/refresh']) {
    app.get(
      url,
      { config: PUBLIC, schema: { tags, summary: 'Renova o token de acesso', response: { 200: tokens } } },
      async (request, reply) => sendTokens(request, reply, await refresh(id, request, assinanteOf(request).id)),
    );
  }

  app.get(
    '/auth/logout',
    { config: PUBLIC, schema: { tags, summary: 'Encerra a sessão', response: { 200: sessaoEncerradaNoLogout } } },
    async (request, reply) => logout(id, request, reply, assinanteOf(request).id),
  );

  app.post(
    '/auth/recaptcha',
    {
      config: PUBLIC,
      schema: {
        tags,
        summary: 'Verifica um token reCAPTCHA',
        body: recaptchaEntrada,
        response: { 200: recaptchaVerificado },
      },
    },
    async (request) => {
      if (!id.settings.recaptchaSecret) throw new ApiError(501, MSG_AUTH.captchaNaoConfigurado);
      if (!(await verifyCaptcha(id, request.body.recaptchaToken, request.ip)))
        throw new ApiError(400, MSG_AUTH.captchaInvalido);
      // the next sign-in from this address may skip the captcha for a few minutes
      await id.throttle.mark(`captcha:${request.ip}`, 300);
      return { success: true };
    },
  );
}
