/**
 * Filters, page, size and order of the group and user lists, kept in the URL after the #: coming
 * back from a registration (or following a link) shows the same view.
 */
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { Filtro, Ordem, StatusFiltro } from './filtros';

export interface EstadoIdentidade {
  filtro: Filtro;
  pagina: number;
  tamanho: number;
  ordem: Ordem;
}

const STATUS: readonly StatusFiltro[] = ['todos', 'ativos', 'inativos'];
const CHAVES = ['codigo', 'nome', 'status', 'pagina', 'tamanho', 'ordem'];

export function estadoDaQuery(q: URLSearchParams): EstadoIdentidade {
  const status = q.get('status') as StatusFiltro | null;
  const ordem = q.get('ordem') ?? 'nome';
  return {
    filtro: {
      codigo: q.get('codigo') ?? '',
      nome: q.get('nome') ?? '',
      status: status && STATUS.includes(status) ? status : 'todos',
    },
    pagina: Math.max(1, Number(q.get('pagina')) || 1),
    tamanho: Number(q.get('tamanho')) || 10,
    ordem: { campo: ordem.replace(/^-/, ''), desc: ordem.startsWith('-') },
  };
}

/** Only what differs from the defaults goes into the URL. */
export function queryDoEstado(e: EstadoIdentidade, base: URLSearchParams): URLSearchParams {
  const q = new URLSearchParams(base);
  for (const k of CHAVES) q.delete(k);
  if (e.filtro.codigo) q.set('codigo', e.filtro.codigo);
  if (e.filtro.nome) q.set('nome', e.filtro.nome);
  if (e.filtro.status !== 'todos') q.set('status', e.filtro.status);
  if (e.pagina > 1) q.set('pagina', String(e.pagina));
  if (e.tamanho !== 10) q.set('tamanho', String(e.tamanho));
  const ordem = `${e.ordem.desc ? '-' : ''}${e.ordem.campo}`;
  if (ordem !== 'nome') q.set('ordem', ordem);
  return q;
}

export function useEstadoIdentidade() {
  const [query, setQuery] = useSearchParams();
  const estado = useMemo(() => estadoDaQuery(query), [query]);
  const mudar = useCallback(
    (p: Partial<EstadoIdentidade>) =>
      setQuery(
        (atual) => {
          const e = { ...estadoDaQuery(atual), ...p };
          // a new filter, size or order starts again on the first page
          if (!('pagina' in p)) e.pagina = 1;
          return queryDoEstado(e, atual);
        },
        { replace: true },
      ),
    [setQuery],
  );
  return { estado, mudar };
}
