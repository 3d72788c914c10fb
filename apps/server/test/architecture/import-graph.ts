/**
 * The import graph of a source tree, read with the TypeScript compiler's parser (no type
 * checking, no bundler): every static import, re-export and dynamic import(), type-only ones
 * included, since they are arrows between concerns too. Relative specifiers are resolved to
 * files; package specifiers are kept as written.
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

export interface Arrow {
  /** Absolute path of the importing file. */
  from: string;
  /** Absolute path of the imported file, or the package specifier as written. */
  to: string;
  specifier: string;
}

const EXTENSIONS = ['.ts', '.tsx', '.mts', '.js'];

export function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { recursive: true, encoding: 'utf8' }).flatMap((f) => {
    const full = path.join(dir, f);
    return /\.(m?ts|tsx)$/.test(f) && !/\.d\.ts$/.test(f) && fs.statSync(full).isFile() ? [full] : [];
  });
}

/** `./x`, `./x.js` (ESM style) or `./x/index.ts` → the file on disk; undefined when none. */
function resolveRelative(from: string, specifier: string): string | undefined {
  const base = path.resolve(path.dirname(from), specifier);
  const stem = base.replace(/\.(m?js|jsx)$/, '');
  const candidates = [base, ...EXTENSIONS.flatMap((e) => [stem + e, path.join(base, `index${e}`)])];
  return candidates.find((c) => fs.existsSync(c) && fs.statSync(c).isFile());
}

function specifiersOf(file: string): string[] {
  const text = fs.readFileSync(file, 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier) {
      if (ts.isStringLiteral(node.moduleSpecifier)) found.push(node.moduleSpecifier.text);
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteralLike(node.arguments[0])
    ) {
      found.push(node.arguments[0].text);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) {
      const lit = node.argument.literal;
      if (ts.isStringLiteral(lit)) found.push(lit.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

export function importsOf(files: readonly string[]): Arrow[] {
  return files.flatMap((from) =>
    specifiersOf(from).map((specifier) => ({
      from,
      specifier,
      to: specifier.startsWith('.')
        ? (resolveRelative(from, specifier) ?? path.resolve(path.dirname(from), specifier))
        : specifier,
    })),
  );
}

export interface Cycle {
  /** Every file of the strongly connected component. */
  files: string[];
  /** One closed path through it: a → b → … → a. */
  path: string[];
}

/** The import cycles: one per strongly connected component (Tarjan), with a path that closes it. */
export function cycles(arrows: readonly Arrow[]): Cycle[] {
  const next = new Map<string, string[]>();
  for (const a of arrows) {
    const list = next.get(a.from) ?? [];
    if (!list.includes(a.to)) list.push(a.to);
    next.set(a.from, list);
  }
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  let counter = 0;
  const strong = (v: string) => {
    index.set(v, counter);
    low.set(v, counter++);
    stack.push(v);
    onStack.add(v);
    for (const w of next.get(v) ?? []) {
      if (!index.has(w)) {
        strong(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1 || next.get(v)?.includes(v)) components.push(component);
    }
  };
  for (const v of next.keys()) if (!index.has(v)) strong(v);
  return components.map((c) => ({ files: c.sort(), path: closingPath(c, next) }));
}

/** A shortest path from the component's first file back to itself, inside the component. */
function closingPath(component: string[], next: Map<string, string[]>): string[] {
  const start = component[0]!;
  const inside = new Set(component);
  const previous = new Map<string, string>();
  const queue = [start];
  while (queue.length) {
    const v = queue.shift()!;
    for (const w of next.get(v) ?? []) {
      if (!inside.has(w)) continue;
      if (w === start) {
        const route: string[] = [];
        for (let u = v; u !== start; u = previous.get(u)!) route.unshift(u);
        return [start, ...route, start];
      }
      if (!previous.has(w)) {
        previous.set(w, v);
        queue.push(w);
      }
    }
  }
  return [start, start];
}
