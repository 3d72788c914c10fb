/**
 * The benchmarks' server child (`bench/registers.ts --server`, see ./servidor.ts): the real app on a
 * fresh embedded PostgreSQL under a temporary DATA_DIR, plus the comparison endpoints on the next
 * ports. Resolves once it prints its owner URL (what the data generator needs).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const repo = path.resolve(import.meta.dirname, '../..');

export interface Filho {
  child: ChildProcess;
  ownerUrl: string;
  dataDir: string;
}

export async function iniciarFilho(port: number, prefixo: string): Promise<Filho> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `retaguarda-bench-${prefixo}-`));
  fs.chmodSync(dataDir, 0o755);
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(repo, 'bench/registers.ts'), '--server'], {
    cwd: repo,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', DATABASE_URL: '' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const ownerUrl = await new Promise<string>((resolve, reject) => {
    let buf = '';
    child.stdout!.on('data', (d: Buffer) => {
      buf += d.toString();
      const line = buf.split('\n').find((l) => l.startsWith('{'));
      if (line) resolve((JSON.parse(line) as { ownerUrl: string }).ownerUrl);
    });
    child.once('exit', (code) => reject(new Error(`servidor saiu (${code})`)));
  });
  return { child, ownerUrl, dataDir };
}

/** Stops the child (which stops its PostgreSQL) and removes its DATA_DIR. */
export async function pararFilho(f: Filho): Promise<void> {
  if (f.child.exitCode === null) {
    f.child.kill('SIGTERM');
    await new Promise((r) => f.child.once('exit', r));
  }
  fs.rmSync(f.dataDir, { recursive: true, force: true });
}
