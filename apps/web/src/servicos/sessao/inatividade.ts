/**
 * Inactivity timeout (spec §9): 12 h by default, overridable by `window.INACTIVITY_TIMEOUT`,
 * checked every 10 s; the last-activity time is shared across tabs through localStorage.
 */
import { INACTIVITY_CHECK_MS, INACTIVITY_TIMEOUT_MS } from '@retaguarda/domain';
import { CHAVES, gravarStorage, lerStorage } from '../../lib/storage';
import { logado, useSessao } from './store';

declare global {
  interface Window {
    INACTIVITY_TIMEOUT?: number;
  }
}

export function tempoLimite(): number {
  const v = Number(window.INACTIVITY_TIMEOUT);
  return Number.isFinite(v) && v > 0 ? v : INACTIVITY_TIMEOUT_MS;
}

let ultimaGravacao = 0;
export function registrarAtividade(agora = Date.now()): void {
  if (agora - ultimaGravacao < 1000) return;
  ultimaGravacao = agora;
  gravarStorage(CHAVES.ultimaAtividade, agora);
}

export function inativo(agora = Date.now()): boolean {
  const ultima = lerStorage<number>(CHAVES.ultimaAtividade);
  return ultima !== null && agora - ultima > tempoLimite();
}

/** Starts the watch; returns the function that stops it. */
export function vigiarInatividade(): () => void {
  const checar = () => {
    if (logado() && inativo()) void useSessao.getState().sair();
  };
  const intervalo = setInterval(checar, INACTIVITY_CHECK_MS);
  const aoMexer = () => {
    if (logado()) registrarAtividade();
  };
  const aoArmazenar = (e: StorageEvent) => {
    if (e.key === CHAVES.logout && logado()) void useSessao.getState().sair({ semServidor: true, avisarAbas: false });
  };
  const eventos = ['pointerdown', 'keydown'] as const;
  for (const ev of eventos) window.addEventListener(ev, aoMexer, { passive: true });
  window.addEventListener('storage', aoArmazenar);
  return () => {
    clearInterval(intervalo);
    for (const ev of eventos) window.removeEventListener(ev, aoMexer);
    window.removeEventListener('storage', aoArmazenar);
  };
}
