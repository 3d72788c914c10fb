/**
 * JS and CSS shipped (gzip) for the login route and for Painel, read from the production
 * build's manifest: the entry's static imports plus each route's lazy chunks.
 * Run after `npm run build -w apps/web`: npx tsx bench/web-size.ts (WEB_DIST=<dir> for another build)
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

interface Chunk {
  file: string;
  imports?: string[];
  css?: string[];
  isEntry?: boolean;
}

const dist = path.resolve(import.meta.dirname, '..', process.env.WEB_DIST ?? 'apps/web/dist');
const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Record<string, Chunk>;

function fecho(chaves: string[], acc = new Set<string>()): Set<string> {
  for (const k of chaves) {
    if (acc.has(k) || !manifest[k]) continue;
    acc.add(k);
    fecho(manifest[k].imports ?? [], acc);
  }
  return acc;
}

function medir(chaves: string[]): { js: number; css: number; arquivos: number } {
  const arquivos = new Set<string>();
  for (const k of fecho(chaves)) {
    const c = manifest[k];
    if (!c) continue;
    arquivos.add(c.file);
    for (const css of c.css ?? []) arquivos.add(css);
  }
  let js = 0;
  let css = 0;
  for (const f of arquivos) {
    const gz = zlib.gzipSync(fs.readFileSync(path.join(dist, f)), { level: 9 }).length;
    if (f.endsWith('.css')) css += gz;
    else js += gz;
  }
  return { js, css, arquivos: arquivos.size };
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} kB`;
const entrada = Object.keys(manifest).find((k) => manifest[k]?.isEntry) ?? 'index.html';
const rotas: Record<string, string[]> = {
  login: [entrada, 'src/app/login/LoginPage.tsx'],
  painel: [entrada, 'src/app/shell/Shell.tsx', 'src/modules/painel/PainelPage.tsx'],
};
for (const [nome, chaves] of Object.entries(rotas)) {
  const m = medir(chaves);
  console.log(`${nome}: JS ${kb(m.js)} gzip, CSS ${kb(m.css)} gzip, ${m.arquivos} arquivos`);
}
