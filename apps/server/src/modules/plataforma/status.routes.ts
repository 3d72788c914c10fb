import { corpoDeErro, MSG, situacaoDoServidor } from '@retaguarda/domain';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database';
import { versaoAtual, versaoCompleta } from './versoes.service';

/** Health check (spec §7): 200 only when the database answers, 503 otherwise. */
export async function statusRoutes(app: FastifyInstance, opts: { db: Database }): Promise<void> {
  app.route({
    method: ['GET', 'HEAD'],
    url: '/v1/status',
    config: { tenant: false, access: { public: true } },
    schema: {
      tags: ['plataforma'],
      summary: 'Verificação de saúde',
      response: { 200: situacaoDoServidor, 503: corpoDeErro },
    },
    handler: async (_request, reply) => {
      const up = await opts.db.ping();
      reply.header('Cache-Control', 'no-store');
      if (!up) return reply.code(503).header('Retry-After', '5').send({ message: MSG.bancoIndisponivel });
      return { status: 'ok', versao: versaoCompleta(versaoAtual()) };
    },
  });
}
