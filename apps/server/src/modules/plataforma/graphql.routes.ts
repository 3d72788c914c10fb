/**
 * POST/GET /api/v1/graphql (spec §7; the client parses the raw response text): a schema generated
 * from the register declarations plus the current user. Each register query runs the register
 * engine's own list/get SQL, so permissions (PERM_<X>_ACESSO), tenant (RLS through withTenant) and
 * store scope are exactly the REST ones. Limits (graphql.custo.ts): the cost of the document after
 * fragment expansion (database queries, rows × fields, depth) is checked before anything runs and
 * answered 400 over budget; per user, few requests and fewer connections at once (graphql.limite.ts);
 * introspection only with GRAPHQL_INTROSPECCAO.
 */
import { REGISTERS, type FieldDef, type RegisterDef } from '@retaguarda/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  type ASTVisitor,
  type DocumentNode,
  GraphQLError,
  GraphQLScalarType,
  parse,
  type ValidationContext,
} from 'graphql';
import mercurius from 'mercurius';
import type { Database } from '../../db/database';
import { type AuthContext, authOf, enforce } from '../../plugins/auth';
import { ApiError } from '../../plugins/errors';
import { metaOf } from '../../registers/meta';
import { getRow, listRows } from '../../registers/query';
import { access } from '../../registers/routes';
import { ConsultaRecusada, excesso, GRAPHQL_LIMITES, medirCusto } from './graphql.custo';
import { type LimitadorGraphql, limitadorPorUsuario } from './graphql.limite';

export { GRAPHQL_LIMITES } from './graphql.custo';
const NOME = /^[_a-zA-Z][_a-zA-Z0-9]*$/;

interface Contexto {
  auth: AuthContext;
  /** the caller's key in the per-user limiter */
  chave: string;
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

function resolvers(db: Database, registros: readonly RegisterDef[], limite: LimitadorGraphql) {
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
    Query[def.key] = (_r, args, { auth, chave }) =>
      semErro(async () => {
        enforce(decl, auth, {});
        const count = Math.min(Number(args.count ?? 10) || 10, GRAPHQL_LIMITES.linhasPorPagina);
        const p = {
          start: args.start === undefined || args.start === null ? undefined : String(args.start),
          count: String(count),
          sort: args.sort ?? undefined,
          q: args.q ?? undefined,
        };
        return limite.banco(chave, () =>
          db.withTenant(auth.assinanteId, (trx) => listRows(trx, meta, { fixed: {}, auth }, p)),
        );
      });
    Query[`${def.key}PorId`] = (_r, args, { auth, chave }) =>
      semErro(async () => {
        enforce(decl, auth, {});
        const raw = String(args.id);
        const id = meta.codeId ? raw : /^\d{1,9}$/.test(raw) ? Number(raw) : undefined;
        if (id === undefined) return null;
        const row = await limite.banco(chave, () =>
          db.withTenant(auth.assinanteId, (trx) => getRow(trx, meta, { fixed: {}, auth }, id)),
        );
        return row ?? null;
      });
  }
  return { JSON: JSONScalar, Query };
}

/** Also inside mercurius (by name: see graphql.custo.ts on the two copies of graphql). */
function semIntrospeccao(ctx: ValidationContext): ASTVisitor {
  return {
    Field(node) {
      if (node.name.value === '__schema' || node.name.value === '__type')
        ctx.reportError(new GraphQLError('A introspecção do GraphQL está desativada neste servidor.'));
    },
  };
}

const introspeccaoPermitida = (env: NodeJS.ProcessEnv) => /^(1|true|sim)$/i.test(env.GRAPHQL_INTROSPECCAO ?? '');

/** `variables` as an object: JSON text (query string) or a JSON object; anything else is a 400. */
function lerVariaveis(v: unknown): Record<string, unknown> | undefined {
  if (v === undefined || v === null || v === '') return undefined;
  let valor: unknown = v;
  if (typeof v === 'string') {
    try {
      valor = JSON.parse(v);
    } catch {
      valor = undefined;
    }
  }
  if (valor === null) return undefined;
  if (typeof valor !== 'object' || Array.isArray(valor) || valor === undefined)
    throw new ApiError(400, 'As variáveis da consulta GraphQL ("variables") devem ser um objeto JSON.');
  return valor as Record<string, unknown>;
}

/** Parses and prices the document; throws 400 when it is over budget, before anything runs. */
function conferirCusto(
  schema: Parameters<typeof medirCusto>[0],
  query: string,
  opts: { operationName?: string; variaveis?: Record<string, unknown> },
  introspeccao: boolean,
): void {
  let doc: DocumentNode;
  try {
    doc = parse(query, { maxTokens: GRAPHQL_LIMITES.tokens });
  } catch (err) {
    if (err instanceof GraphQLError && /tokens/.test(err.message))
      throw new ApiError(400, `Consulta GraphQL grande demais: no máximo ${GRAPHQL_LIMITES.tokens} elementos.`);
    return; // a syntax error: mercurius answers it as GraphQL errors, as before
  }
  try {
    const msg = excesso(medirCusto(schema, doc, { ...opts, livres: ['eumesmo'] }), introspeccao);
    if (msg) throw new ApiError(400, msg);
  } catch (err) {
    if (err instanceof ConsultaRecusada) throw new ApiError(400, err.message);
    throw err;
  }
}

/** A request error of the variables (wrong type, missing required one): the request is at fault. */
const erroDeVariavel = (r: { data?: unknown; errors?: readonly { message: string }[] }) =>
  (r.data === undefined || r.data === null) && !!r.errors?.some((e) => e.message.startsWith('Variable "$'));

export async function graphqlRoutes(api: FastifyInstance, opts: { db: Database }): Promise<void> {
  const registros = registrosConsultaveis();
  const introspeccao = introspeccaoPermitida(process.env);
  const limite = limitadorPorUsuario({
    simultaneas: GRAPHQL_LIMITES.simultaneasPorUsuario,
    banco: GRAPHQL_LIMITES.bancoPorUsuario,
  });
  await api.register(mercurius, {
    schema: montarSchema(registros),
    resolvers: resolvers(opts.db, registros, limite) as never,
    routes: false, // our own route below carries the access declaration the auth plugin demands
    queryDepth: GRAPHQL_LIMITES.profundidade,
    validationRules: introspeccao ? [] : [semIntrospeccao],
    graphiql: false,
  });
  const schema = api.graphql.schema;

  const executar = async (
    request: FastifyRequest,
    reply: FastifyReply,
    consulta: { query?: unknown; variables?: unknown; operationName?: unknown },
  ) => {
    if (typeof consulta.query !== 'string' || !consulta.query.trim())
      throw new ApiError(400, 'Informe a consulta GraphQL em "query".');
    const variables = lerVariaveis(consulta.variables);
    const operationName =
      typeof consulta.operationName === 'string' && consulta.operationName ? consulta.operationName : undefined;
    conferirCusto(schema, consulta.query, { operationName, variaveis: variables }, introspeccao);
    const auth = authOf(request);
    const chave = `${auth.assinanteId}:${auth.usuarioId ?? `chave${auth.apiKeyId}`}`;
    const sair = limite.entrar(chave);
    if (!sair) {
      reply.header('Retry-After', '1');
      throw new ApiError(
        429,
        `Muitas consultas GraphQL simultâneas deste usuário (no máximo ${GRAPHQL_LIMITES.simultaneasPorUsuario}). Aguarde as anteriores terminarem.`,
      );
    }
    const ctx: Contexto = { auth, chave };
    let resultado: { data?: unknown; errors?: readonly { message: string }[] };
    try {
      resultado = await api.graphql(consulta.query, ctx, variables, operationName);
    } catch (err) {
      // parse/validation/depth errors come as an error carrying the GraphQL errors
      const e = err as { errors?: { message: string }[]; message: string };
      resultado = { data: null, errors: (e.errors ?? [e]).map((x) => ({ message: x.message })) };
    } finally {
      sair();
    }
    if (erroDeVariavel(resultado))
      throw new ApiError(
        400,
        'As variáveis da consulta GraphQL são inválidas.',
        (resultado.errors ?? []).map((e) => e.message),
      );
    return resultado;
  };

  const config = { access: { entidade: 'GraphQL' } };
  api.post(
    '/v1/graphql',
    { config, schema: { tags: ['graphql'], summary: 'Consulta GraphQL' } },
    async (request, reply) => executar(request, reply, (request.body ?? {}) as Record<string, unknown>),
  );
  api.get(
    '/v1/graphql',
    { config, schema: { tags: ['graphql'], summary: 'Consulta GraphQL (query string)' } },
    async (request, reply) => executar(request, reply, (request.query ?? {}) as Record<string, unknown>),
  );
}
