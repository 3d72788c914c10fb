/**
 * POST /v1/sessoes-mensagens {token} and DELETE /v1/sessoes-mensagens/{token} (spec §7 "Push"):
 * the browser's push subscription, or an opaque messaging token (FCM), per session (removed again on
 * logout, when the session ends).
 * GET /v1/sessoes-mensagens/chave-publica gives the browser the VAPID applicationServerKey.
 * New notifications are pushed to the user's subscriptions from the instance that created them.
 */
import {
  chavePublicaPush,
  falhaDeCampo,
  inscricaoPushEntrada,
  inscricaoPushRegistrada,
  inscricoesPushRemovidas,
  MSG,
  MSG_PUSH,
} from '@retaguarda/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';
import { audit } from '../../db/audit';
import type { Database } from '../../db/database';
import { authOf } from '../../plugins/auth';
import { ApiError } from '../../plugins/errors';
import {
  chavesVapid,
  type Envio,
  enviarPorToken,
  enviarPush,
  type Inscricao,
  lerInscricao,
  lerTokenOpaco,
  provedorMensagens,
  type Vapid,
} from './push.service';
import { ouvir, type PlataformaEvento } from '../../plugins/events';

const tags = ['push'];

const SERVICE_WORKER = `// Retaguarda: notificações push (gerado pelo servidor)
self.addEventListener('push', (event) => {
  let msg = {};
  try { msg = event.data ? event.data.json() : {}; } catch (e) { msg = {}; }
  const n = (msg && msg.data) || {};
  event.waitUntil(self.registration.showNotification(n.titulo || 'Retaguarda', {
    body: n.corpo || '', tag: n.id ? 'notificacao-' + n.id : undefined, data: { link: n.link || '/notificacoes' },
  }));
});
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = '/app/#' + ((event.notification.data && event.notification.data.link) || '/notificacoes');
  event.waitUntil(self.clients.matchAll({ type: 'window' }).then((abertas) => {
    for (const c of abertas) if (c.url.includes('/app/') && 'focus' in c) { c.navigate(url); return c.focus(); }
    return self.clients.openWindow(url);
  }));
});
`;
const LOGADO = { access: { entidade: 'mensagens push' } };

export async function pushRoutes(api: FastifyInstance, opts: { db: Database }): Promise<void> {
  const app = api.withTypeProvider<ZodTypeProvider>();
  const { db } = opts;
  let vapid: Promise<Vapid> | undefined;
  const chaves = () => {
    vapid ??= chavesVapid(db).catch((err) => {
      vapid = undefined; // try again on the next call
      throw err;
    });
    return vapid;
  };

  async function aoEvento(e: PlataformaEvento): Promise<void> {
    if (e.tipo === 'sessao-encerrada') {
      await db.withTenant(e.assinanteId, (trx) =>
        sql`delete from sessao_mensagem where sessao_id = ${e.sessaoId}`.execute(trx),
      );
      return;
    }
    if (e.tipo !== 'notificacao') return;
    const { rows } = await db.withTenant(e.assinanteId, (trx) =>
      sql<{ id: number; tipo: string; endpoint: string; p256dh: string | null; auth: string | null }>`
        select id, tipo, endpoint, p256dh, auth from sessao_mensagem where usuario_id = ${e.usuarioId}`.execute(trx),
    );
    if (!rows.length) return;
    const mensagem = { type: 'notificacao', data: e.notificacao as unknown as Record<string, unknown> };
    const provedor = provedorMensagens();
    for (const r of rows) {
      // an opaque token waits, stored, until a provider is configured
      if (r.tipo === 'token' && !provedor) continue;
      const enviar = async (): Promise<Envio> => {
        if (r.tipo === 'token') return enviarPorToken(provedor!, r.endpoint, mensagem);
        const inscricao: Inscricao = { endpoint: r.endpoint, keys: { p256dh: r.p256dh!, auth: r.auth! } };
        return enviarPush(await chaves(), inscricao, mensagem);
      };
      const envio = await enviar().catch((err: Error) => ({ endpoint: r.endpoint, status: 0, err }));
      // 404/410: the browser dropped the subscription (RFC 8030 §7.3), or FCM's UNREGISTERED token
      if (envio.status === 404 || envio.status === 410) {
        await db.withTenant(e.assinanteId, (trx) => sql`delete from sessao_mensagem where id = ${r.id}`.execute(trx));
      } else if (envio.status < 200 || envio.status > 299) {
        const destino = r.tipo === 'token' ? 'provedor de mensagens' : new URL(r.endpoint).host;
        app.log.warn({ endpoint: destino, status: envio.status }, 'push não entregue');
      }
    }
  }
  const parar = ouvir(db, (e) => {
    aoEvento(e).catch((err) => app.log.warn({ err: (err as Error).message }, 'falha ao enviar push'));
  });
  app.addHook('onClose', async () => parar());

  // The service worker that shows pushed notifications. Push events reach a worker whatever its
  // scope, so it can live under /api and the SPA build needs no extra file.
  app.get(
    '/v1/sessoes-mensagens/sw.js',
    { config: { access: { public: true } }, schema: { tags, summary: 'Service worker das notificações push' } },
    async (_request, reply) =>
      reply
        .header('content-type', 'text/javascript; charset=utf-8')
        .header('cache-control', 'no-cache')
        .send(SERVICE_WORKER),
  );

  app.get(
    '/v1/sessoes-mensagens/chave-publica',
    {
      config: LOGADO,
      schema: { tags, summary: 'Chave pública VAPID (applicationServerKey)', response: { 200: chavePublicaPush } },
    },
    async () => {
      try {
        return { publicKey: (await chaves()).publicKey };
      } catch {
        throw new ApiError(503, MSG_PUSH.naoInicializou);
      }
    },
  );

  app.post(
    '/v1/sessoes-mensagens',
    {
      config: LOGADO,
      schema: {
        tags,
        summary: 'Registra a inscrição de push da sessão',
        body: inscricaoPushEntrada,
        response: { 201: inscricaoPushRegistrada },
      },
    },
    async (request, reply) => {
      const auth = authOf(request);
      if (auth.sessaoId === null || auth.usuarioId === null) throw new ApiError(403, MSG_PUSH.somenteSessoes);
      // a Web Push subscription, or an opaque messaging token as the spec's clients send it
      const inscricao = lerInscricao(request.body.token);
      const tokenOpaco = inscricao ? undefined : lerTokenOpaco(request.body.token);
      if (!inscricao && !tokenOpaco)
        throw new ApiError(422, MSG.validacao, [falhaDeCampo('token', MSG_PUSH.tokenInvalido)]);
      const tipo = inscricao ? 'webpush' : 'token';
      const endpoint = inscricao?.endpoint ?? tokenOpaco!;
      const id = await db.withTenant(auth.assinanteId, async (trx) => {
        const { rows } = await sql<{ id: number }>`
          insert into sessao_mensagem (assinante_id, sessao_id, usuario_id, tipo, endpoint, p256dh, auth)
          values (${auth.assinanteId}, ${auth.sessaoId}::uuid, ${auth.usuarioId}, ${tipo}, ${endpoint},
            ${inscricao?.keys.p256dh ?? null}, ${inscricao?.keys.auth ?? null})
          on conflict (assinante_id, endpoint) do update set sessao_id = excluded.sessao_id, usuario_id = excluded.usuario_id,
            tipo = excluded.tipo, p256dh = excluded.p256dh, auth = excluded.auth, criado_em = now()
          returning id`.execute(trx);
        await audit(trx, {
          assinanteId: auth.assinanteId,
          usuarioId: auth.usuarioId,
          entidade: 'sessaoMensagem',
          entidadeId: rows[0]!.id,
          operacao: 'INCLUSAO',
          depois: { sessaoId: auth.sessaoId, tipo, servico: inscricao ? new URL(inscricao.endpoint).host : null },
          requestId: request.id,
        });
        return rows[0]!.id;
      });
      return reply
        .code(201)
        .header('location', `/api/v1/sessoes-mensagens/${id}`)
        .send({ id, message: MSG_PUSH.registrada });
    },
  );

  // a wildcard, not `:token`: a subscription token is longer than Fastify's 100-character parameter limit
  app.delete(
    '/v1/sessoes-mensagens/*',
    {
      config: LOGADO,
      schema: {
        tags,
        summary: 'Remove a inscrição de push ({token})',
        params: z.object({ '*': z.string().min(1).max(8000) }),
        response: { 200: inscricoesPushRemovidas },
      },
    },
    async (request) => {
      const auth = authOf(request);
      const token = decodeURIComponent(request.params['*']);
      const endpoint = lerInscricao(token)?.endpoint ?? token;
      const removidas = await db.withTenant(auth.assinanteId, async (trx) => {
        const { rows } = await sql<{ id: number }>`delete from sessao_mensagem
          where endpoint = ${endpoint} and usuario_id = ${auth.usuarioId ?? -1} returning id`.execute(trx);
        for (const r of rows) {
          await audit(trx, {
            assinanteId: auth.assinanteId,
            usuarioId: auth.usuarioId,
            entidade: 'sessaoMensagem',
            entidadeId: r.id,
            operacao: 'EXCLUSAO',
            requestId: request.id,
          });
        }
        return rows.length;
      });
      return { removidas };
    },
  );
}
