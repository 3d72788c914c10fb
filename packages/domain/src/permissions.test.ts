import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ALL_PERMISSION_CODES } from './permissions';

const SPEC = path.resolve(import.meta.dirname, '../../../../shared/spec/retail-back-office-spec.md');

describe('permission catalogue', () => {
  it('holds every PERM_* code written in the spec', () => {
    const codes = new Set(fs.readFileSync(SPEC, 'utf8').match(/PERM_[A-Z_]+[A-Z]/g));
    const missing = [...codes].filter((c) => !ALL_PERMISSION_CODES.has(c));
    expect(codes.size).toBeGreaterThan(60);
    expect(missing).toEqual([]);
  });
});
