/**
 * Lazy screens (spec §2.3, §8): an error view after 50 s, and a failed chunk
 * ('Loading chunk … failed') is retried once before the error view.
 */
import { LAZY_LOAD_TIMEOUT_MS } from '@retaguarda/domain';
import type { ComponentType } from 'react';

export class TempoEsgotadoError extends Error {
  constructor() {
    super('Tempo esgotado ao carregar a tela.');
  }
}

export class ChunkError extends Error {}

const ehErroDeChunk = (e: unknown) =>
  /Loading chunk|dynamically imported module|Importing a module script failed|error loading dynamically/i.test(
    String((e as Error)?.message ?? e),
  );

function comTempoLimite<T>(p: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const t = setTimeout(() => reject(new TempoEsgotadoError()), ms);
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

export async function carregarTela<T = ComponentType>(
  importar: () => Promise<T>,
  limiteMs = LAZY_LOAD_TIMEOUT_MS,
): Promise<T> {
  try {
    return await comTempoLimite(importar(), limiteMs);
  } catch (e) {
    if (!ehErroDeChunk(e)) throw e;
    try {
      return await comTempoLimite(importar(), limiteMs);
    } catch (e2) {
      throw ehErroDeChunk(e2) ? new ChunkError(`Loading chunk failed: ${String((e2 as Error).message)}`) : e2;
    }
  }
}
