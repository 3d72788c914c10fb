/** A bench's own embedded PostgreSQL lives in a fresh DATA_DIR under the system's temp dir. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** A new, empty DATA_DIR (755: run as root, the embedded server runs as `postgres` and must traverse it). */
export function pastaDeDados(prefixo: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefixo));
  fs.chmodSync(dir, 0o755);
  return dir;
}

/** Points this process at `dir` (embedded server, no DATABASE_URL): call before the app's config is imported. */
export function usarPastaDeDados(dir: string): string {
  process.env.DATA_DIR = dir;
  process.env.DATABASE_URL = '';
  return dir;
}
