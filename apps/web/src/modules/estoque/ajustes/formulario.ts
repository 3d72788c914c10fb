/**
 * The adjustment form's values as typed (dates dd/MM/yyyy, decimals in pt-BR) and the resolver that
 * turns them into the API's and validates them with the domain contract (entradaAjusteEstoque).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { type EntradaAjusteEstoque, entradaAjusteEstoque } from '@retaguarda/domain';
import type { Resolver } from 'react-hook-form';
import { dataDaTela } from '../../../lib/datas';
import { decimalDaTela, linhasParaApi } from '../../../ui/documento/linhas';
import type { ItemDigitado } from '../../../ui/documento/tipos';

/** The grid's lines and the pt-BR decimal reader are the shared document grid's (ui/documento). */
export type { ItemDigitado };
export { decimalDaTela };

export interface ValoresAjuste {
  lojaId: number | null;
  localId: number | null;
  tipoDeAjusteId: number | null;
  tipoDeOperacao: 'ENTRADA' | 'SAIDA' | null;
  data: string;
  observacao: string;
  itens: ItemDigitado[];
}

/** dd/MM/yyyy → yyyy-MM-dd (the shared reader; anything else passes as typed, for the contract to refuse). */
export { dataDaTela };

export function paraApi(v: ValoresAjuste): Record<string, unknown> {
  return {
    lojaId: v.lojaId ?? undefined,
    localId: v.localId ?? undefined,
    tipoDeAjusteId: v.tipoDeAjusteId ?? undefined,
    tipoDeOperacao: v.tipoDeOperacao ?? undefined,
    dataDaMovimentacao: dataDaTela(v.data),
    observacao: v.observacao,
    itens: linhasParaApi(v.itens, true),
  };
}

const contrato = zodResolver(entradaAjusteEstoque);

/** Validates the converted values with the domain contract; errors land on the form's own fields. */
export const resolverAjuste: Resolver<ValoresAjuste, unknown, EntradaAjusteEstoque> = async (valores, ctx, opts) => {
  const r = await contrato(paraApi(valores) as never, ctx, opts as never);
  const erros = { ...(r.errors as Record<string, unknown>) };
  if ('dataDaMovimentacao' in erros) {
    erros.data = erros.dataDaMovimentacao;
    delete erros.dataDaMovimentacao;
  }
  return { values: r.values as EntradaAjusteEstoque, errors: erros } as never;
};

/** The server's field names → the form's (dataDaMovimentacao is typed in `data`). */
export const campoDoForm = (campo: string) => (campo === 'dataDaMovimentacao' ? 'data' : campo);
