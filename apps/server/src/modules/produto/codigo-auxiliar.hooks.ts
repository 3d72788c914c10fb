/** Código auxiliar: an EAN must carry a valid GTIN check digit. */
import { codigoAuxiliar as codigoAuxiliarRegister, falhaDeCampo, gtinValido, MSG } from '@retaguarda/domain';
import { ApiError } from '../../plugins/errors';
import { defineRegisterHooks, type HookContext, merged } from '../../registers/hooks';

async function codigoAuxiliar(ctx: HookContext) {
  const m = merged(ctx);
  const id = String(m.id ?? ctx.id ?? '');
  if (m.tipo === 'EAN' && !gtinValido(id))
    throw new ApiError(422, MSG.validacao, [
      falhaDeCampo('id', 'código de barras inválido: dígito verificador GTIN não confere.'),
    ]);
}

export const codigoAuxiliarHooks = defineRegisterHooks(codigoAuxiliarRegister, {
  beforeCreate: codigoAuxiliar,
  beforeUpdate: codigoAuxiliar,
});
