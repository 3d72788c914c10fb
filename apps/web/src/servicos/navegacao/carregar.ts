/**
 * Lazy screens (spec §2.3, §8): an error view after 50 s, and a failed chunk
 * ('Loading chunk … failed') is retried once before the error view. Every chunk load has its own
 * 120 s limit (§8): one that never arrives fails as 'Loading chunk … failed' (lazy pieces outside a
 * route, such as the register pages' chunk or the login's session-limit modal, have no 50 s view).
 */
import { LAZY_LOAD_TIMEOUT_MS } from '@retaguarda/domain';
import type { ComponentType } from 'react';

export class TempoEsgotadoError extends Error {
  constructor() {
    super('Tempo esgotado ao carregar a tela.');
  }
}

export class ChunkError extends Error {}

/** Spec §8: the chunk-load timeout. */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

const ehErroDeChunk = (e: unknown) =>
  /Loading chunk|dynamically imported module|Importing a module script failed|error loading dynamically/i.test(
    String((e as Error)?.message ?? e),
  );

function comTempoLimite<T>(p: Promise<T>, ms: number, erro: () => Error = () => new TempoEsgotadoError()): Promise<T> {
  return new Promise((resolve, reject) => {
    const t = setTimeout(() => reject(erro()), ms);
    p.then(
      (v) => {
        clearTimeout(t);
        resolve(v);
      },
      (e) => {
        clearTimeout(t);
        reject(e);
      },
    );
  });
}

export type Importador = () => Promise<ComponentType>;

/** One dynamic import with the 120 s chunk limit: late is 'Loading chunk … failed' (retried like any chunk failure). */
export function carregarChunk<T>(importar: () => Promise<T>, limiteMs = CHUNK_LOAD_TIMEOUT_MS): Promise<T> {
  return comTempoLimite(
    importar(),
    limiteMs,
    () => new ChunkError(`Loading chunk failed (tempo limite de ${limiteMs / 1000} s)`),
  );
}

export async function carregarTela<T = ComponentType>(
  importar: () => Promise<T>,
  limiteMs = LAZY_LOAD_TIMEOUT_MS,
): Promise<T> {
  try {
    return await comTempoLimite(carregarChunk(importar), limiteMs);
  } catch (e) {
    if (!ehErroDeChunk(e)) throw e;
    try {
      return await comTempoLimite(carregarChunk(importar), limiteMs);
    } catch (e2) {
      throw ehErroDeChunk(e2) ? new ChunkError(`Loading chunk failed: ${String((e2 as Error).message)}`) : e2;
    }
  }
}
