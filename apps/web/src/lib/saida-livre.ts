/**
 * Whether the way out of a screen is free: a forced end of the session (revocation, 401, another tab's
 * logout) must reach the login page even from a form with unsaved changes. The unsaved-changes guard
 * blocked that navigation and fought it (React error #185, the screen lost). The session sets the
 * predicate (app/session/store.ts); the guard reads it here, since registers/ may not import the session.
 */
let predicado: () => boolean = () => false;

export function definirSaidaLivre(fn: () => boolean): void {
  predicado = fn;
}

export const saidaLivre = (): boolean => predicado();
