/**
 * A second Fastify app on the test database that mounts test-only commands behind the real tenant and
 * auth plugins (tokens come from signing in on the real app), so the backbone is proven on its own.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Database } from '../../src/db/database';
import { authPlugin } from '../../src/plugins/auth';
import { registerErrorHandling } from '../../src/plugins/errors';
import { tenantPlugin } from '../../src/plugins/tenant';
import { montarWorkflows, type QualquerWorkflow } from '../../src/workflows';

export async function appDeComandos(db: Database, workflows: readonly QualquerWorkflow[]): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  registerErrorHandling(app);
  await app.register(
    async (api) => {
      api.setValidatorCompiler(validatorCompiler);
      api.setSerializerCompiler(serializerCompiler);
      await api.register(tenantPlugin, { db });
      await api.register(authPlugin, { db });
      montarWorkflows(api, db, workflows);
    },
    { prefix: '/api' },
  );
  await app.ready();
  return app;
}
