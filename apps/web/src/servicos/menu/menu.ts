/** The side menu (GET /api/v1/menu, cached 24 h) and "meu menu" (GET/PUT /api/v1/meu-menu). */
import { MENU_CACHE_MS, type MenuEntry, montarMenu } from '@retaguarda/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { HttpError } from '../../lib/erros';
import { reportError } from '../../lib/error-reporting';
import { apagarCache, CHAVES, gravarCache, lerCache } from '../../lib/storage';
import { useSessao } from '../sessao/store';

export async function buscarMenu(): Promise<MenuEntry[]> {
  const usuario = useSessao.getState().usuario;
  const chave = `${CHAVES.menu}.${usuario?.id ?? ''}`;
  const emCache = lerCache<MenuEntry[]>(chave, MENU_CACHE_MS);
  if (emCache) return emCache;
  try {
    const menu = await api<MenuEntry[]>('/api/v1/menu');
    gravarCache(chave, menu);
    return menu;
  } catch (e) {
    if (e instanceof HttpError && e.status === 401) {
      apagarCache(chave);
      return [];
    }
    // spec §8: other menu errors go to error reporting
    reportError(e);
    // the route table is the menu's source: build it locally while the server cannot answer
    return usuario ? montarMenu(usuario) : [];
  }
}

export function useMenu() {
  const id = useSessao((s) => s.usuario?.id);
  return useQuery({ queryKey: ['menu', id], queryFn: buscarMenu, enabled: id !== undefined, staleTime: MENU_CACHE_MS });
}

export function useMeuMenu() {
  const id = useSessao((s) => s.usuario?.id);
  const qc = useQueryClient();
  const consulta = useQuery({
    queryKey: ['meu-menu', id],
    queryFn: () => api<MenuEntry[]>('/api/v1/meu-menu').catch(() => [] as MenuEntry[]),
    enabled: id !== undefined,
  });
  const salvar = async (entradas: MenuEntry[]) => {
    qc.setQueryData(['meu-menu', id], entradas);
    await api('/api/v1/meu-menu', { method: 'PUT', body: entradas });
  };
  return { meuMenu: consulta.data ?? [], salvar };
}
