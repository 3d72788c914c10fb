import { assinantePublico } from '@retaguarda/domain';
import type { FastifyInstance } from 'fastify';
import { assinanteOf } from '../../plugins/tenant';

/** GET /api/v1/assinante (spec §7): the subscriber of this host, with its theme. */
export async function assinanteRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    '/v1/assinante',
    {
      config: { access: { public: true } },
      schema: { tags: ['plataforma'], summary: 'Assinante deste endereço', response: { 200: assinantePublico } },
    },
    async (request) => {
      const a = assinanteOf(request);
      return { id: a.id, nome: a.nome, tipoCliente: a.tipoCliente, tema: a.tema, criadoEm: a.criadoEm };
    },
  );
}
