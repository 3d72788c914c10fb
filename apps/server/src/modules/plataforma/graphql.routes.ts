/**
 * POST/GET /api/v1/graphql (spec §7; the client parses the raw response text): a schema generated
 * from the register declarations plus the current user. Each register query runs the register
 * engine's own list/get SQL, so permissions (PERM_<X>_ACESSO), tenant (RLS through withTenant) and
 * store scope are exactly the REST ones. Limits: query depth 6, at most 10 root fields and
 * 100 rows per page.
 */
import { REGISTERS, type FieldDef, type RegisterDef } from '@retaguarda/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { GraphQLError, GraphQLScalarType, Kind, type ValidationContext, type ASTVisitor } from 'graphql';
import mercurius from 'mercurius';
import type { Database } from '../../db/database';
import { type AuthContext, authOf, enforce } from '../../plugins/auth';
import { ApiError } from '../../plugins/errors';
import { metaOf } from '../../registers/meta';
import { getRow, listRows } from '../../registers/query';
import { access } from '../../registers/routes';

export const GRAPHQL_LIMITES = { profundidade: 6, camposRaiz: 10, linhasPorPagina: 100 } as const;
const NOME = /^[_a-zA-Z][_a-zA-Z0-9]*$/;

interface Contexto {
  auth: AuthContext;
}

const JSONScalar = new GraphQLScalarType({
  name: 'JSON',
  description: 'Valor JSON livre (listas, grupos e campos decimais em texto).',
  serialize: (v) => v,
  parseValue: (v) => v,
});

const pascal = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

function tipoGraphql(f: FieldDef): string {
  switch (f.type) {
    case 'integer':
    case 'loja':
      return 'Int';
    case 'boolean':
      return 'Boolean';
    case 'reference':
      return 'JSON'; // numeric id or code, depending on the referenced register
    case 'multiEnum':
    case 'multiReference':
    case 'lojas':
    case 'children':
    case 'group':
      return 'JSON';
    default:
      return 'String'; // text, dates as ISO text, decimals as exact strings
  }
}

/** Registers that can be queried: valid GraphQL names, one entry per key. */
function registrosConsultaveis(): RegisterDef[] {
  const vistos = new Set<string>();
  const proprios = new Set(['UsuarioAtual', 'Query', 'JSON']);
  return REGISTERS.filter(
    (r) => NOME.test(r.key) && !proprios.has(pascal(r.key)) && !vistos.has(r.key) && vistos.add(r.key),
  );
}

export function montarSchema(registros: readonly RegisterDef[]): string {
  const tipos: string[] = [];
  const consultas: string[] = [];
  for (const def of registros) {
    const nome = pascal(def.key);
    const campos = def.fields
      .filter((f) => !f.virtual && !f.hidden && NOME.test(f.name))
      .map((f) => `  ${f.name}: ${f.name === 'id' ? (def.idKind === 'code' ? 'String' : 'Int') : tipoGraphql(f)}`);
    tipos.push(`"""${def.label.plural}"""\ntype ${nome} {\n${campos.join('\n')}\n}`);
    tipos.push(`type ${nome}Pagina {\n  start: Int!\n  count: Int!\n  total: Int!\n  items: [${nome}!]!\n}`);
    consultas.push(
      `  "${def.label.plural} (start, count ≤ ${GRAPHQL_LIMITES.linhasPorPagina}, sort, q em RSQL como na API REST)"\n  ${def.key}(start: Int, count: Int, sort: String, q: String): ${nome}Pagina!`,
      `  ${def.key}PorId(id: ID!): ${nome}`,
    );
  }
  return `scalar JSON
type UsuarioAtual {
  id: Int
  username: String!
  administrador: Boolean!
  tipoCliente: String!
  permissoes: [String!]!
  lojas: [Int!]!
}
${tipos.join('\n')}
type Query {
  "Usuário da sessão"
  eumesmo: UsuarioAtual!
${consultas.join('\n')}
}`;
}

function semErro<T>(fn: () => Promise<T>): Promise<T> {
  return fn().catch((err) => {
    if (err instanceof ApiError) {
      throw new GraphQLError(err.message, { extensions: { status: err.statusCode, reasons: err.reasons ?? [] } });
    }
    throw err;
  });
}

function resolvers(db: Database, registros: readonly RegisterDef[]) {
  const Query: Record<string, (root: unknown, args: Record<string, unknown>, ctx: Contexto) => unknown> = {
    eumesmo: (_r, _a, { auth }) => ({
      id: auth.usuarioId,
      username: auth.username,
      administrador: auth.administrador,
      tipoCliente: auth.tipoCliente,
      permissoes: [...auth.permissoes].sort(),
      lojas: auth.lojas,
    }),
  };
  for (const def of registros) {
    const meta = metaOf(def);
    const decl = access(def, 'ACESSO').access ?? {};
    Query[def.key] = (_r, args, { auth }) =>
      semErro(async () => {
        enforce(decl, auth, {});
        const count = Math.min(Number(args.count ?? 10) || 10, GRAPHQL_LIMITES.linhasPorPagina);
        const p = {
          start: args.start === undefined || args.start === null ? undefined : String(args.start),
          count: String(count),
          sort: args.sort ?? undefined,
          q: args.q ?? undefined,
        };
        return db.withTenant(auth.assinanteId, (trx) => listRows(trx, meta, { fixed: {}, auth }, p));
      });
    Query[`${def.key}PorId`] = (_r, args, { auth }) =>
      semErro(async () => {
        enforce(decl, auth, {});
        const raw = String(args.id);
        const id = meta.codeId ? raw : /^\d{1,9}$/.test(raw) ? Number(raw) : undefined;
        if (id === undefined) return null;
        return (await db.withTenant(auth.assinanteId, (trx) => getRow(trx, meta, { fixed: {}, auth }, id))) ?? null;
      });
  }
  return { JSON: JSONScalar, Query };
}

/** Cost limit: a request may ask for at most N root fields (each one is a database query). */
function limiteCamposRaiz(ctx: ValidationContext): ASTVisitor {
  return {
    OperationDefinition(node) {
      const n = node.selectionSet.selections.filter(
        (s) => s.kind === Kind.FIELD && !s.name.value.startsWith('__'),
      ).length;
      if (n > GRAPHQL_LIMITES.camposRaiz) {
        ctx.reportError(
          new GraphQLError(`Consulta cara demais: no máximo ${GRAPHQL_LIMITES.camposRaiz} campos na raiz.`),
        );
      }
    },
  };
}

export async function graphqlRoutes(api: FastifyInstance, opts: { db: Database }): Promise<void> {
  const registros = registrosConsultaveis();
  await api.register(mercurius, {
    schema: montarSchema(registros),
    resolvers: resolvers(opts.db, registros) as never,
    routes: false, // our own route below carries the access declaration the auth plugin demands
    queryDepth: GRAPHQL_LIMITES.profundidade,
    validationRules: [limiteCamposRaiz],
    graphiql: false,
  });

  const executar = async (
    request: FastifyRequest,
    consulta: { query?: unknown; variables?: unknown; operationName?: unknown },
  ) => {
    if (typeof consulta.query !== 'string' || !consulta.query.trim())
      throw new ApiError(400, 'Informe a consulta GraphQL em "query".');
    const variables = typeof consulta.variables === 'string' ? JSON.parse(consulta.variables) : consulta.variables;
    const ctx: Contexto = { auth: authOf(request) };
    try {
      return await api.graphql(
        consulta.query,
        ctx,
        (variables ?? undefined) as Record<string, unknown>,
        consulta.operationName as string,
      );
    } catch (err) {
      // parse/validation/depth errors come as an error carrying the GraphQL errors
      const e = err as { errors?: { message: string }[]; message: string };
      return { data: null, errors: (e.errors ?? [e]).map((x) => ({ message: x.message })) };
    }
  };

  const config = { access: { entidade: 'GraphQL' } };
  api.post('/v1/graphql', { config, schema: { tags: ['graphql'], summary: 'Consulta GraphQL' } }, async (request) =>
    executar(request, (request.body ?? {}) as Record<string, unknown>),
  );
  api.get(
    '/v1/graphql',
    { config, schema: { tags: ['graphql'], summary: 'Consulta GraphQL (query string)' } },
    async (request) => executar(request, (request.query ?? {}) as Record<string, unknown>),
  );
}
