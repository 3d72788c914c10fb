/**
 * The server's layering (architecture notes §4): the import graph has no cycle, the generic
 * layers (plugins, the register engine) know no area, the seeds (db/) reach an area only through its public
 * entry (modules/<area>/index.ts), and the shared domain knows no app.
 * Reads the sources only: no database, no build.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { type Arrow, cycles, importsOf, sourceFiles } from './import-graph';

const ROOT = path.resolve(import.meta.dirname, '../../../..');
const SERVER = path.join(ROOT, 'apps/server/src');
const DB = path.join(ROOT, 'apps/server/db');
const MODULES = path.join(SERVER, 'modules');
const DOMAIN = path.join(ROOT, 'packages/domain/src');
const APPS = path.join(ROOT, 'apps');

const rel = (f: string) => (path.isAbsolute(f) ? path.relative(ROOT, f) : f);
const arrow = (a: Arrow) => `${rel(a.from)} → ${rel(a.to)}`;
const inside = (dir: string, f: string) => path.isAbsolute(f) && !path.relative(dir, f).startsWith('..');

// db/ (seeds) is part of the server's graph: src/db/seed.ts runs it, and it posts through the areas
const server = importsOf([...sourceFiles(SERVER), ...sourceFiles(DB)]);
const ownTree = (f: string) => inside(SERVER, f) || inside(DB, f);

describe('import graph', () => {
  it('has no cycle in the server (src/ and db/)', () => {
    const found = cycles(server.filter((a) => ownTree(a.to)));
    const report = found.map((c) => `${c.path.map(rel).join(' → ')} (in a cycle of ${c.files.map(rel).join(', ')})`);
    expect(report, 'import cycles in apps/server/src and apps/server/db').toEqual([]);
  });

  it('has no arrow from db/ into the internals of an area: seeds use modules/<area>/index.ts', () => {
    const entry = (f: string) => path.basename(f) === 'index.ts' && path.dirname(path.dirname(f)) === MODULES;
    const wrong = server.filter((a) => inside(DB, a.from) && inside(MODULES, a.to) && !entry(a.to));
    expect(wrong.map(arrow), 'db/ must import an area only through its public entry').toEqual([]);
  });

  it('has no arrow from the plugins or the register engine into an area module', () => {
    const generic = ['plugins', 'registers'].map((d) => path.join(SERVER, d));
    const wrong = server.filter((a) => generic.some((d) => inside(d, a.from)) && inside(MODULES, a.to));
    expect(wrong.map(arrow), 'plugins/ and registers/ must not import modules/').toEqual([]);
  });

  it('has no arrow from the shared domain into an app', () => {
    const wrong = importsOf(sourceFiles(DOMAIN)).filter(
      (a) => inside(APPS, a.to) || /^@retaguarda\/(server|web|e2e|bench)(\/|$)/.test(a.to),
    );
    expect(wrong.map(arrow), 'packages/domain must not import apps').toEqual([]);
  });
});
