/** Contador: only its address is checked (municipality of the UF). */
import { contador } from '@retaguarda/domain';
import type { Razao } from '../../plugins/errors';
import { defineRegisterHooks, type HookContext } from '../../registers/hooks';
import { checkEndereco, invalid } from './pessoa.hooks';

async function soEndereco(ctx: HookContext) {
  const reasons: Razao[] = [];
  await checkEndereco(ctx, reasons);
  if (reasons.length) throw invalid(reasons);
}

export const contadorHooks = defineRegisterHooks(contador, { beforeCreate: soEndereco, beforeUpdate: soEndereco });
