/**
 * The requisition form's values as typed (decimals in pt-BR in the shared item grid) and the resolver that
 * turns them into the API's and validates them with the domain contract (entradaRequisicaoEstoque).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { type EntradaRequisicaoEstoque, entradaRequisicaoEstoque } from '@retaguarda/domain';
import type { Resolver } from 'react-hook-form';
import { linhasParaApi } from '../../../ui/documento/linhas';
import type { ItemDigitado } from '../../../ui/documento/tipos';

export interface ValoresRequisicao {
  lojaDestinoId: number | null;
  localDestinoId: number | null;
  lojaOrigemId: number | null;
  localOrigemId: number | null;
  motivoId: number | null;
  observacao: string;
  itens: ItemDigitado[];
}

export function paraApi(v: ValoresRequisicao): Record<string, unknown> {
  return {
    lojaDestinoId: v.lojaDestinoId ?? undefined,
    localDestinoId: v.localDestinoId ?? undefined,
    lojaOrigemId: v.lojaOrigemId ?? undefined,
    localOrigemId: v.localOrigemId ?? undefined,
    motivoId: v.motivoId ?? undefined,
    observacao: v.observacao,
    itens: linhasParaApi(v.itens, false),
  };
}

const contrato = zodResolver(entradaRequisicaoEstoque);

/** Validates the converted values with the domain contract; errors land on the form's own fields. */
export const resolverRequisicao: Resolver<ValoresRequisicao, unknown, EntradaRequisicaoEstoque> = async (
  valores,
  ctx,
  opts,
) => {
  const r = await contrato(paraApi(valores) as never, ctx, opts as never);
  return { values: r.values as EntradaRequisicaoEstoque, errors: r.errors } as never;
};
