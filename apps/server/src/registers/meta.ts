/** Per-register SQL metadata derived once from the declaration: columns, select list, filterable fields. */
import { CODE_REFS, columnOf, type FieldDef, type RegisterDef } from '@retaguarda/domain';
import {
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type RawBuilder,
  sql,
} from 'kysely';
import { localIsoText, zonaDaLojaIdSql } from '../time';

export interface Col {
  /** API name; group members are dotted (endereco.cep). */
  name: string;
  field: FieldDef;
  column: string;
  select: RawBuilder<unknown>;
  /** the type the RSQL translator compares with. */
  kind: 'number' | 'text' | 'date' | 'day' | 'boolean' | 'enum';
}

export interface Meta {
  def: RegisterDef;
  cols: Col[];
  byName: Map<string, Col>;
  children: FieldDef[];
  selectList: RawBuilder<unknown>;
  codeId: boolean;
  /** the column of a register's one store (`lojaField` of type loja): its instants read in that store's zone */
  lojaColumn?: string;
}

function kindOf(f: FieldDef, codeId: boolean): Col['kind'] {
  if (f.name === 'id') return codeId ? 'text' : 'number';
  switch (f.type) {
    case 'integer':
    case 'loja':
    case 'decimal':
    case 'money':
    case 'percent':
    case 'quantity':
      return 'number';
    case 'reference':
      return f.ref && CODE_REFS.has(f.ref) ? 'text' : 'number';
    case 'date':
      // a calendar date is already local: compared as it is, never as an instant
      return 'day';
    case 'datetime':
      return 'date';
    case 'boolean':
      return 'boolean';
    case 'enum':
      return 'enum';
    default:
      return 'text';
  }
}

function selectOf(f: FieldDef, column: string, alias: string, lojaColumn?: string): RawBuilder<unknown> {
  const ref = sql.ref(`t.${column}`);
  // dates travel as local ISO text (api-compat: clients slice the first 19 characters), in the row's store's zone
  const zona = lojaColumn ? zonaDaLojaIdSql(sql.ref(`t.${lojaColumn}`)) : undefined;
  if (f.type === 'datetime') return sql`${localIsoText(ref, zona)} as ${sql.id(alias)}`;
  if (f.type === 'date') return sql`to_char(${ref}, 'YYYY-MM-DD') as ${sql.id(alias)}`;
  return sql`${ref} as ${sql.id(alias)}`;
}

const cache = new WeakMap<RegisterDef, Meta>();

/** A compiler without plugins: column references are already snake_case and aliases are the API names. */
const plain = new Kysely<unknown>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (db) => new PostgresIntrospector(db),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
});

/**
 * The select list compiled once into SQL text: a raw fragment costs nothing per request, whereas
 * the tree of ~40 references and aliases went through the camel-case plugin on every query (~1 ms).
 * Aliases stay the API names, which the plugin's result mapping leaves as they are.
 */
function compiledOnce(parts: RawBuilder<unknown>[]): RawBuilder<unknown> {
  const { sql: text, parameters } = sql`${sql.join(parts)}`.compile(plain);
  if (parameters.length) throw new Error('lista de colunas com parâmetros');
  return sql.raw(text);
}

export function metaOf(def: RegisterDef): Meta {
  const hit = cache.get(def);
  if (hit) return hit;
  const codeId = def.idKind === 'code';
  const loja = def.fields.find((f) => f.name === def.lojaField && f.type === 'loja');
  const lojaColumn = loja && columnOf(loja);
  const cols: Col[] = [];
  const children: FieldDef[] = [];
  for (const f of def.fields) {
    if (f.virtual) continue;
    if (f.type === 'children') children.push(f);
    else if (f.type === 'group') {
      for (const g of f.fields ?? []) {
        const column = columnOf(g, f.name);
        const name = `${f.name}.${g.name}`;
        cols.push({ name, field: g, column, select: selectOf(g, column, name), kind: kindOf(g, false) });
      }
    } else {
      const column = columnOf(f);
      const select = selectOf(f, column, f.name, lojaColumn);
      cols.push({ name: f.name, field: f, column, select, kind: kindOf(f, codeId) });
    }
  }
  const visible = cols.filter((c) => !c.field.hidden);
  const meta: Meta = {
    def,
    cols,
    byName: new Map(cols.map((c) => [c.name, c])),
    children,
    selectList: compiledOnce(visible.map((c) => c.select)),
    codeId,
    ...(lojaColumn ? { lojaColumn } : {}),
  };
  cache.set(def, meta);
  return meta;
}

/** Row from SQL (dotted aliases) → API object (nested groups). */
export function toApi(row: Record<string, unknown>): Record<string, unknown> {
  return mapRow(row, undefined);
}

/** The same, leaving out one key (the exact total riding along a list's rows). */
export function toApiSem(row: Record<string, unknown>, skip: string): Record<string, unknown> {
  return mapRow(row, skip);
}

// for…in and no `delete` on the row: twice as fast per row as Object.entries after a delete (which
// turned the row into a dictionary), and the list maps every row of every page (bench/cauda.ts profile)
function mapRow(row: Record<string, unknown>, skip: string | undefined): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const k in row) {
    if (k === skip) continue;
    const v = row[k];
    const dot = k.indexOf('.');
    if (dot < 0) {
      out[k] = v;
      continue;
    }
    const g = k.slice(0, dot);
    let obj = out[g] as Record<string, unknown> | undefined;
    if (obj === undefined) {
      obj = {};
      out[g] = obj;
    }
    obj[k.slice(dot + 1)] = v;
  }
  return out;
}
