/**
 * The clock business dates read ("today at the store"). Production reads the system clock; a test fixes
 * it (`fixarRelogio`) to run at the hours where the stores' days differ, without faking timers or Date
 * for the whole process (tokens, pools and the database keep real time).
 */
let fixo: Date | null = null;

/** Now, by the clock: the fixed instant when a test set one, else the system clock. */
export function agora(): Date {
  return fixo ? new Date(fixo.getTime()) : new Date();
}

/** Fixes the clock at `instante` (`null` gives the system clock back). Tests only. */
export function fixarRelogio(instante: Date | string | null): void {
  fixo = instante === null ? null : new Date(instante);
}
