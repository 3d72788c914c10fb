/**
 * GET /api/v1/fiscal/cenarios-fiscais/cobertura?lojaId&tipoOperacao=VENDA&modelo=65&data&start&count — the
 * classes of products without a complete treatment in some of the caller's stores (or the one store asked),
 * with the products count, a sample product to simulate and what is missing. The default operation is the
 * sale at the POS (VENDA, NFC-e 65, inside the store's UF): what every product of a retailer must resolve.
 * PERM_CENARIOS_FISCAIS_ACESSO; a store outside the caller's is 403.
 */
import { dataDoCenario, listaCobertura, MODELOS, TIPOS_OPERACAO } from '@retaguarda/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/database';
import { authOf } from '../../plugins/auth';
import { lerCobertura } from './cenario-cobertura.consulta';
import { ACESSO_CENARIOS } from './cenario-simulacao.routes';

const inteiro = (padrao: number, max: number) =>
  z.coerce
    .number({ error: 'informe um número inteiro.' })
    .int('informe um número inteiro.')
    .min(0)
    .max(max)
    .default(padrao);

const parametros = z.object({
  lojaId: z.coerce.number().int().positive('informe a loja.').max(2_147_483_647, 'loja não encontrada.').optional(),
  tipoOperacao: z.enum(TIPOS_OPERACAO, { error: 'tipo de operação inválido.' }).default('VENDA'),
  modelo: z.enum(MODELOS, { error: 'informe o modelo 55 ou 65.' }).default('65'),
  data: dataDoCenario.optional(),
  start: inteiro(0, 10_000_000),
  count: inteiro(10, 1000),
});

export async function cenarioCoberturaRoutes(api: FastifyInstance, opts: { db: Database }): Promise<void> {
  const app = api.withTypeProvider<ZodTypeProvider>();
  const { db } = opts;
  app.get(
    '/v1/fiscal/cenarios-fiscais/cobertura',
    {
      config: ACESSO_CENARIOS,
      schema: {
        tags: ['fiscal'],
        summary: 'Classes de produtos (NCM, CEST, origem) sem tratamento fiscal completo em alguma loja',
        querystring: parametros,
        response: { 200: listaCobertura },
      },
    },
    async (request) => {
      const auth = authOf(request);
      const q = request.query;
      const todas = await db.withTenant(auth.assinanteId, (trx) => lerCobertura(trx, auth, q));
      return { items: todas.slice(q.start, q.start + q.count), total: todas.length, start: q.start, count: q.count };
    },
  );
}
