/**
 * Learning resources in the browser (spec §4, §9): reloaded from the server on login and kept in
 * the local-storage cache (24 h) for page reloads; the resource of the screen shown right after
 * login opens once; dismissing removes it from the list and the cache; logout clears them.
 */
import { MENU_CACHE_MS } from '@retaguarda/domain';
import { create } from 'zustand';
import { quandoEntrar, quandoSair } from '../../../servicos/sessao/eventos';
import { useSessao } from '../../../servicos/sessao/store';
import { apagarCache, CHAVES, gravarCache, lerCache } from '../../../lib/storage';
import { buscarRecursosDoUsuario, dispensarRecurso, type RecursoAprendizagem } from './aprendizagem.api';

/** The spec gives the learning cache no lifetime of its own: the 24 h of the other caches. */
export const APRENDIZAGEM_CACHE_MS = MENU_CACHE_MS;

const chave = () => `${CHAVES.recursosAprendizagem}.${useSessao.getState().usuario?.id ?? ''}`;

/**
 * The administrators' register screen (the declaration's `route`, written here so the register stays out
 * of the login bundle): what they change there reaches their own help buttons when they leave it.
 */
const TELA_DO_CADASTRO = '/recursosAprendizagem';
let noCadastro = false;

interface AprendizagemState {
  recursos: RecursoAprendizagem[];
  carregado: boolean;
  /** Set on login: the first screen shown afterwards opens its resource, once. */
  abrirAoEntrar: boolean;
  carregar: (forcar?: boolean) => Promise<void>;
  dispensar: (id: number) => Promise<void>;
  /** The first screen after login consumed the flag; true when it should open the modal. */
  consumirAbertura: (menuId: string) => boolean;
  /** The screen shown now: leaving the register screen reloads the resources from the server. */
  telaAtual: (menuId: string) => void;
  limpar: () => void;
}

export const useAprendizagem = create<AprendizagemState>((set, get) => ({
  recursos: [],
  carregado: false,
  abrirAoEntrar: false,

  carregar: async (forcar = false) => {
    const emCache = forcar ? null : lerCache<RecursoAprendizagem[]>(chave(), APRENDIZAGEM_CACHE_MS);
    if (emCache) {
      set({ recursos: emCache, carregado: true });
      return;
    }
    try {
      const recursos = await buscarRecursosDoUsuario();
      gravarCache(chave(), recursos);
      set({ recursos, carregado: true });
    } catch (e) {
      console.warn('[aprendizagem] falha ao carregar:', (e as Error).message);
      set({ recursos: [], carregado: true });
    }
  },

  dispensar: async (id) => {
    await dispensarRecurso(id);
    const recursos = get().recursos.filter((r) => r.id !== id);
    gravarCache(chave(), recursos);
    set({ recursos });
  },

  consumirAbertura: (menuId) => {
    const { abrirAoEntrar, carregado, recursos } = get();
    if (!abrirAoEntrar || !carregado) return false;
    set({ abrirAoEntrar: false });
    return recursos.some((r) => r.menuId === menuId);
  },

  telaAtual: (menuId) => {
    const saindo = noCadastro && menuId !== TELA_DO_CADASTRO;
    noCadastro = menuId === TELA_DO_CADASTRO;
    if (saindo && get().carregado) void get().carregar(true);
  },

  limpar: () => {
    apagarCache(CHAVES.recursosAprendizagem);
    set({ recursos: [], carregado: false, abrirAoEntrar: false });
  },
}));

export function recursoDa(recursos: RecursoAprendizagem[], menuId: string): RecursoAprendizagem | undefined {
  return recursos.find((r) => r.menuId === menuId);
}

let instalado = false;

/** Login reloads (and arms the modal), a reload with a live session reads the cache, logout clears. */
export function instalarAprendizagem(): void {
  if (instalado) return;
  instalado = true;
  quandoEntrar(() => {
    set({ abrirAoEntrar: true, carregado: false });
    void useAprendizagem.getState().carregar(true);
  });
  quandoSair(() => useAprendizagem.getState().limpar());
  if (useSessao.getState().usuario) void useAprendizagem.getState().carregar();
}

function set(p: Partial<AprendizagemState>): void {
  useAprendizagem.setState(p);
}
