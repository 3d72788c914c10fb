// Packs this checkout as a build directory the supervisor can run (README "Self-update"):
//   node scripts/criar-build.mjs --destino DIR [--build N] [--numero 8.0] [--web DIR|none] [--migracao FILE.sql]...
// DIR gets apps/server/dist/{server,migrate,admin}.mjs (bundles), apps/server/db/ (migrations, grants, seeds),
// apps/web/dist/ (from --web, default apps/web/dist when built), scripts/ (supervisor, backup and restore),
// retaguarda-build.json {numero, build} (default: package.json's version) and node_modules
// (a link to this checkout's). --migracao adds extra migration files (used by the self-update tests).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const RAIZ = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values: a } = parseArgs({
  options: {
    destino: { type: 'string' },
    build: { type: 'string' },
    numero: { type: 'string' },
    web: { type: 'string' },
    migracao: { type: 'string', multiple: true, default: [] },
  },
});
if (!a.destino) {
  console.error('uso: node scripts/criar-build.mjs --destino DIR [--build N] [--numero 8.0] [--web DIR|none]');
  process.exit(2);
}
const destino = path.resolve(a.destino);
const [, numeroPadrao, buildPadrao] = /^(\d+\.\d+)\.(\d+)$/.exec(
  JSON.parse(fs.readFileSync(path.join(RAIZ, 'package.json'), 'utf8')).version,
);
const manifesto = { numero: a.numero ?? numeroPadrao, build: Number(a.build ?? buildPadrao) };

fs.mkdirSync(path.join(destino, 'apps/server/dist'), { recursive: true });
execFileSync(process.execPath, ['scripts/build-server.mjs', path.join(destino, 'apps/server/dist')], {
  cwd: RAIZ,
  stdio: 'inherit',
});
fs.cpSync(path.join(RAIZ, 'apps/server/db'), path.join(destino, 'apps/server/db'), { recursive: true });
for (const m of a.migracao) fs.copyFileSync(m, path.join(destino, 'apps/server/db/migrations', path.basename(m)));
const web = a.web === 'none' ? null : path.resolve(RAIZ, a.web ?? 'apps/web/dist');
if (web && fs.existsSync(path.join(web, 'index.html')))
  fs.cpSync(web, path.join(destino, 'apps/web/dist'), { recursive: true });
fs.mkdirSync(path.join(destino, 'scripts'), { recursive: true });
// the supervisor, and the backup the migrations take before rewriting data in place (with its restore)
for (const f of ['supervisor.mjs', 'backup.sh', 'restore.sh', 'pg-alvo.sh'])
  fs.copyFileSync(path.join(RAIZ, 'scripts', f), path.join(destino, 'scripts', f));
fs.writeFileSync(path.join(destino, 'retaguarda-build.json'), `${JSON.stringify(manifesto)}\n`);
const modulos = path.join(destino, 'node_modules');
if (!fs.existsSync(modulos)) fs.symlinkSync(path.join(RAIZ, 'node_modules'), modulos, 'dir');
console.log(`[retaguarda] build ${manifesto.numero}.${manifesto.build} criado em ${destino}`);
