/**
 * Named hooks for registers with rules beyond the declaration (architecture §5: never copy the
 * generic code). A declaration lists the hooks it relies on; a test checks each one exists here.
 */
import type { RegisterDef } from '@retaguarda/domain';
import type { Tx } from '../db/database';
import type { EngineAuth } from './context';
import { REGISTER_HOOKS } from './hooks/index';

export type HookName = 'beforeCreate' | 'beforeUpdate' | 'beforeDelete';

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

export function prepareBody(def: RegisterDef, body: unknown): unknown {
  const fn = REGISTER_HOOKS[def.key]?.prepareBody;
  return fn ? fn(body) : body;
}

export async function runHook(def: RegisterDef, name: HookName, ctx: HookContext): Promise<void> {
  await REGISTER_HOOKS[def.key]?.[name]?.(ctx);
}
