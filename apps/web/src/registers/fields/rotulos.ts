/** Labels of referenced records ("5 - Nestlé"), fetched in one call per page and cached. */
import { emitRsql, type RegisterDef, registerByKey, rotuloDoRegistro, rsql } from '@retaguarda/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { caminhoApi, listar, type Registro } from '../api';
import { rotuloLoja, useContextoCadastros } from '../contexto';

export function defDoRef(ref: string | undefined): RegisterDef | undefined {
  return ref ? registerByKey(ref) : undefined;
}

/** The record's own words (shared with the server's reports). */
export const rotuloDe: (def: RegisterDef, item: Registro) => string = rotuloDoRegistro;

export function rsqlIds(def: RegisterDef, ids: readonly unknown[]): string {
  return (
    emitRsql(
      rsql.in(
        'id',
        ids.map((i) => (def.idKind === 'code' ? String(i) : Number(i))),
      ),
    ) ?? ''
  );
}

const valido = (v: unknown) => v !== null && v !== undefined && v !== '';

/** Map id → label for the given ids of one referenced register (lojas are the signed-in user's). */
export function useRotulos(ref: string | undefined, ids: readonly unknown[]): Map<string, string> {
  const def = defDoRef(ref);
  const { lojas } = useContextoCadastros();
  const unicos = [...new Set(ids.filter(valido).map(String))].sort();
  const ehLoja = ref === 'loja';
  const { data } = useQuery({
    queryKey: ['rotulos', ref, unicos],
    enabled: !!def && unicos.length > 0 && !ehLoja,
    staleTime: 60_000,
    placeholderData: keepPreviousData,
    queryFn: async ({ signal }) => {
      if (!def) return [];
      const p = new URLSearchParams({
        start: '0',
        count: String(Math.min(unicos.length, 1000)),
        q: rsqlIds(def, unicos),
      });
      return (await listar(caminhoApi(def), p, signal)).items;
    },
  });
  const mapa = new Map<string, string>();
  if (ehLoja) for (const l of lojas) mapa.set(String(l.id), rotuloLoja(l));
  if (def && data) for (const item of data) mapa.set(String(item.id), rotuloDe(def, item));
  return mapa;
}
