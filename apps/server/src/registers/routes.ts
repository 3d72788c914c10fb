/**
 * The generic register API (architecture §3/§5): for each declared path, list, get, create (201 +
 * Location), update (200, optimistic `versao`), delete (200 / 409 in use) and export; all from the
 * declaration, in one audited transaction per write, tenant by RLS, store scope by the declaration.
 */
import {
  type FalhaDeCampo,
  falhaDeCampo,
  MSG,
  perm,
  REGISTERS,
  reasonsOf,
  registerByKey,
  rotuloDoCampo,
  type RegisterDef,
  type RegisterPath,
  validateRecord,
  normalizeScalar,
} from '@retaguarda/domain';
import type { FastifyContextConfig, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { audit } from '../db/audit';
import type { Database, Tx } from '../db/database';
import { versaoDesatualizada } from '../db/optimistic';
import type { RouteAccess } from '../plugins/auth';
import { parseListQuery } from '../http/list';
import { ApiError } from '../plugins/errors';
import { type EngineAuth, engineAuthOf } from './context';
import { EXPORT_QUERY, exportRows } from './export';
import { loteItemsOf, runLote } from './lote';
import type { HookRegistry } from './hooks';
import { metaOf, type Meta } from './meta';
import { getRow, listRows, type Reader, type Scope } from './query';
import { checkStoreScopeOfDelete, checkStoreScopeOfWrite } from './store-scope';
import { idDoDuplicado } from './duplicado';
import { deleteRow, insertRow, mapWriteError, toColumns, updateRow, writeChildren } from './write';

type Verb = 'ACESSO' | 'INCLUIR' | 'EDITAR' | 'EXCLUIR';

/** The route's access declaration, enforced by the auth plugin's hook (401/403). */
export function access(def: RegisterDef, verb: Verb): FastifyContextConfig {
  const entidade = def.label.plural.toLowerCase();
  let decl: RouteAccess = { anyOf: [perm(def.permissao, verb)], entidade };
  if (verb === 'ACESSO' && def.acesso?.leitura === 'sessao') decl = { entidade };
  if (verb === 'ACESSO' && def.acesso?.leitura === 'admin') decl = { adminOnly: true, entidade };
  if (verb !== 'ACESSO' && def.acesso?.escrita === 'admin') decl = { adminOnly: true, entidade };
  // a franchise-only register: the API refuses what the screen hides (TODOS tenant → 403)
  if (def.tipoCliente) decl = { ...decl, tipoCliente: def.tipoCliente };
  return { access: decl };
}

const tableLabels = () => new Map(REGISTERS.map((r) => [r.table, r.label.plural.toLowerCase()]));

/** Tables that are not registers, named for a user ("Referenciado em saldos de estoque."), never by their SQL name. */
const TABELAS_INTERNAS: [RegExp, string][] = [
  [/^(saldo_estoque|custo_medio)/, 'saldos de estoque'],
  [/^movimento_estoque/, 'movimentações de estoque'],
  [/^ajuste/, 'ajustes de estoque'],
  [/^transferencia/, 'transferências de estoque'],
  [/inconsistencia/, 'inconsistências tributárias'],
];
const rotuloDaTabela = (labels: Map<string, string>, t: string) =>
  labels.get(t) ?? TABELAS_INTERNAS.find(([re]) => re.test(t))?.[1] ?? 'outros registros';

function notFound(def: RegisterDef): never {
  throw new ApiError(404, def.label.naoEncontrado);
}

/** Route params (`:secaoId`) are fixed filters on the field of the same name, normalised by its type. */
export function scopeOf(meta: Meta, request: FastifyRequest, auth: EngineAuth): Scope {
  const params = (request.params ?? {}) as Record<string, string>;
  const fixed: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(params)) {
    if (k === 'id') continue;
    const col = meta.byName.get(k);
    const r = col ? normalizeScalar(col.field, v) : undefined;
    if (!r?.ok) notFound(meta.def);
    fixed[k] = r.value;
  }
  return { fixed, auth };
}

export function idOf(meta: Meta, raw: string): string | number {
  if (meta.codeId) return raw.length <= 20 ? raw : notFound(meta.def);
  return /^\d{1,9}$/.test(raw) ? Number(raw) : notFound(meta.def);
}

/** Arrays of ids (multi-reference, stores) have no foreign key: check them here, under RLS. */
async function checkMultiRefs(trx: Tx, meta: Meta, value: Record<string, unknown>) {
  const reasons: FalhaDeCampo[] = [];
  for (const f of meta.def.fields) {
    const ids = value[f.name];
    if ((f.type !== 'multiReference' && f.type !== 'lojas') || !Array.isArray(ids) || !ids.length) continue;
    const table = registerByKey(f.ref ?? 'loja')?.table ?? 'loja';
    const r = await sql<{ id: number }>`select id from ${sql.table(table)} where id = any(${ids}::int[])`.execute(trx);
    const found = new Set(r.rows.map((x) => x.id));
    const missing = ids.filter((i) => !found.has(i as number));
    if (missing.length) reasons.push(falhaDeCampo(f.name, `não encontrado(s): ${missing.join(', ')}.`));
  }
  if (reasons.length) throw new ApiError(422, MSG.validacao, reasons);
}

/** `hooks`: the areas' register hooks (each area plugin adds its own; the engine knows no area). */
export async function registerEngine(
  api: FastifyInstance,
  opts: { db: Database; hooks: HookRegistry; registers?: readonly RegisterDef[] },
) {
  const { db, hooks } = opts;
  const labels = tableLabels();
  const tx = <T>(auth: EngineAuth, fn: (trx: Tx) => Promise<T>) => db.withTenant(auth.assinanteId, fn);

  /** `caminho`: the collection's path, for the Location of the record a create collides with (409). */
  async function write(
    meta: Meta,
    request: FastifyRequest,
    op: 'create' | 'update',
    id?: string | number,
    caminho?: string,
  ) {
    const auth = engineAuthOf(request);
    const scope = scopeOf(meta, request, auth);
    // nested path params (:secaoId) are part of the record: they win over the body
    const raw = hooks.prepareBody(meta.def, request.body);
    const body = raw && typeof raw === 'object' && !Array.isArray(raw) ? { ...raw, ...scope.fixed } : raw;
    const v = validateRecord(meta.def, body, op);
    if (!v.ok) throw new ApiError(422, MSG.validacao, reasonsOf(v.issues, meta.def));
    const value = { ...v.value, ...scope.fixed };
    const versao = value.versao as number | undefined;
    delete value.versao;
    // the key of a code-keyed row (NCM, barcode, natureza) is fixed by the URL, never renamed by a PUT
    if (op === 'update') delete value.id;
    try {
      return await tx(auth, async (trx) => {
        const before = op === 'update' ? await getRow(trx, meta, scope, id, meta.def.lock !== false) : undefined;
        if (op === 'update' && !before) notFound(meta.def);
        // the audit compares the record as read, virtual children included
        if (before) await hooks.run(meta.def, 'afterRead', { trx, auth, value: before, id });
        await hooks.run(meta.def, op === 'create' ? 'beforeCreate' : 'beforeUpdate', { trx, auth, value, before, id });
        await checkMultiRefs(trx, meta, value);
        await checkStoreScopeOfWrite(trx, meta, auth, value, before);
        const cols = toColumns(meta, value);
        let rowId = id;
        if (op === 'create') rowId = await insertRow(trx, meta, cols, auth.assinanteId);
        else if (!(await updateRow(trx, meta, id, cols, versao))) throw versaoDesatualizada();
        for (const child of meta.children) {
          if (Array.isArray(value[child.name]))
            await writeChildren(trx, child, rowId, value[child.name] as Record<string, unknown>[], auth.assinanteId);
        }
        await hooks.run(meta.def, 'afterWrite', { trx, auth, value, before, id: rowId });
        const after = await getRow(trx, meta, { ...scope, fixed: {} }, rowId);
        if (after) await hooks.run(meta.def, 'afterRead', { trx, auth, value: after, id: rowId });
        await audit(trx, {
          assinanteId: auth.assinanteId,
          usuarioId: auth.usuarioId,
          entidade: meta.def.key,
          entidadeId: rowId ?? null,
          operacao: op === 'create' ? 'INCLUSAO' : 'ALTERACAO',
          antes: before,
          depois: after,
          requestId: request.id,
        });
        return { id: rowId!, after: after! };
      });
    } catch (err) {
      if (err instanceof ApiError) throw err.comRotulos((campo) => rotuloDoCampo(meta.def, campo));
      const existente = caminho
        ? await idDoDuplicado(db, auth.assinanteId, meta, err, toColumns(meta, value))
        : undefined;
      try {
        mapWriteError(meta, err, 'write', (t) => rotuloDaTabela(labels, t));
      } catch (mapped) {
        if (existente !== undefined && mapped instanceof ApiError)
          mapped.comCabecalhos({ location: `${caminho}/${encodeURIComponent(String(existente))}` });
        throw mapped;
      }
    }
  }

  function routesFor(def: RegisterDef, p: RegisterPath) {
    const meta = metaOf(def);
    const base = p.path;
    const list = async (request: FastifyRequest, reply: FastifyReply) => {
      const auth = engineAuthOf(request);
      const scope = scopeOf(meta, request, auth);
      // one statement (page + exact total) in one round trip with the tenant setting
      const read: Reader = (query) => db.readOnce(auth.assinanteId, query);
      const page = await listRows(read, meta, scope, request.query, p.bare || p.itemsOnly ? 1000 : undefined);
      if (p.bare) return reply.send(page.items);
      if (p.itemsOnly) return reply.send({ items: page.items });
      return reply.send(page);
    };
    api.get(base, { config: access(def, 'ACESSO') }, list);
    api.get(`${base}/export`, { config: access(def, 'ACESSO') }, async (request, reply) => {
      const auth = engineAuthOf(request);
      const q = parseListQuery(EXPORT_QUERY, request.query);
      return exportRows(db, meta, scopeOf(meta, request, auth), q, reply);
    });
    api.get(`${base}/:id`, { config: access(def, 'ACESSO') }, async (request) => {
      const auth = engineAuthOf(request);
      const id = idOf(meta, (request.params as { id: string }).id);
      const row = await tx(auth, async (trx) => {
        const r = await getRow(trx, meta, scopeOf(meta, request, auth), id);
        if (r) await hooks.run(def, 'afterRead', { trx, auth, value: r, id });
        return r;
      });
      return row ?? notFound(def);
    });
    if (p.readOnly) return;
    if (def.canCreate !== false) {
      api.post(base, { config: access(def, 'INCLUIR') }, async (request, reply) => {
        const path = request.url.split('?')[0]!.replace(/\/$/, '');
        const lote = loteItemsOf(request.body);
        if (lote) {
          const one = async (entity: unknown) => {
            const { id } = (await write(meta, Object.assign(Object.create(request), { body: entity }), 'create'))!;
            return `${path}/${encodeURIComponent(String(id))}`;
          };
          const r = await runLote(lote, one);
          return reply.code(r.status).send(r.body);
        }
        const { id, after } = (await write(meta, request, 'create', undefined, path))!;
        return reply
          .code(201)
          .header('location', `${path}/${encodeURIComponent(String(id))}`)
          .send(after);
      });
    }
    api.put(`${base}/:id`, { config: access(def, 'EDITAR') }, async (request) => {
      const id = idOf(meta, (request.params as { id: string }).id);
      return (await write(meta, request, 'update', id))!.after;
    });
    if (def.canDelete === false) return;
    api.delete(`${base}/:id`, { config: access(def, 'EXCLUIR') }, async (request) => {
      const auth = engineAuthOf(request);
      const scope = scopeOf(meta, request, auth);
      const id = idOf(meta, (request.params as { id: string }).id);
      try {
        return await tx(auth, async (trx) => {
          const before = (await getRow(trx, meta, scope, id, def.lock !== false)) ?? notFound(def);
          await checkStoreScopeOfDelete(trx, meta, auth, before);
          await hooks.run(def, 'beforeDelete', { trx, auth, value: {}, before, id });
          await deleteRow(trx, meta, id);
          await audit(trx, {
            assinanteId: auth.assinanteId,
            usuarioId: auth.usuarioId,
            entidade: def.key,
            entidadeId: id,
            operacao: 'EXCLUSAO',
            antes: before,
            requestId: request.id,
          });
          return { message: def.label.excluido, id };
        });
      } catch (err) {
        if (err instanceof ApiError) throw err;
        mapWriteError(meta, err, 'delete', (t) => rotuloDaTabela(labels, t));
      }
    });
  }

  for (const def of opts.registers ?? REGISTERS) for (const p of def.paths) routesFor(def, p);
}
