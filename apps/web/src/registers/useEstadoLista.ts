/** The list's filters, page and order kept in the URL after the # (a link reproduces the view). */
import type { RegisterDef } from '@retaguarda/domain';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { type EstadoLista, estadoDaUrl, urlDoEstado } from './consulta';

/** Parameters the list owns; anything else in the query (fullScreen, registro) is left alone. */
const DA_LISTA = ['busca', 'situacao', 'lojas', 'pagina', 'tamanho', 'ordem'];

export function useEstadoLista(def: RegisterDef) {
  const [params, setParams] = useSearchParams();
  const estado = useMemo(() => estadoDaUrl(params, def), [params, def]);
  const mudar = useCallback(
    (parcial: Partial<EstadoLista>) => {
      setParams(
        (atual) => {
          const e = { ...estadoDaUrl(atual, def), ...parcial };
          // a new filter or page size starts again on the first page
          if (!('pagina' in parcial)) e.pagina = 1;
          const prox = new URLSearchParams(atual);
          for (const k of DA_LISTA) prox.delete(k);
          for (const [k, v] of Object.entries(urlDoEstado(e, def))) prox.set(k, v);
          return prox;
        },
        { replace: true },
      );
    },
    [setParams, def],
  );
  return { estado, mudar, params, setParams };
}
