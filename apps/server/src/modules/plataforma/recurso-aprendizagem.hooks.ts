/** Learning resources: a screen of the menu, and a text or a link (the engine does the rest). */
import { errosRecursoAprendizagem, MSG, reasonsOf, recursoAprendizagem } from '@retaguarda/domain';
import { defineRegisterHooks, type HookContext, merged } from '../../registers/hooks';
import { ApiError } from '../../plugins/errors';

async function validar(ctx: HookContext): Promise<void> {
  // a resource with only a link keeps an empty text: the screens read `conteudo` as a string
  if (ctx.value.conteudo === null) ctx.value.conteudo = '';
  const erros = errosRecursoAprendizagem(merged(ctx));
  if (erros.length) throw new ApiError(422, MSG.validacao, reasonsOf(erros, recursoAprendizagem));
}

export const recursoAprendizagemHooks = defineRegisterHooks(recursoAprendizagem, {
  beforeCreate: validar,
  beforeUpdate: validar,
});
