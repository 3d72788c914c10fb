import { cstCsosnIncompativel, MSG, situacaoFiscal } from '@retaguarda/domain';
import { ApiError } from '../../plugins/errors';
import { defineRegisterHooks, type HookContext } from '../../registers/hooks';

/** CST and CSOSN of a situação fiscal must describe the same treatment (domain §3.4). */
async function cstCsosn({ value, before }: HookContext) {
  const cst = 'cst' in value ? value.cst : before?.cst;
  const csosn = 'csosn' in value ? value.csosn : before?.csosn;
  const erro = cstCsosnIncompativel(cst, csosn);
  if (erro) throw new ApiError(422, MSG.validacao, [erro]);
}

export const situacaoFiscalHooks = defineRegisterHooks(situacaoFiscal, {
  beforeCreate: cstCsosn,
  beforeUpdate: cstCsosn,
});
