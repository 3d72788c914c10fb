/**
 * Declarations vs database (schema drift), declarations vs engine (hooks, routes, access), and the
 * RLS of every register table: adding a register without its migration, or a column without its
 * declaration, fails here.
 */
import { columnOf, REGISTERS } from '@retaguarda/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hookRegistryOf } from '../../src/registers/hooks';
import { metaOf } from '../../src/registers/meta';
import { adminQuery, createTestApp, type TestApp } from '../helpers/app';

let t: TestApp;
let columns: Map<string, Map<string, string>>;
beforeAll(async () => {
  t = await createTestApp();
  const { rows } = await adminQuery<{ table_name: string; column_name: string; data_type: string }>(
    t.ownerUrl,
    `select table_name, column_name, data_type from information_schema.columns where table_schema = 'public'`,
  );
  columns = new Map();
  for (const r of rows) {
    if (!columns.has(r.table_name)) columns.set(r.table_name, new Map());
    columns.get(r.table_name)!.set(r.column_name, r.data_type);
  }
});
afterAll(() => t.close());

const NUMERIC = ['decimal', 'money', 'percent', 'quantity'];

describe.each(REGISTERS.map((r) => [r.key, r] as const))('%s', (_k, def) => {
  it('every declared field has its column, with a matching type', () => {
    const cols = columns.get(def.table);
    expect(cols, `tabela ${def.table} ausente`).toBeDefined();
    for (const c of metaOf(def).cols) {
      const type = cols!.get(c.column);
      expect(type, `${def.table}.${c.column} (${c.name})`).toBeDefined();
      if (NUMERIC.includes(c.field.type)) expect(type, c.name).toBe('numeric');
      if (c.field.type === 'boolean') expect(type, c.name).toBe('boolean');
      if (c.field.type === 'datetime') expect(type, c.name).toBe('timestamp with time zone');
      if (c.field.type === 'date') expect(type, c.name).toBe('date');
      if (['multiReference', 'lojas', 'multiEnum'].includes(c.field.type)) expect(type, c.name).toBe('ARRAY');
    }
    for (const child of metaOf(def).children) {
      const cc = columns.get(child.table!);
      expect(cc, child.table).toBeDefined();
      for (const f of child.fields ?? []) expect(cc!.has(columnOf(f)), `${child.table}.${columnOf(f)}`).toBe(true);
    }
  });

  it('every column of the table is declared (or is tenant/bookkeeping)', () => {
    const declared = new Set(metaOf(def).cols.map((c) => c.column));
    const extra = [...(columns.get(def.table)?.keys() ?? [])].filter((c) => !declared.has(c) && c !== 'assinante_id');
    expect(extra).toEqual([]);
  });

  it('declares existing hooks only, and hooks exist for what it declares', () => {
    const impl = Object.keys(hookRegistryOf(t.app)?.of(def) ?? {}).sort();
    expect([...(def.hooks ?? [])].sort()).toEqual(impl);
  });

  it('labels, list and form refer to declared fields', () => {
    const names = new Set(
      metaOf(def)
        .cols.map((c) => c.name)
        .concat(def.fields.map((f) => f.name)),
    );
    for (const c of def.list.columns) expect(names.has(c.field), c.field).toBe(true);
    for (const s of def.sections) for (const f of s.fields) expect(names.has(f), f).toBe(true);
    for (const f of def.list.filters) expect(names.has(f), f).toBe(true);
    expect(def.label.singular && def.label.plural).toBeTruthy();
  });
});

it('register tables of tenants have forced row-level security with the tenant policy', async () => {
  const tables = [...new Set(REGISTERS.flatMap((r) => [r.table, ...metaOf(r).children.map((c) => c.table!)]))];
  const { rows } = await adminQuery<{ relname: string; rls: boolean; forced: boolean; pol: number }>(
    t.ownerUrl,
    `select c.relname, c.relrowsecurity as rls, c.relforcerowsecurity as forced,
            (select count(*)::int from pg_policy p where p.polrelid = c.oid and p.polname = 'assinante_isolamento') as pol
       from pg_class c where c.relname = any($1) and c.relkind = 'r'`,
    [tables],
  );
  for (const r of rows) expect(r, r.relname).toMatchObject({ rls: true, forced: true, pol: 1 });
  // ncm_cadastro is a view over the global table + ncm_local (tenant)
  expect(rows.length).toBe(tables.length - 1);
});
