/**
 * The web's import rules: the shell (app/) sits on top and nothing outside it imports it (only the
 * entry main.tsx and the test harness test/); no import cycle between top-level folders (app,
 * modules/<area>, registers, servicos, ui, lib); the generic register engine and the shared widgets
 * know no area and no session (the app passes grants and area actions in); widgets know no router either.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, posix, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = join(dirname(fileURLToPath(import.meta.url)), '..');

interface Regra {
  pasta: string;
  proibidos: readonly string[];
}

/** Folder (relative to src) → import targets it may not use: src-relative prefixes or bare packages. */
const REGRAS: readonly Regra[] = [
  { pasta: 'registers/', proibidos: ['modules/', 'servicos/sessao/'] },
  // the services under the shell and the areas (servicos/README.md) know neither
  { pasta: 'servicos/', proibidos: ['modules/', 'registers/'] },
  { pasta: 'ui/', proibidos: ['modules/', 'servicos/sessao/', 'servicos/navegacao/', 'react-router'] },
];

// tests and their helpers may set up the session and the router
const ehTeste = (f: string) => /\.test\.tsx?$|(^|\/)teste-utils\.tsx?$|^test\//.test(f);

function arquivos(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    if (e.isDirectory()) return arquivos(p);
    return /\.tsx?$/.test(e.name) ? [relative(SRC, p).split(sep).join('/')] : [];
  });
}

const IMPORT = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)['"]([^'"]+)['"]/g;

/** The import specifiers of a source, relative ones resolved against `arquivo` (src-relative). */
function importsDe(arquivo: string, fonte: string): string[] {
  return [...fonte.matchAll(IMPORT)].map(([, s = '']) =>
    s.startsWith('.') ? posix.normalize(posix.join(posix.dirname(arquivo), s)) : s,
  );
}

/** The imports of our own files (relative specifiers), resolved to src-relative paths. */
const locais = (arquivo: string, fonte: string) =>
  [...fonte.matchAll(IMPORT)]
    .map(([, s = '']) => s)
    .filter((s) => s.startsWith('.'))
    .map((s) => posix.normalize(posix.join(posix.dirname(arquivo), s)));

/** A file's top-level folder: `modules/<area>` for an area's file, the first folder otherwise; null for src's own files. */
function pastaDe(arquivo: string): string | null {
  const partes = arquivo.split('/');
  if (partes.length < 2) return null;
  if (partes[0] !== 'modules') return partes[0] ?? null;
  return partes.length > 2 ? `modules/${partes[1]}` : null;
}

// above the shell: the entry that mounts it and the test harness that renders its pieces
const podeImportarApp = (f: string) => f === 'main.tsx' || f.startsWith('test/');

/** Imports of app/ from outside it: the shell takes the areas' screens, the areas never reach back. */
function importacoesDoShell(arquivo: string, fonte: string): string[] {
  if (arquivo.startsWith('app/') || podeImportarApp(arquivo)) return [];
  return locais(arquivo, fonte)
    .filter((alvo) => alvo.startsWith('app/'))
    .map((alvo) => `${arquivo} → ${alvo}`);
}

/** Each cycle between top-level folders, as its folders and one import per edge inside it. */
function ciclos(fontes: Record<string, string>): string[] {
  const arestas = new Map<string, Map<string, string>>();
  for (const [arquivo, fonte] of Object.entries(fontes)) {
    const de = pastaDe(arquivo);
    if (!de) continue;
    for (const alvo of locais(arquivo, fonte)) {
      const para = pastaDe(alvo);
      if (!para || para === de) continue;
      const saidas = arestas.get(de) ?? new Map<string, string>();
      if (!saidas.has(para)) saidas.set(para, `${arquivo} → ${alvo}`);
      arestas.set(de, saidas);
    }
  }
  const alcance = (origem: string) => {
    const vistos = new Set<string>();
    const fila = [origem];
    for (let p = fila.pop(); p !== undefined; p = fila.pop())
      for (const q of arestas.get(p)?.keys() ?? []) if (!vistos.has(q)) fila.push(vistos.add(q) && q);
    return vistos;
  };
  const alcances = new Map([...arestas.keys()].map((p) => [p, alcance(p)]));
  const descritos = new Set<string>();
  const achados: string[] = [];
  for (const [p, deP] of alcances) {
    if (!deP.has(p)) continue;
    const componente = [...deP].filter((q) => alcances.get(q)?.has(p)).sort();
    const nome = componente.join(' ⇄ ');
    if (descritos.has(nome)) continue;
    descritos.add(nome);
    const exemplos = componente.flatMap((a) =>
      [...(arestas.get(a) ?? [])].filter(([b]) => componente.includes(b)).map(([, exemplo]) => exemplo),
    );
    achados.push(`${nome}: ${exemplos.join('; ')}`);
  }
  return achados;
}

function violacoes(arquivo: string, fonte: string): string[] {
  const regras = REGRAS.filter((r) => arquivo.startsWith(r.pasta));
  return importsDe(arquivo, fonte)
    .filter((alvo) =>
      regras.some((r) => r.proibidos.some((p) => alvo === p || alvo.startsWith(p.endsWith('/') ? p : `${p}/`))),
    )
    .map((alvo) => `${arquivo} → ${alvo}`);
}

describe('web architecture', () => {
  it('flags an import that breaks a rule (the check itself works)', () => {
    const fonte = "import { x } from '../modules/relatorios/BotoesRelatorio';\nimport { y } from 'react-router';";
    expect(violacoes('registers/Lista.tsx', fonte)).toEqual([
      'registers/Lista.tsx → modules/relatorios/BotoesRelatorio',
    ]);
    expect(violacoes('ui/Botao.tsx', fonte)).toHaveLength(2);
    expect(violacoes('ui/Botao.tsx', "const L = lazy(() => import('../servicos/sessao/store'));")).toHaveLength(1);
    expect(violacoes('app/shell/Shell.tsx', fonte)).toEqual([]);
  });

  it('registers/, servicos/ and ui/ import no area; registers/ and ui/ no session; ui/ no router', () => {
    const encontradas = arquivos(SRC)
      .filter((f) => !ehTeste(f))
      .flatMap((f) => violacoes(f, readFileSync(join(SRC, f), 'utf8')));
    expect(encontradas).toEqual([]);
  });

  it('flags an import of the shell from outside it, and a cycle between top-level folders (the checks work)', () => {
    const icone = "import { ICONES } from '../../app/shell/icones';";
    expect(importacoesDoShell('modules/painel/PainelPage.tsx', icone)).toEqual([
      'modules/painel/PainelPage.tsx → app/shell/icones',
    ]);
    expect(importacoesDoShell('app/shell/SideMenu.tsx', "import { X } from '../menu/menu';")).toEqual([]);
    expect(importacoesDoShell('test/render.tsx', "import { Y } from '../app/shell/Shell';")).toEqual([]);
    expect(
      ciclos({
        'app/routing/telas.ts': "const P = () => import('../../modules/painel/PainelPage');",
        'modules/painel/PainelPage.tsx': icone,
        'modules/painel/telas.ts': "import type { T } from '../../servicos/navegacao/telas-da-area';",
        'servicos/tema.ts': "import { api } from '../lib/api';",
      }),
    ).toEqual([
      'app ⇄ modules/painel: app/routing/telas.ts → modules/painel/PainelPage; modules/painel/PainelPage.tsx → app/shell/icones',
    ]);
  });

  it('nothing outside app/ imports app/ (but the entry and the test harness)', () => {
    const encontradas = arquivos(SRC).flatMap((f) => importacoesDoShell(f, readFileSync(join(SRC, f), 'utf8')));
    expect(encontradas).toEqual([]);
  });

  it('no import cycle between top-level folders (app, modules/<area>, registers, servicos, ui, lib)', () => {
    const fontes = Object.fromEntries(
      arquivos(SRC)
        .filter((f) => !ehTeste(f))
        .map((f) => [f, readFileSync(join(SRC, f), 'utf8')]),
    );
    expect(ciclos(fontes)).toEqual([]);
  });

  it('screens live in the shell (app/) or in their area (modules/): no pages/ folder', () => {
    expect(arquivos(SRC).filter((f) => f.startsWith('pages/'))).toEqual([]);
  });
});
