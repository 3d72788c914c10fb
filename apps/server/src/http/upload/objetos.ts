/**
 * File contents as PostgreSQL large objects, written and read in 256 KB chunks inside the caller's
 * transaction: memory is one chunk, every app instance reads what another stored, pg_dump carries them,
 * and a rollback takes a half-written object with it. Chosen over files under DATA_DIR because app
 * instances are stateless and share only the database (a file on one instance's disk is missing on the next).
 */
import fs from 'node:fs';
import { sql } from 'kysely';
import type { Tx } from '../../db/database';

const PARTE = 256 * 1024;
const INV_WRITE = 0x20000;
const INV_READ = 0x40000;

/** Copies a (temporary) file into a new large object; its oid. */
export async function gravarObjeto(trx: Tx, caminho: string): Promise<number> {
  const { rows } = await sql<{ objeto: number }>`select lo_create(0) as objeto`.execute(trx);
  const objeto = Number(rows[0]!.objeto);
  const fd = await abrir(trx, objeto, INV_WRITE);
  for await (const parte of fs.createReadStream(caminho, { highWaterMark: PARTE }))
    await sql`select lowrite(${fd}, ${parte as Buffer})`.execute(trx);
  await sql`select lo_close(${fd})`.execute(trx);
  return objeto;
}

/** The object's bytes, chunk by chunk (the transaction must stay open while they are read). */
export async function* lerObjeto(trx: Tx, objeto: number): AsyncGenerator<Buffer> {
  const fd = await abrir(trx, objeto, INV_READ);
  for (;;) {
    const { rows } = await sql<{ parte: Buffer }>`select loread(${fd}, ${PARTE}) as parte`.execute(trx);
    const parte = rows[0]!.parte;
    if (!parte.length) break;
    yield parte;
  }
  await sql`select lo_close(${fd})`.execute(trx);
}

export async function apagarObjeto(trx: Tx, objeto: number): Promise<void> {
  await sql`select lo_unlink(${objeto})`.execute(trx);
}

async function abrir(trx: Tx, objeto: number, modo: number): Promise<number> {
  const { rows } = await sql<{ fd: number }>`select lo_open(${objeto}, ${modo}) as fd`.execute(trx);
  return rows[0]!.fd;
}
