/** Reads an upload's byte stream once: sha256 computed as the bytes arrive, refused past the limit. */
import crypto from 'node:crypto';
import type { Readable } from 'node:stream';
import { MSG_ARQUIVO } from '@retaguarda/domain';
import { ApiError } from '../../plugins/errors';

export interface BytesLidos {
  conteudo: Buffer;
  sha256: string;
}

export const grandeDemais = (limite: number) => new ApiError(413, MSG_ARQUIVO.grandeDemais(limite));

/**
 * Collects the stream into one Buffer (it is kept in PostgreSQL) while hashing it. Past `limite` the
 * rest is drained unread (so the 413 can be answered) and the promise rejects with the 413.
 * `cortado()` tells when the producer itself stopped at its limit (busboy's `truncated`).
 */
export function lerFluxo(fluxo: Readable, limite: number, cortado: () => boolean = () => false): Promise<BytesLidos> {
  return new Promise((resolve, reject) => {
    const hash = crypto.createHash('sha256');
    const partes: Buffer[] = [];
    let total = 0;
    const aoLer = (parte: Buffer) => {
      total += parte.length;
      if (total > limite) {
        fluxo.off('data', aoLer);
        fluxo.resume();
        reject(grandeDemais(limite));
        return;
      }
      hash.update(parte);
      partes.push(parte);
    };
    fluxo.on('data', aoLer);
    fluxo.on('end', () => {
      if (total > limite) return;
      if (cortado()) reject(grandeDemais(limite));
      else resolve({ conteudo: Buffer.concat(partes, total), sha256: hash.digest('hex') });
    });
    fluxo.on('error', reject);
  });
}
