/**
 * An export's spool: the rows are read with the database connection into an unlinked temporary file
 * (nothing is left behind, even after a crash), the connection goes back to the pool, and only then
 * is the file sent, at whatever speed the client reads. A client that stops reading altogether is
 * cut after the write timeout. The file is bounded: a bigger export fails before any byte is sent.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyReply } from 'fastify';

// plain descriptors: a destroyed FileHandle stream left its handle open (closed only by the GC) on Node 24
const openFd = promisify(fs.open);
const closeFd = promisify(fs.close);

export class SpoolFull extends Error {
  constructor(readonly maxBytes: number) {
    super(`spool above ${maxBytes} bytes`);
  }
}

/** Counts what goes into the file and refuses more than the bound. */
class Bounded extends Transform {
  bytes = 0;
  constructor(private readonly maxBytes: number) {
    super();
  }
  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback) {
    this.bytes += chunk.length;
    if (this.bytes > this.maxBytes) done(new SpoolFull(this.maxBytes));
    else done(null, chunk);
  }
}

export interface Spool {
  /** where the export writes; ending it ends the file */
  input: Transform;
  /** resolves once everything written to `input` is in the file */
  written: Promise<void>;
  /** sends the file (Content-Length known) and calls `onClose` when the response is over, however it ends */
  send(reply: FastifyReply, opts: { writeTimeoutMs: number; onClose: () => void }): FastifyReply;
  /** closes and forgets the file (an export that failed before sending) */
  discard(): Promise<void>;
}

export async function openSpool(dir: string, maxBytes: number): Promise<Spool> {
  const file = path.join(dir, `retaguarda-exportacao-${randomUUID()}`);
  const fd = await openFd(file, 'w+', 0o600);
  await fs.promises.unlink(file).catch(() => {});
  const input = new Bounded(maxBytes);
  const written = pipeline(input, fs.createWriteStream('', { fd, autoClose: false, start: 0 }));
  written.catch(() => {}); // observed by whoever awaits it; never an unhandled rejection
  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    await closeFd(fd).catch(() => {});
  };
  return {
    input,
    written,
    discard: close,
    send(reply, { writeTimeoutMs, onClose }) {
      closed = true; // the read stream owns the descriptor from here: closed when it ends or is destroyed
      const body = fs.createReadStream('', { fd, start: 0, autoClose: true });
      const res = reply.raw;
      // the socket does not drain for writeTimeoutMs → the read stream stops advancing: cut the connection
      let seen = -1;
      let still = 0;
      const tick = Math.max(50, Math.min(1_000, Math.floor(writeTimeoutMs / 4)));
      const timer = setInterval(() => {
        if (body.bytesRead !== seen) {
          seen = body.bytesRead;
          still = 0;
        } else {
          still += tick;
          if (still >= writeTimeoutMs) res.destroy();
        }
      }, tick);
      timer.unref();
      let over = false;
      const end = () => {
        if (over) return;
        over = true;
        clearInterval(timer);
        body.destroy();
        onClose();
      };
      res.once('close', end);
      res.once('finish', end);
      return reply.header('content-length', String(input.bytes)).send(body);
    },
  };
}
