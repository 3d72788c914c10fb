/** Loja: the inscrição estadual is checked by the rule of the store's UF (stored as digits, or ISENTO). */
import { erroInscricaoEstadual, falhaDeCampo, loja } from '@retaguarda/domain';
import { defineRegisterHooks, type HookContext, merged } from '../../registers/hooks';
import { invalid } from './pessoa.hooks';
import { ieSemPontuacao } from './inscricao-estadual';

async function checarIe(ctx: HookContext) {
  if (!('inscricaoEstadual' in ctx.value) && !('uf' in ctx.value)) return;
  const m = merged(ctx);
  const erro = erroInscricaoEstadual(m.uf as string | null, m.inscricaoEstadual as string | null);
  if (erro) throw invalid([falhaDeCampo('inscricaoEstadual', erro)]);
}

export const lojaHooks = defineRegisterHooks(loja, {
  prepareBody: ieSemPontuacao,
  beforeCreate: checarIe,
  beforeUpdate: checarIe,
});
