/**
 * The web's import rules: the generic register engine and the shared widgets know no area and no
 * session (the app passes grants and area actions in); widgets know no router either.
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
  { pasta: 'registers/', proibidos: ['modules/', 'app/session/'] },
  { pasta: 'ui/', proibidos: ['modules/', 'app/session/', 'app/routing/', 'react-router'] },
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

  it('registers/ and ui/ import no area, no session; ui/ no router', () => {
    const encontradas = arquivos(SRC)
      .filter((f) => !ehTeste(f))
      .flatMap((f) => violacoes(f, readFileSync(join(SRC, f), 'utf8')));
    expect(encontradas).toEqual([]);
  });

  it('screens live in the shell (app/) or in their area (modules/): no pages/ folder', () => {
    expect(arquivos(SRC).filter((f) => f.startsWith('pages/'))).toEqual([]);
  });
});
