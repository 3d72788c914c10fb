// `npm start` runs this tiny supervisor (plain Node, no dependencies). It starts the server bundle of the
// current build and, when the server exits with RESTART_CODE (an administrator's self-update installed a
// newer build and flipped the pointer), starts it again from the build the pointer names. A new build that
// exits before announcing it is ready (failed migration, crash at start-up) or takes too long is rolled back:
// the pointer returns to the previous build, which then reports the failed update to the browsers.
//
// Layout (README "Self-update"): a build is a directory holding apps/server/dist/server.mjs,
// apps/server/db/ (migrations, grants, seeds), apps/web/dist/ and retaguarda-build.json {numero, build}.
// The checkout is the first build. DATA_DIR/builds/atual.json points at an installed one:
// {dir, anterior, pendente, falha}. An installed build older than (or equal to) the checkout is ignored.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const RESTART_CODE = 75;
const RAIZ = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DATA_DIR = path.resolve(RAIZ, process.env.DATA_DIR || 'data');
const BUILDS = path.join(DATA_DIR, 'builds');
const PONTEIRO = path.join(BUILDS, 'atual.json');
const INICIO_MAX_MS = Number(process.env.UPDATE_START_TIMEOUT_MS) || 180_000;
const log = (m) => console.log(`[retaguarda] ${m}`);

const lerJson = (f) => {
  try {
    return JSON.parse(fs.readFileSync(f, 'utf8'));
  } catch {
    return null;
  }
};

/** Build number of a build directory: its manifest, else the checkout's package.json version. */
function buildDe(dir) {
  const manifesto = lerJson(path.join(dir, 'retaguarda-build.json'));
  if (manifesto && Number.isInteger(manifesto.build)) return manifesto.build;
  const versao = lerJson(path.join(dir, 'package.json'))?.version ?? '';
  return Number(/\.(\d+)$/.exec(versao)?.[1] ?? 0);
}

const bundleDe = (dir) => path.join(dir, 'apps/server/dist/server.mjs');

function gravarPonteiro(p) {
  fs.mkdirSync(BUILDS, { recursive: true });
  const tmp = `${PONTEIRO}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, `${JSON.stringify(p, null, 2)}\n`);
  fs.renameSync(tmp, PONTEIRO);
}

/** The build to run: the pointer's, when it is installed and newer than the checkout. */
function escolher() {
  const p = lerJson(PONTEIRO);
  if (p?.dir && fs.existsSync(bundleDe(p.dir)) && buildDe(p.dir) > buildDe(RAIZ)) return { dir: p.dir, ponteiro: p };
  return { dir: RAIZ, ponteiro: p };
}

function ambiente(dir) {
  const env = { ...process.env, DATA_DIR, RETAGUARDA_SUPERVISOR: '1', RETAGUARDA_BUILDS_DIR: BUILDS };
  // an installed build serves its own web app (WEB_DIST keeps naming the checkout's otherwise)
  const web = path.join(dir, 'apps/web/dist');
  if (dir !== RAIZ && fs.existsSync(path.join(web, 'index.html'))) env.WEB_DIST = web;
  return env;
}

let filho = null;
let encerrando = false;

function iniciar(anterior) {
  const { dir, ponteiro } = escolher();
  const novo = anterior !== undefined && dir !== anterior;
  log(`iniciando o build ${buildDe(dir)} (${dir === RAIZ ? 'checkout' : dir})`);
  // V8's young generation grows to ~100 MB of RSS by default under report generation; 8 MB semi-spaces keep a
  // 1 M-row XLSX at ~230 MB of RSS with the same speed (bench/estoque-relatorios.ts; NODE_SEMI_SPACE_MB overrides)
  const semi = `--max-semi-space-size=${Number(process.env.NODE_SEMI_SPACE_MB) || 8}`;
  const c = spawn(process.execPath, ['--enable-source-maps', semi, bundleDe(dir)], {
    cwd: RAIZ,
    env: ambiente(dir),
    stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
  });
  filho = c;
  let pronto = false;
  const limite = novo ? setTimeout(() => c.kill('SIGTERM'), INICIO_MAX_MS) : null;
  c.on('message', (m) => {
    if (m?.tipo !== 'pronto') return;
    pronto = true;
    if (limite) clearTimeout(limite);
  });
  c.on('exit', (code, signal) => {
    if (limite) clearTimeout(limite);
    filho = null;
    if (encerrando) process.exit(code ?? 0);
    if (code === RESTART_CODE) return iniciar(dir);
    if (novo && !pronto && ponteiro?.anterior) {
      const motivo = signal ? `encerrado por ${signal}` : `código de saída ${code}`;
      log(`o build ${buildDe(dir)} não iniciou (${motivo}); voltando ao build ${buildDe(ponteiro.anterior)}`);
      gravarPonteiro({
        ...ponteiro,
        dir: ponteiro.anterior,
        anterior: null,
        falha: `o build ${buildDe(dir)} não iniciou (${motivo})`,
      });
      return iniciar(dir);
    }
    process.exit(code ?? 1);
  });
}

for (const sinal of ['SIGINT', 'SIGTERM']) {
  process.on(sinal, () => {
    encerrando = true;
    if (filho) filho.kill(sinal);
    else process.exit(0);
  });
}

iniciar(undefined);
