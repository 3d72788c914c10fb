/**
 * Inconsistency counters in the browser (spec §4 "Inconsistency counts", §7, §9): kept in local
 * storage (shared by the tabs) and read back from it every 20 s; a server load is skipped while
 * the last one is under 120 s old and is followed by a notifications load; each counter is asked
 * for only with its permission, and a failing one counts 0. The 120 s rule yields to a change of the data
 * behind them (issue #27.2): the server's event after the commit (a lot finalized, a recount), a command of
 * this tab, or a linked screen that read a different figure drop the stored time and load at once, so a
 * reload never shows an older figure than the screen the card links to.
 */
import {
  type ContadoresDaLoja,
  EVENTO_INCONSISTENCIAS_ALTERADAS,
  type ContadoresPorLoja,
  INCONSISTENCY_MIN_INTERVAL_MS,
  INCONSISTENCY_REFRESH_MS,
  type InconsistenciaPorTipo,
} from '@retaguarda/domain';
import { create } from 'zustand';
import { quandoEntrar, quandoSair } from '../../../servicos/sessao/eventos';
import { useSessao } from '../../../servicos/sessao/store';
import type { Usuario } from '../../../servicos/sessao/types';
import { ouvirRealtime } from '../../../lib/realtime';
import { apagarCache, CHAVES, gravarCache, lerCache } from '../../../lib/storage';
import { useNotificacoes } from '../notificacoes.store';
import {
  buscarContadoresPorLoja,
  buscarInconsistenciasDeProduto,
  buscarInconsistenciasDeTributacao,
  buscarNfceRejeitadas,
  buscarPendencias,
} from './contadores.api';

export const PERM_VENDA = 'PERM_INCONSISTENCIA_ACESSO';
export const PERM_TRIBUTACAO = 'PERM_CFOP_ACESSO';
export const PERM_PRODUTO = 'PERM_INCONSISTENCIA_PRODUTO_ACESSO';
export const PERM_NFCE = 'PERM_MONITORAMENTO_DOCUMENTO_ELETRONICO_ACESSO';
/** A warning, left out of the product total (spec §7). */
export const TIPO_FORA_DO_TOTAL = 'SEM_CEST';

export type LojaContadores = ContadoresDaLoja;

export interface Contadores {
  /** GET /pdv/pendencias total; null when the user may not see it. */
  vendas: number | null;
  tributacao: number | null;
  produto: number | null;
  /** GET /fiscal/nfce/rejeitadas total: rejected NFC-e waiting to be fixed (absent in an older cache: null) */
  nfce?: number | null;
  /** GET /pdv/erros-subida-venda, stored as the server sends it. */
  porLoja: Partial<ContadoresPorLoja> | null;
}

const NENHUM: Contadores = { vendas: null, tributacao: null, produto: null, nfce: null, porLoja: null };
const SEMPRE = Number.POSITIVE_INFINITY;

const tem = (u: Usuario, p: string) => u.permissoes.includes(p);

export function somaProduto(items: InconsistenciaPorTipo[]): number {
  return items.filter((i) => i.tipoInconsistencia !== TIPO_FORA_DO_TOTAL).reduce((s, i) => s + i.quantidade, 0);
}

/** Only the counters the user may see are asked for; each failure counts 0. */
export async function buscarContadores(u: Usuario): Promise<Contadores> {
  const ou0 = <T>(p: Promise<T>, f: (v: T) => number) => p.then(f).catch(() => 0);
  const [vendas, tributacao, produto, nfce, porLoja] = await Promise.all([
    tem(u, PERM_VENDA) ? ou0(buscarPendencias(), (r) => r.total) : null,
    tem(u, PERM_TRIBUTACAO) ? ou0(buscarInconsistenciasDeTributacao(), (r) => r.total) : null,
    tem(u, PERM_PRODUTO) ? ou0(buscarInconsistenciasDeProduto(), (r) => somaProduto(r.items)) : null,
    tem(u, PERM_NFCE) ? ou0(buscarNfceRejeitadas(), (r) => r.total) : null,
    [PERM_VENDA, PERM_TRIBUTACAO, PERM_PRODUTO].some((p) => tem(u, p))
      ? buscarContadoresPorLoja().catch(() => null)
      : null,
  ]);
  return { vendas, tributacao, produto, nfce, porLoja };
}

const chaves = (u: Usuario) => ({
  dados: `${CHAVES.inconsistencias}.${u.id}`,
  em: `${CHAVES.inconsistenciasEm}.${u.id}`,
});

interface ContadoresState extends Contadores {
  /** Reads local storage; loads from the server when the last load is 120 s old or more. */
  atualizar: (agora?: number) => Promise<void>;
  /** The data changed: the stored figures are stale, load now (whatever the 120 s rule says). */
  invalidar: () => Promise<void>;
  /** A linked screen read `valor` now: a different stored figure is stale. */
  conferir: (chave: 'vendas' | 'tributacao' | 'produto' | 'nfce', valor: number) => void;
  limpar: () => void;
}

let carregando: Promise<void> | null = null;
/** An invalidation while a load runs: that load may have read the old data, so one more follows. */
let denovo = false;

export const useContadores = create<ContadoresState>((set, get) => ({
  ...NENHUM,

  atualizar: async (agora = Date.now()) => {
    const u = useSessao.getState().usuario;
    if (!u) return;
    const k = chaves(u);
    const guardados = lerCache<Contadores>(k.dados, SEMPRE);
    if (guardados) set(guardados);
    const ultima = lerCache<number>(k.em, SEMPRE);
    if (ultima !== null && agora - ultima < INCONSISTENCY_MIN_INTERVAL_MS) return;
    if (carregando) return carregando;
    carregando = (async () => {
      gravarCache(k.em, agora, agora);
      const novos = await buscarContadores(u);
      if (useSessao.getState().usuario?.id !== u.id) return;
      gravarCache(k.dados, novos, agora);
      set(novos);
      await useNotificacoes.getState().carregar();
    })().finally(() => {
      carregando = null;
      if (denovo) {
        denovo = false;
        void get().invalidar();
      }
    });
    return carregando;
  },

  invalidar: async () => {
    const u = useSessao.getState().usuario;
    if (!u) return;
    if (carregando) {
      denovo = true;
      return carregando;
    }
    apagarCache(chaves(u).em);
    return get().atualizar();
  },

  conferir: (chave, valor) => {
    const atual = get()[chave] ?? null;
    if (atual !== null && atual !== valor) void get().invalidar();
  },

  limpar: () => {
    apagarCache(CHAVES.inconsistencias);
    apagarCache(CHAVES.inconsistenciasEm);
    set(NENHUM);
  },
}));

let relogio: ReturnType<typeof setInterval> | null = null;

/** Starts the 20 s cycle (a first read at once); returns the stop function. */
export function iniciarCicloContadores(): () => void {
  pararCicloContadores();
  void useContadores.getState().atualizar();
  relogio = setInterval(() => void useContadores.getState().atualizar(), INCONSISTENCY_REFRESH_MS);
  return pararCicloContadores;
}

export function pararCicloContadores(): void {
  if (relogio) clearInterval(relogio);
  relogio = null;
}

let instalado = false;

/** Login starts the cycle (a page reload with a live session too); logout stops it and clears. */
export function instalarContadores(): void {
  if (instalado) return;
  instalado = true;
  quandoEntrar(() => iniciarCicloContadores());
  ouvirRealtime(EVENTO_INCONSISTENCIAS_ALTERADAS.nome, () => void useContadores.getState().invalidar());
  quandoSair(() => {
    pararCicloContadores();
    useContadores.getState().limpar();
  });
  if (useSessao.getState().usuario) iniciarCicloContadores();
}
