/**
 * The store the user is working in: every screen starts on the session's principal store, so
 * switching it in the header marks the chosen one as principal for this session (the user's record
 * is not changed). The choice is remembered per user in this browser and put back after a reload.
 */
import type { Usuario } from '../../servicos/sessao/types';

const chave = (usuarioId: number) => `retaguarda.lojaAtual.${usuarioId}`;

/** The user with `lojaId` as the store the screens start on; the same object when nothing changes. */
export function comLojaAtual(u: Usuario, lojaId: number): Usuario {
  if (!u.lojasUsuario.some((l) => l.id === lojaId)) return u;
  if (u.lojasUsuario.every((l) => l.principal === (l.id === lojaId))) return u;
  return { ...u, lojasUsuario: u.lojasUsuario.map((l) => ({ ...l, principal: l.id === lojaId })) };
}

export function lembrarLojaAtual(usuarioId: number, lojaId: number): void {
  try {
    localStorage.setItem(chave(usuarioId), String(lojaId));
  } catch {
    // private mode without storage: the switch holds until the reload
  }
}

export function lojaLembrada(usuarioId: number): number | null {
  try {
    const v = Number(localStorage.getItem(chave(usuarioId)));
    return Number.isInteger(v) && v > 0 ? v : null;
  } catch {
    return null;
  }
}
