/**
 * Client type (tenant's franchise BOTICARIO vs TODOS) on declarations: the API refuses what the screen hides.
 * A franchise-only register and a franchise-only command answer 403 (Portuguese message) to the Mercadão
 * (TODOS) administrator and work for Bela Vida (BOTICARIO); an old /vf link to a franchise-only legacy screen
 * is refused for a TODOS tenant before any redirect to /vf.
 */
import { MSG_TIPO_CLIENTE, perm, registerByKey } from '@retaguarda/domain';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { authPlugin } from '../../src/plugins/auth';
import { registerErrorHandling } from '../../src/plugins/errors';
import { tenantPlugin } from '../../src/plugins/tenant';
import { createHookRegistry } from '../../src/registers/hooks';
import { registerEngine } from '../../src/registers/routes';
import { defineWorkflow, montarWorkflows } from '../../src/workflows';
import { createTestApp, type TestApp } from '../helpers/app';
import { login } from '../helpers/auth';

const marcaDeFranquia = { ...registerByKey('marca')!, tipoCliente: 'BOTICARIO' as const };
const comandoDeFranquia = defineWorkflow({
  nome: 'teste.franquia',
  area: 'teste',
  recurso: 'franquias',
  resumo: 'Comando só de franquia',
  entidade: 'o plano de pagamento',
  entrada: z.object({ descricao: z.string().min(3) }),
  saida: z.object({ id: z.number() }),
  acesso: { permissao: perm('MARCA', 'INCLUIR'), tipoCliente: 'BOTICARIO' },
  estadoInicial: () => ({ id: 0 }),
  passos: [
    async (ctx) => {
      const { rows } = await sql<{ id: number }>`insert into marca (descricao)
        values (${ctx.entrada.descricao}) returning id`.execute(ctx.trx);
      ctx.estado.id = rows[0]!.id;
    },
  ],
  resposta: (ctx) => ({ id: ctx.estado.id }),
  criaRecurso: (s) => s.id,
});

let t: TestApp;
let app: FastifyInstance;
let bela: Record<string, string>;
let merc: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  app = Fastify({ logger: false });
  registerErrorHandling(app);
  await app.register(
    async (api) => {
      api.setValidatorCompiler(validatorCompiler);
      api.setSerializerCompiler(serializerCompiler);
      await api.register(tenantPlugin, { db: t.db });
      await api.register(authPlugin, { db: t.db });
      montarWorkflows(api, t.db, [comandoDeFranquia]);
      await api.register(registerEngine, { db: t.db, hooks: createHookRegistry(app), registers: [marcaDeFranquia] });
    },
    { prefix: '/api' },
  );
  await app.ready();
  bela = (await login(t, 'ana.admin')).headers;
  merc = (await login(t, 'marta.admin', 'mercadao.localhost')).headers;
});
afterAll(async () => {
  await app?.close();
  await t?.close();
});

describe('tipo de cliente (franquia) nas declarações', () => {
  it('a franchise-only register: 403 for a TODOS tenant (list and create), open for the franchise', async () => {
    const url = '/api/v1/produto/marcas';
    for (const [method, payload] of [
      ['GET', undefined],
      ['POST', { descricao: 'Marca de franquia M' }],
    ] as const) {
      const res = await app.inject({ method, url, headers: merc, payload });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(MSG_TIPO_CLIENTE.somenteFranquia('marcas'));
    }
    const ok = await app.inject({ method: 'POST', url, headers: bela, payload: { descricao: 'Marca de franquia B' } });
    expect(ok.statusCode).toBe(201);
  });

  it('a franchise-only command: 403 with the message for a TODOS tenant, 201 for the franchise', async () => {
    const url = '/api/v1/teste/franquias';
    const negado = await app.inject({ method: 'POST', url, headers: merc, payload: { descricao: 'Plano M' } });
    expect(negado.statusCode).toBe(403);
    expect(negado.json().message).toBe(
      'O plano de pagamento está disponível somente para clientes do tipo franquia (BOTICARIO).',
    );
    const ok = await app.inject({ method: 'POST', url, headers: bela, payload: { descricao: 'Plano B' } });
    expect(ok.statusCode).toBe(201);
  });

  it('an old /vf link to a franchise-only legacy screen: refused for a TODOS tenant before /vf', async () => {
    const url = '/vf/relatorioExtratoEstoque/index';
    const merca = await t.app.inject({ url, headers: { host: 'mercadao.localhost' } });
    expect(merca.statusCode).toBe(403);
    expect(merca.json().message).toMatch(/^Extrato de estoque está disponível somente para clientes do tipo franquia/);
    const viaR = await t.app.inject({
      url: `/vf?r=${encodeURIComponent('/relatorioExtratoEstoque')}`,
      headers: { host: 'mercadao.localhost' },
    });
    expect(viaR.statusCode).toBe(403);
    const belaRes = await t.app.inject({ url, headers: { host: 'localhost' } });
    expect(belaRes.statusCode).toBe(302);
    expect(belaRes.headers.location).toMatch(/^\/app\/#\/vf\?r=/);
    // a screen for every client type still goes to /vf
    const todos = await t.app.inject({ url: '/vf/inventario/index', headers: { host: 'mercadao.localhost' } });
    expect(todos.statusCode).toBe(302);
  });
});
