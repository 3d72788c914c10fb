/**
 * The headless list: filter, page, page size and order kept in the URL after the #, the API asked
 * with `start/count/sort/q`, and what the shared table and its footer need (rows, totals, 'mais de
 * 10.000' with 'Contar todos', loading). A list screen declares its filter and how to load a page.
 */
import type { ListaPaginada } from '@retaguarda/domain';
import { keepPreviousData, type QueryKey, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import {
  comTotalLimitado,
  type EstadoLista,
  estadoDaUrl,
  type FiltroLista,
  mudarUrl,
  parametrosDaLista,
  proximaOrdem,
} from './estado';
import { lembrarTamanho, tamanhoLembrado } from './tamanho-lembrado';

/** A loaded page: the domain's list answer (`start`/`count` are not read, so a loader may leave them out). */
export type RespostaLista<T> = Pick<ListaPaginada<T>, 'total' | 'totalLimitado' | 'items'> &
  Partial<Pick<ListaPaginada<T>, 'start' | 'count'>>;

export interface OpcoesLista<T, F> {
  /** prefix of the query key: invalidating it reloads the list */
  chave: QueryKey;
  carregar: (p: URLSearchParams, signal: AbortSignal) => Promise<RespostaLista<T>>;
  /** a stable object (module constant or memo) */
  filtro: FiltroLista<F>;
  ordemPadrao: string;
  /** big tables: matches counted only up to 10 000, with 'Contar todos' for the exact count */
  totalLimitado?: boolean;
}

const NENHUM: never[] = [];

export function useLista<T, F>({ chave, carregar, filtro, ordemPadrao, totalLimitado }: OpcoesLista<T, F>) {
  const [url, setUrl] = useSearchParams();
  // the page size chosen last time on this list, unless the link names one
  const { pathname } = useLocation();
  const lista = `${pathname}|${chave.filter((k) => typeof k === 'string').join('/')}`;
  const estado = useMemo(() => {
    const e = estadoDaUrl(url, filtro, ordemPadrao);
    const lembrado = url.has('tamanho') ? null : tamanhoLembrado(lista);
    return lembrado ? { ...e, tamanho: lembrado } : e;
  }, [url, filtro, ordemPadrao, lista]);
  const mudar = useCallback(
    (parcial: Partial<EstadoLista<F>>) =>
      setUrl((atual) => mudarUrl(atual, parcial, filtro, ordemPadrao), { replace: true }),
    [setUrl, filtro, ordemPadrao],
  );
  const params = useMemo(() => parametrosDaLista(estado, filtro), [estado, filtro]);
  const pedido = params.toString();
  // 'Contar todos' holds for the query it was asked on (until the filter, page or order changes)
  const [contarEm, setContarEm] = useState<string | null>(null);
  const exato = !totalLimitado || contarEm === pedido;
  const qc = useQueryClient();

  const { data, isPending, isFetching, isError } = useQuery({
    queryKey: [...chave, pedido, exato],
    queryFn: ({ signal }) => carregar(exato ? params : comTotalLimitado(params), signal),
    placeholderData: keepPreviousData,
  });

  const itens: T[] = data?.items ?? NENHUM;
  const total = data?.total ?? 0;
  const limitado = data?.totalLimitado === true;
  const aoOrdenar = useCallback(
    (campo: string) => mudar({ ordem: proximaOrdem(estado.ordem, campo, ordemPadrao) } as Partial<EstadoLista<F>>),
    [mudar, estado.ordem, ordemPadrao],
  );
  const paginacao = {
    total,
    limitado,
    aoContar: () => setContarEm(pedido),
    pagina: estado.pagina,
    tamanho: estado.tamanho,
    aoMudarPagina: (pagina: number) => mudar({ pagina } as Partial<EstadoLista<F>>),
    aoMudarTamanho: (tamanho: number) => {
      lembrarTamanho(lista, tamanho);
      mudar({ tamanho } as Partial<EstadoLista<F>>);
    },
  };
  return {
    estado,
    mudar,
    /** the API parameters of the current view (exports and prints reuse them) */
    params,
    itens,
    total,
    limitado,
    erro: isError,
    recarregar: () => qc.invalidateQueries({ queryKey: chave }),
    /** what the shared table takes as is: `<TabelaDados {...lista.tabela} … />` */
    tabela: {
      itens,
      carregando: isPending,
      atualizando: isFetching && !isPending,
      ordem: estado.ordem,
      aoOrdenar,
      paginacao,
    },
  };
}
