import { falhaDeCampo, MSG, naturezaPisCofins as naturezaPisCofinsRegister } from '@retaguarda/domain';
import { ApiError } from '../../plugins/errors';
import { defineRegisterHooks, type HookContext, merged } from '../../registers/hooks';
import { codigosNatureza, tabelasCarregadas } from './natureza-receita.routes';

/** Once the SPED tables are loaded, the natureza da receita must be in force there (for the exit CST). */
async function naturezaPisCofins(ctx: HookContext) {
  if (!('naturezaReceita' in ctx.value) && !('cstSaida' in ctx.value)) return;
  const m = merged(ctx);
  const codigo = m.naturezaReceita as string | null | undefined;
  if (!codigo || !(await tabelasCarregadas(ctx.trx))) return;
  const cstSaida = typeof m.cstSaida === 'string' && /^0[2-9]$/.test(m.cstSaida) ? m.cstSaida : undefined;
  if ((await codigosNatureza(ctx.trx, cstSaida, codigo)).length) return;
  const doCst = cstSaida ? ` que servem ao CST ${cstSaida}` : '';
  throw new ApiError(422, MSG.validacao, [
    falhaDeCampo(
      'naturezaReceita',
      `O código ${codigo} não está em vigor nas tabelas da natureza da receita${doCst}.`,
      'Natureza da receita',
    ),
  ]);
}

export const naturezaPisCofinsHooks = defineRegisterHooks(naturezaPisCofinsRegister, {
  beforeCreate: naturezaPisCofins,
  beforeUpdate: naturezaPisCofins,
});
