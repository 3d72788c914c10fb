/**
 * Named hooks for registers with rules beyond the declaration (architecture §6: never copy the
 * generic code). Each area binds its hooks to the declaration object (`defineRegisterHooks`) and
 * adds them to the app's registry; the engine asks the registry and knows no area. A declaration
 * lists the hooks it relies on; a test checks the registry holds exactly those.
 */
import { type FalhaDeCampo, falhaDeCampo, MSG, type RegisterDef, reasonsOf } from '@retaguarda/domain';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { Tx } from '../db/database';
import { ApiError } from '../plugins/errors';
import type { EngineAuth } from './context';

/** afterWrite: after the row (and its declared children) is written, in the same transaction: the
 * place for virtual children (`virtual: true`) the area stores in its own tables; `id` is the row's.
 * afterRead: one record read (GET /{id}, a write's answer): `value` is the row, the hook adds them. */
export type HookName = 'beforeCreate' | 'beforeUpdate' | 'beforeDelete' | 'afterWrite' | 'afterRead';

export interface HookContext {
  trx: Tx;
  auth: EngineAuth;
  /** validated values (API names); a hook may adjust them. */
  value: Record<string, unknown>;
  before?: Record<string, unknown>;
  id?: string | number;
}

export type RegisterHooks = Partial<Record<HookName, (ctx: HookContext) => Promise<void>>> & {
  /** reshapes an integration's body before validation (e.g. `enderecos[0]` → `endereco`). */
  prepareBody?: (body: unknown) => unknown;
};

/** Hooks bound to the declaration they serve: the register key comes from the declaration. */
export interface BoundHooks {
  readonly def: RegisterDef;
  readonly hooks: RegisterHooks;
}

export function defineRegisterHooks(def: RegisterDef, hooks: RegisterHooks): BoundHooks {
  return { def, hooks };
}

/** The record as it will be saved: the stored row with the validated changes on top. */
export const merged = ({ value, before }: HookContext): Record<string, unknown> => ({ ...(before ?? {}), ...value });

/**
 * A before-create/update pair that refuses the write with 422 when the check finds field errors,
 * labelled like the engine's own reasons so the form shows each under its field.
 */
export function defineValidationHooks(
  def: RegisterDef,
  check: (ctx: HookContext, m: Record<string, unknown>) => FalhaDeCampo[] | Promise<FalhaDeCampo[]>,
): BoundHooks {
  const run = async (ctx: HookContext) => recusarFalhas(def, await check(ctx, merged(ctx)));
  return defineRegisterHooks(def, { beforeCreate: run, beforeUpdate: run });
}

/** Refuses a register write with 422 when there are field errors, each labelled under its form field. */
export function recusarFalhas(def: RegisterDef, falhas: readonly FalhaDeCampo[]): void {
  if (!falhas.length) return;
  throw new ApiError(
    422,
    MSG.validacao,
    reasonsOf(
      falhas.map((f) => ({ path: f.campo, message: f.mensagem })),
      def,
    ),
  );
}

/** Store arrays have no foreign key: every id must be a store of this tenant (RLS scopes the query). */
export async function errosLojas(trx: Tx, lojas: unknown): Promise<FalhaDeCampo[]> {
  if (!Array.isArray(lojas) || lojas.length === 0) return [];
  const r = await sql<{ id: number }>`select id from loja where id = any(${lojas}::int[])`.execute(trx);
  const existentes = new Set(r.rows.map((x) => x.id));
  const faltam = lojas.filter((l) => !existentes.has(l as number));
  return faltam.length ? [falhaDeCampo('lojas', `loja(s) não encontrada(s): ${faltam.join(', ')}.`)] : [];
}

/** The hooks of every register, filled by the area plugins and read by the engine on each write. */
export class HookRegistry {
  readonly #byKey = new Map<string, RegisterHooks>();

  add(...bound: BoundHooks[]): void {
    for (const { def, hooks } of bound) {
      if (this.#byKey.has(def.key)) throw new Error(`hooks do cadastro ${def.key} registrados duas vezes`);
      this.#byKey.set(def.key, hooks);
    }
  }

  of(def: RegisterDef): RegisterHooks | undefined {
    return this.#byKey.get(def.key);
  }

  prepareBody(def: RegisterDef, body: unknown): unknown {
    const fn = this.of(def)?.prepareBody;
    return fn ? fn(body) : body;
  }

  async run(def: RegisterDef, name: HookName, ctx: HookContext): Promise<void> {
    await this.of(def)?.[name]?.(ctx);
  }
}

const registries = new WeakMap<FastifyInstance['server'], HookRegistry>();

export function createHookRegistry(app: FastifyInstance): HookRegistry {
  const registry = new HookRegistry();
  registries.set(app.server, registry);
  return registry;
}

/** The registry of a built app (the declarations-vs-hooks test reads it). */
export function hookRegistryOf(app: FastifyInstance): HookRegistry | undefined {
  return registries.get(app.server);
}
