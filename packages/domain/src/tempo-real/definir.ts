/**
 * Realtime events declared by their area (issue #25.8): name, payload contract and audience. The server
 * publishes only declared events (the payload checked by its contract) and delivers each to its audience's
 * room; the web listens by the declared name. Delivery to devices comes with the frente de loja issue.
 */
import type { z } from 'zod';

/** Who receives it: every user of the tenant, one user, or the users whose stores include one store. */
export type PublicoEvento = 'assinante' | 'usuario' | 'loja';

export interface DeclaracaoEvento<S extends z.ZodType = z.ZodType, N extends string = string> {
  /** `<area>.<evento>`: the socket.io event name */
  nome: N;
  area: string;
  publico: PublicoEvento;
  /**
   * Only the audience's users holding this permission code (administrators always) receive it: an event naming a
   * store's records reaches who may read them there, not every user of the store.
   */
  permissao?: string;
  payload: S;
  descricao: string;
}

export function defineEvent<const N extends string, S extends z.ZodType>(
  d: DeclaracaoEvento<S, N>,
): DeclaracaoEvento<S, N> {
  if (!d.nome.startsWith(`${d.area}.`)) throw new Error(`evento ${d.nome}: o nome começa pela área ${d.area}`);
  return d;
}

/** The payload an event carries. */
export type PayloadDoEvento<E extends DeclaracaoEvento> = z.infer<E['payload']>;
