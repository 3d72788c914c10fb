/** Similares: at least two products, the reference among them, each product in one similar group only. */
import { falhaDeCampo, similar as similarRegister } from '@retaguarda/domain';
import type { Razao } from '../../plugins/errors';
import { defineRegisterHooks, type HookContext, merged } from '../../registers/hooks';
import { invalid, umGrupoPorProduto } from './um-grupo-por-produto';

const similarUnico = umGrupoPorProduto('similar_produto', 'no grupo de similares');

async function similar(ctx: HookContext) {
  const m = merged(ctx);
  const ids = (m.produtosIds as number[] | undefined) ?? [];
  const reasons: Razao[] = [];
  if (ids.length < 2) reasons.push(falhaDeCampo('produtosIds', 'informe pelo menos 2 produtos.'));
  if (m.produtoReferenciaId != null && !ids.includes(m.produtoReferenciaId as number))
    reasons.push(falhaDeCampo('produtoReferenciaId', 'o produto de referência deve estar no grupo.'));
  if (reasons.length) throw invalid(reasons);
  await similarUnico(ctx);
}

export const similarHooks = defineRegisterHooks(similarRegister, { beforeCreate: similar, beforeUpdate: similar });
