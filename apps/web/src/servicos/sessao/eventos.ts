/** Login/logout listeners (menu, learning resources, realtime…) register here, avoiding import cycles. */
import type { Usuario } from './types';

type AoEntrar = (u: Usuario) => void;
const entrada = new Set<AoEntrar>();
const saida = new Set<() => void>();

export function quandoEntrar(fn: AoEntrar): () => void {
  entrada.add(fn);
  return () => entrada.delete(fn);
}
export function quandoSair(fn: () => void): () => void {
  saida.add(fn);
  return () => saida.delete(fn);
}
/** Server-side clean-up of a logout, run while the access token is still valid (spec §4: the push token). */
const antesDeSair = new Set<() => Promise<void>>();
export function antesDeSairNoServidor(fn: () => Promise<void>): () => void {
  antesDeSair.add(fn);
  return () => antesDeSair.delete(fn);
}
export async function aoSairNoServidor(): Promise<void> {
  await Promise.all([...antesDeSair].map((fn) => fn().catch(() => undefined)));
}
export function aoIniciarSessao(u: Usuario): void {
  for (const fn of entrada) fn(u);
}
export function aoEncerrarSessao(): void {
  for (const fn of saida) fn();
}
