/**
 * The filter forms of the stock reports: dates typed dd/MM/yyyy sent as yyyy-MM-dd, the default period
 * (the current month up to today, in the store's zone) and the domain contract's errors per field.
 */
import { hojeNaZona, ZONA_PADRAO } from '@retaguarda/domain';
import type { z } from 'zod';
import { dataDaApi } from '../../../lib/datas';

export { dataDaApi, dataDaTela } from '../../../lib/datas';

/** The current month up to today, store-local: { de: '01/11/2026', ate: '24/11/2026' }. */
export function mesCorrente(zona = ZONA_PADRAO, agora?: Date): { de: string; ate: string } {
  const hoje = hojeNaZona(zona, agora);
  return { de: dataDaApi(`${hoje.slice(0, 8)}01`), ate: dataDaApi(hoje) };
}

/** Validates with the contract: the body, or the first message of each field. */
export function validar<S extends z.ZodType>(
  schema: S,
  valores: unknown,
): { corpo: z.input<S>; erros?: undefined } | { corpo?: undefined; erros: Record<string, string> } {
  const r = schema.safeParse(valores);
  if (r.success) return { corpo: valores as z.input<S> };
  const erros: Record<string, string> = {};
  for (const i of r.error.issues) {
    const campo = String(i.path[0] ?? 'formulario');
    if (!erros[campo]) erros[campo] = i.message.charAt(0).toUpperCase() + i.message.slice(1);
  }
  return { erros };
}

export const ids = (v: readonly string[]) => v.map(Number);
