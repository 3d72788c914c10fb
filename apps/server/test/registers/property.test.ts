/**
 * Hostile input on every register's create and update (fast-check): the answer is always a 2xx or a
 * 4xx with a message, never a 5xx; a refused write leaves nothing behind (audit and versao unchanged).
 */
import { REGISTERS } from '@retaguarda/domain';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminQuery, type TestApp } from '../helpers/app';
import { SAMPLES } from './samples';
import { createRegistersApp, fixtures, headersFor, resolve } from './support';

let t: TestApp;
let admin: Record<string, string>;
let fx: Record<string, string>;
beforeAll(async () => {
  t = await createRegistersApp();
  admin = await headersFor(t, 'ana.admin');
  fx = await fixtures(t, admin);
});
afterAll(() => t.close());

const hostileString = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary', maxLength: 80 }),
  fc.constantFrom(
    "'; drop table produto; --",
    '\u0000',
    'a\u0000b',
    '%',
    '_',
    '*',
    '\\',
    '${x}',
    '<script>',
    '1e309',
    '-0',
    'NaN',
    '9'.repeat(40),
    '2026-02-30',
    '0000-00-00T99:99:99',
    'ISENTO',
    '#GGGGGG',
  ),
  fc.string({ minLength: 61, maxLength: 3000 }),
);
const hostileValue = fc.oneof(
  hostileString,
  fc.integer(),
  fc.double(),
  fc.constantFrom(2 ** 31, -(2 ** 31) - 1, Number.MAX_SAFE_INTEGER, 1e300, -1, 0, 0.1, true, false, null),
  fc.array(fc.oneof(fc.integer(), hostileString), { maxLength: 5 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.oneof(hostileString, fc.integer()), { maxKeys: 4 }),
);

function bodyArb(keys: string[], base: Record<string, unknown>) {
  return fc.oneof(
    fc
      .dictionary(fc.constantFrom(...keys, 'id', 'versao', '__proto__', 'constructor', 'x'), hostileValue, {
        maxKeys: 6,
      })
      .map((d) => ({ ...base, ...d })),
    fc.constantFrom([] as unknown, 'texto', 42, null),
  );
}

async function auditCount(): Promise<number> {
  const { rows } = await adminQuery<{ n: number }>(t.ownerUrl, 'select count(*)::int as n from auditoria');
  return rows[0]!.n;
}

describe.each(REGISTERS.filter((r) => SAMPLES[r.key]).map((r) => [r.key, r] as const))('%s', (_k, def) => {
  it('never answers 5xx to hostile create/update bodies; refusals write nothing', async () => {
    const sample = SAMPLES[def.key]!;
    const p = def.paths.find((x) => !x.readOnly && !x.bare && !x.itemsOnly)!;
    const base = `/api${p.path.replace(/:(\w+)/g, (_, k: string) => String(resolve(sample.nested?.[k] ?? '1', fx)))}`;
    const keys = def.fields.flatMap((f) => [f.name, ...(f.fields ?? []).map((s) => s.name)]);
    const created = await t.app.inject({
      method: 'POST',
      url: base,
      headers: admin,
      payload: resolve(sample.create(4), fx),
    });
    expect(created.statusCode, created.body).toBe(201);
    const row = created.json();
    let successes = 0;
    const before = await auditCount();
    await fc.assert(
      fc.asyncProperty(bodyArb(keys, {}), fc.boolean(), async (body, update) => {
        const res = await t.app.inject({
          method: update ? 'PUT' : 'POST',
          url: update ? `${base}/${encodeURIComponent(row.id)}` : base,
          headers: { ...admin, 'content-type': 'application/json' },
          payload: JSON.stringify(body),
        });
        expect(res.statusCode, res.body).toBeLessThan(500);
        if (res.statusCode < 300) successes++;
        else expect(typeof res.json().message).toBe('string');
      }),
      { numRuns: 60 },
    );
    expect(await auditCount()).toBe(before + successes);
  });
});
