/**
 * The external-database lane runs the paths listed in scripts/lane-externa.txt: a renamed or removed test
 * must not silently leave that lane (a vitest filter that matches nothing is no error).
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../../../..');
const linhas = fs
  .readFileSync(path.join(ROOT, 'scripts/lane-externa.txt'), 'utf8')
  .split('\n')
  .map((l) => l.trim())
  .filter((l) => l && !l.startsWith('#'));

describe('external-database lane', () => {
  it('names only server tests that exist', () => {
    const faltam = linhas.filter((l) => !l.startsWith('apps/server/test/') || !fs.existsSync(path.join(ROOT, l)));
    expect(linhas.length).toBeGreaterThan(10);
    expect(faltam, 'caminhos de scripts/lane-externa.txt que não existem').toEqual([]);
  });

  it('covers migrations, backup, pools, Redis and jobs', () => {
    for (const essencial of ['apps/server/test/db/', 'apps/server/test/runtime/backup', 'apps/server/test/jobs/']) {
      expect(
        linhas.some((l) => l.startsWith(essencial)),
        essencial,
      ).toBe(true);
    }
  });
});
