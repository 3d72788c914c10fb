/**
 * The transfer form's values as typed (date dd/MM/yyyy, decimals in pt-BR) and the resolver that turns
 * them into the API's and validates them with the domain contract (entradaTransferenciaEstoque).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Decimal,
  type EntradaTransferenciaEstoque,
  entradaTransferenciaEstoque,
  type ItemTransferencia,
} from '@retaguarda/domain';
import type { Resolver } from 'react-hook-form';
import { linhasParaApi } from '../../../ui/documento/linhas';
import type { ItemDigitado } from '../../../ui/documento/tipos';
import { dataDaTela, decimalDaTela } from '../ajustes/formulario';

export interface ValoresTransferencia {
  lojaOrigemId: number | null;
  localOrigemId: number | null;
  lojaDestinoId: number | null;
  localDestinoId: number | null;
  data: string;
  observacao: string;
  itens: ItemDigitado[];
}

export function paraApi(v: ValoresTransferencia): Record<string, unknown> {
  return {
    lojaOrigemId: v.lojaOrigemId ?? undefined,
    localOrigemId: v.localOrigemId ?? undefined,
    lojaDestinoId: v.lojaDestinoId ?? undefined,
    localDestinoId: v.localDestinoId ?? undefined,
    data: dataDaTela(v.data),
    observacao: v.observacao,
    itens: linhasParaApi(v.itens, false),
  };
}

const contrato = zodResolver(entradaTransferenciaEstoque);

/** Validates the converted values with the domain contract; errors land on the form's own fields. */
export const resolverTransferencia: Resolver<ValoresTransferencia, unknown, EntradaTransferenciaEstoque> = async (
  valores,
  ctx,
  opts,
) => {
  const r = await contrato(paraApi(valores) as never, ctx, opts as never);
  return { values: r.values as EntradaTransferenciaEstoque, errors: r.errors } as never;
};

/** The received quantity typed in a line of the receipt → the API's, or null when it is not a number ≥ 0. */
export function recebidaDaTela(v: string): string | null {
  const t = decimalDaTela(v);
  if (!Decimal.valido(t)) return null;
  const d = Decimal.de(t);
  return d.sinal() < 0 || d.casasUsadas() > 4 ? null : d.texto();
}

/** Sent − received of a line as the screen shows it; null while the typed quantity is not valid. */
export function diferencaDaLinha(item: Pick<ItemTransferencia, 'quantidade'>, digitada: string): string | null {
  const r = recebidaDaTela(digitada);
  return r === null ? null : Decimal.de(item.quantidade).menos(r).texto();
}
