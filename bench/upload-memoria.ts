/**
 * Memory of uploads (issue #26.4: four concurrent 50 MB uploads took the server's RSS from 254 to 687 MB).
 * The server runs in a child process (the real app, a throw-away embedded PostgreSQL); this process streams
 * the bodies in 1 MB chunks (never whole here either) and samples the child's RSS (/proc/<pid>/status)
 * every 50 ms: before, peak during, after — for one 50 MB raw upload, one 50 MB multipart upload, then four
 * concurrent 50 MB uploads. Target: one 50 MB upload grows RSS by ≤ 20 MB.
 * Usage: cd bench && npx tsx upload-memoria.ts   (MB=50 CONCORRENTES=4)
 */
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { pastaDeDados } from './lib/pasta-dados';

const MB = Number(process.env.MB ?? 50);
const CONCORRENTES = Number(process.env.CONCORRENTES ?? 4);
const TAMANHO = MB * 1024 * 1024;

if (process.argv[2] === '--server') {
  const { loadConfig } = await import('../apps/server/src/config');
  const { startRuntime } = await import('../apps/server/src/runtime');
  const rt = await startRuntime({ ...loadConfig(), logLevel: 'warn' }, () => {});
  await rt.app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
  console.log('{"pronto":true}');
  process.once('SIGTERM', () => void rt.close().then(() => process.exit(0)));
} else await principal();

function rssMb(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  return Math.round(Number(m?.[1] ?? 0) / 1024);
}

/** Streams `TAMANHO` bytes (a fresh random 1 MB block repeated with a counter, so no two uploads match). */
function enviar(porta: number, token: string, modo: 'bruto' | 'multipart', tamanho = TAMANHO): Promise<number> {
  const bloco = crypto.randomBytes(1024 * 1024);
  const inicio = Buffer.from(
    '--fr\r\nContent-Disposition: form-data; name="arquivo"; filename="bench.txt"\r\nContent-Type: text/plain\r\n\r\n',
  );
  const fim = Buffer.from('\r\n--fr--\r\n');
  const extra = modo === 'multipart' ? inicio.length + fim.length : 0;
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port: porta,
        method: 'POST',
        path: '/api/v1/arquivos?tipo=coletor&nome=bench.txt',
        headers: {
          host: 'localhost',
          authorization: `Bearer ${token}`,
          'content-type': modo === 'multipart' ? 'multipart/form-data; boundary=fr' : 'text/plain',
          'content-length': tamanho + extra,
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    let enviados = 0;
    const escrever = () => {
      if (modo === 'multipart' && enviados === 0) req.write(inicio);
      while (enviados < tamanho) {
        const parte = Buffer.from(bloco);
        parte.writeUInt32BE(enviados / bloco.length, 0);
        enviados += parte.length;
        if (!req.write(parte)) return void req.once('drain', escrever);
      }
      req.end(modo === 'multipart' ? fim : undefined);
    };
    escrever();
  });
}

async function medir(pid: number, nome: string, fn: () => Promise<number[]>): Promise<void> {
  (globalThis as { gc?: () => void }).gc?.();
  await new Promise((r) => setTimeout(r, 1000)); // let the server settle before "before"
  const antes = rssMb(pid);
  let pico = antes;
  const amostra = setInterval(() => {
    pico = Math.max(pico, rssMb(pid));
  }, 50);
  const t0 = performance.now();
  const status = await fn();
  const ms = Math.round(performance.now() - t0);
  clearInterval(amostra);
  pico = Math.max(pico, rssMb(pid));
  await new Promise((r) => setTimeout(r, 2000));
  const depois = rssMb(pid);
  console.log(
    `${nome.padEnd(34)} status ${status.join(',')}  ${ms} ms  RSS antes ${antes} MB, pico ${pico} MB (+${pico - antes}), depois ${depois} MB`,
  );
}

async function principal() {
  const dataDir = pastaDeDados('retaguarda-bench-upload-');
  const porta = 20000 + Math.floor(Math.random() * 20000);
  const filho = spawn(process.execPath, ['--import', 'tsx', path.resolve(import.meta.filename), '--server'], {
    cwd: path.resolve(import.meta.dirname, '..'),
    env: { ...process.env, PORT: String(porta), DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  try {
    await new Promise<void>((ok, falhou) => {
      filho.stdout!.on('data', (d: Buffer) => d.toString().includes('"pronto"') && ok());
      filho.once('exit', (c) => falhou(new Error(`servidor saiu (${c})`)));
    });
    const login = await fetch(`http://127.0.0.1:${porta}/api/auth`, {
      method: 'POST',
      headers: { host: 'localhost', 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'ana.admin', password: 'Demo@1234' }),
    });
    const { accessToken } = (await login.json()) as { accessToken: string };
    const pid = filho.pid!;
    console.log(`servidor pid ${pid}; uploads de ${MB} MB (Node ${process.version})`);
    // warm-up (code paths, pool connections, first large object): the figures below are the steady state
    await enviar(porta, accessToken, 'bruto', 1024 * 1024);
    await enviar(porta, accessToken, 'multipart', 1024 * 1024);
    await medir(pid, `1 × ${MB} MB (bytes no corpo)`, async () => [await enviar(porta, accessToken, 'bruto')]);
    await medir(pid, `1 × ${MB} MB (multipart)`, async () => [await enviar(porta, accessToken, 'multipart')]);
    await medir(pid, `${CONCORRENTES} × ${MB} MB simultâneos`, () =>
      Promise.all(Array.from({ length: CONCORRENTES }, () => enviar(porta, accessToken, 'bruto'))),
    );
    // the first big body also grows V8's young generation once: measured again, the steady state
    await medir(pid, `1 × ${MB} MB (bytes no corpo), de novo`, async () => [await enviar(porta, accessToken, 'bruto')]);
  } finally {
    filho.kill('SIGTERM');
    await new Promise((r) => filho.once('exit', r));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
