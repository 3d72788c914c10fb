/**
 * Reads an upload's byte stream once, straight into a temporary file, hashing it (sha256) as the bytes
 * arrive: memory stays at a chunk or two whatever the size. Past the limit the rest is drained unread (so
 * the 413 can be answered), the file removed and the promise rejects with the 413. The source is never
 * destroyed here: destroying a request would close the socket before the answer.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { MSG_ARQUIVO } from '@retaguarda/domain';
import { ApiError } from '../../plugins/errors';

export interface Gravado {
  /** temporary file: the caller stores it and then removes it (`descartar`) */
  caminho: string;
  tamanho: number;
  sha256: string;
}

export const grandeDemais = (limite: number) => new ApiError(413, MSG_ARQUIVO.grandeDemais(limite));

/** Where temporary uploads go (UPLOAD_TMP_DIR, else the system's temporary directory). */
export const pastaTemporaria = (env: NodeJS.ProcessEnv = process.env) => env.UPLOAD_TMP_DIR || os.tmpdir();

export const descartar = (caminho: string) => fs.promises.rm(caminho, { force: true });

/**
 * Streams `fluxo` into a new temporary file under `limite` bytes. `cortado()` tells when the producer
 * itself stopped at its limit (busboy's `truncated`).
 */
export function gravarTemporario(
  fluxo: Readable,
  limite: number,
  cortado: () => boolean = () => false,
): Promise<Gravado> {
  const caminho = path.join(pastaTemporaria(), `retaguarda-envio-${crypto.randomUUID()}`);
  const saida = fs.createWriteStream(caminho, { mode: 0o600 });
  const hash = crypto.createHash('sha256');
  let total = 0;
  let fim = false;
  return new Promise((resolve, reject) => {
    const falhar = (erro: Error) => {
      if (fim) return;
      fim = true;
      fluxo.off('data', aoLer);
      fluxo.resume(); // drain what is left, so the answer can be written
      saida.destroy();
      void descartar(caminho).then(() => reject(erro), reject);
    };
    const aoLer = (parte: Buffer) => {
      total += parte.length;
      if (total > limite) return falhar(grandeDemais(limite));
      hash.update(parte);
      if (!saida.write(parte)) {
        fluxo.pause();
        saida.once('drain', () => !fim && fluxo.resume());
      }
    };
    fluxo.on('data', aoLer);
    fluxo.once('end', () => {
      if (fim) return;
      if (cortado()) return falhar(grandeDemais(limite));
      fim = true;
      saida.end((erro?: Error | null) =>
        erro
          ? void descartar(caminho).then(() => reject(erro), reject)
          : resolve({ caminho, tamanho: total, sha256: hash.digest('hex') }),
      );
    });
    fluxo.once('error', falhar);
    // a request whose client went away closes without 'end'
    fluxo.once('close', () => falhar(new ApiError(400, MSG_ARQUIVO.formularioMalformado)));
    saida.once('error', falhar);
  });
}
