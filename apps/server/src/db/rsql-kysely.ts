/**
 * Turns an RSQL AST (packages/domain/src/rsql.ts) into a Kysely where-expression over a
 * whitelist of fields. Values are always bound parameters and converted to the field's type
 * first, so a bad value or an unknown field is a 400, never SQL and never a 500.
 */
import { MSG_LISTA, parseRsql, type RsqlComparison, RsqlError, type RsqlNode } from '@retaguarda/domain';
import { type Expression, type ExpressionBuilder, type RawBuilder, type SqlBool, sql } from 'kysely';
import { ApiError } from '../plugins/errors';
import { atLocalTime, localWallClock, nextLocalDay, type Zona, zonaDaLojaIdSql } from '../time';

/**
 * `date`: an instant column (timestamptz) filtered by store-local days — the row's store's (`loja`), else
 * the default zone; `day`: a calendar-date column (a business date, already store-local) compared as it
 * is, so a range on a partitioned ledger prunes its partitions.
 */
export type RsqlFieldType = 'number' | 'text' | 'date' | 'day' | 'boolean' | 'enum';

export interface RsqlField {
  /** snake_case column, optionally qualified (`u.nome`). */
  column: string;
  type: RsqlFieldType;
  /** Allowed values of an enum field (compared case-insensitively, sent canonical). */
  values?: readonly string[];
  /** The column is an array (multi-valued enum, store list): `==` means "contains", `=in=` "overlaps". */
  array?: boolean;
  /** Rewrites each text value before comparing (an NCM typed as shown, "3303.00.20", is stored 33030020). */
  normalize?: (v: string) => string;
  /**
   * The column holding the row's store id: a date value without an offset is that store's wall clock
   * (a Rio Branco row's day is Rio Branco's), one expression per row; absent: the default zone.
   */
  loja?: string;
}

export type RsqlFieldMap = Record<string, RsqlField>;

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:?\d{2})?$/;

function bad(message: string): ApiError {
  return new ApiError(400, MSG_LISTA.filtroInvalido, [message]);
}

function findField(fields: RsqlFieldMap, selector: string): RsqlField {
  const exact = fields[selector];
  if (exact) return exact;
  // clients were seen sending lower-cased names (`criadoem`)
  const key = Object.keys(fields).find((k) => k.toLowerCase() === selector.toLowerCase());
  if (!key) throw bad(`Campo desconhecido: ${selector}.`);
  return fields[key]!;
}

function toNumber(v: string, selector: string): number {
  const n = Number(v);
  if (!/^[+-]?\d+(\.\d+)?$/.test(v) || !Number.isFinite(n)) throw bad(`${selector}: número inválido '${v}'.`);
  if (Math.abs(n) > Number.MAX_SAFE_INTEGER) throw bad(`${selector}: número fora do intervalo '${v}'.`);
  return n;
}

function toBoolean(v: string, selector: string): boolean {
  const s = v.toLowerCase();
  if (['true', '1', 'sim'].includes(s)) return true;
  if (['false', '0', 'nao', 'não'].includes(s)) return false;
  throw bad(`${selector}: valor lógico inválido '${v}'.`);
}

function toEnum(v: string, field: RsqlField, selector: string): string {
  const hit = field.values?.find((x) => x.toLowerCase() === v.toLowerCase());
  if (!hit) throw bad(`${selector}: valor inválido '${v}' (aceitos: ${(field.values ?? []).join(', ')}).`);
  return hit;
}

const OFFSET = /(Z|[+-]\d{2}:?\d{2})$/;

/** A real calendar date and clock time (2026-02-30 and 25:00 are refused, never a cast error). */
function realDate(v: string): boolean {
  const day = v.slice(0, 10);
  const d = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== day) return false;
  return DATE_ONLY.test(v) || !Number.isNaN(Date.parse(v.replace(' ', 'T')));
}

/** The zone a field's values are read in: the row's store's, or the default zone. */
const zoneOf = (field: RsqlField): Zona | undefined => (field.loja ? zonaDaLojaIdSql(sql.ref(field.loja)) : undefined);

function toTimestamp(v: string, selector: string, zone?: Zona): RawBuilder<Date> {
  if (!(DATE_ONLY.test(v) || DATE_TIME.test(v)) || !realDate(v))
    throw bad(`${selector}: data inválida '${v}' (use AAAA-MM-DD ou AAAA-MM-DDTHH:mm:ss).`);
  // business dates are store-local (domain §1.1): a value without an offset is read in that zone
  return OFFSET.test(v) ? sql<Date>`${v}::timestamptz` : atLocalTime(v, zone);
}

/**
 * A business-date column's value: a date as it is; a date-time compares the date as that day's local
 * midnight (an offset read in the row's store's zone), for clients that send date-times everywhere.
 */
function toDay(v: string, selector: string, zone?: Zona): { value: RawBuilder<unknown>; timestamp: boolean } {
  if (!(DATE_ONLY.test(v) || DATE_TIME.test(v)) || !realDate(v))
    throw bad(`${selector}: data inválida '${v}' (use AAAA-MM-DD).`);
  if (DATE_ONLY.test(v)) return { value: sql`${v}::date`, timestamp: false };
  return { value: OFFSET.test(v) ? localWallClock(v, zone) : sql`${v}::timestamp`, timestamp: true };
}

function likePattern(v: string): string {
  return v.replace(/[\\%_]/g, (c) => `\\${c}`).replace(/\*/g, '%');
}

const SQL_OP = { '==': '=', '!=': '<>', '=gt=': '>', '=ge=': '>=', '=lt=': '<', '=le=': '<=' } as const;

function comparison(c: RsqlComparison, fields: RsqlFieldMap): RawBuilder<SqlBool> {
  const field = findField(fields, c.selector);
  const col = sql.ref(field.column);
  const op = c.operator;
  const isList = op === '=in=' || op === '=out=';
  if (c.values.includes(null)) {
    if (op === '==') return sql<SqlBool>`${col} is null`;
    if (op === '!=') return sql<SqlBool>`${col} is not null`;
    throw bad(`${c.selector}: null só pode ser usado com == ou !=.`);
  }
  const values = field.normalize ? (c.values as string[]).map(field.normalize) : (c.values as string[]);
  if (field.array) return arrayComparison(c, field, values);
  const ordered = op !== '==' && op !== '!=' && !isList;
  if (ordered && (field.type === 'boolean' || field.type === 'enum')) {
    throw bad(`${c.selector}: operador ${op} não se aplica a este campo.`);
  }

  if (field.type === 'text') {
    const target = sql`unaccent(${col})`;
    if (isList) {
      const list = sql.join(values.map((v) => sql`lower(unaccent(${v}))`));
      return op === '=in='
        ? sql<SqlBool>`lower(${target}) in (${list})`
        : sql<SqlBool>`lower(${target}) not in (${list})`;
    }
    const v = values[0]!;
    if (op === '==' || op === '!=') {
      // accent- and case-insensitive; `*` is the wildcard
      const like = sql<SqlBool>`${target} ilike unaccent(${likePattern(v)})`;
      return op === '==' ? like : sql<SqlBool>`not (${like})`;
    }
    return sql<SqlBool>`${col} ${sql.raw(SQL_OP[op])} ${v}`;
  }

  const zone = zoneOf(field);
  const convert = (v: string): unknown => {
    if (field.type !== 'text' && v.includes('*')) throw bad(`${c.selector}: curinga '*' só vale para texto.`);
    switch (field.type) {
      case 'number':
        return toNumber(v, c.selector);
      case 'boolean':
        return toBoolean(v, c.selector);
      case 'enum':
        return toEnum(v, field, c.selector);
      case 'day':
        return toDay(v, c.selector, zone).value;
      default:
        return toTimestamp(v, c.selector, zone);
    }
  };
  if (isList) {
    const list = sql.join(values.map(convert));
    return op === '=in=' ? sql<SqlBool>`${col} in (${list})` : sql<SqlBool>`${col} not in (${list})`;
  }
  const v = values[0]!;
  if (field.type === 'date' && DATE_ONLY.test(v) && (op === '==' || op === '!=')) {
    // a date-only equality means the whole local day (its next midnight, not +24 h: old DST days)
    const from = toTimestamp(v, c.selector, zone);
    const day = sql<SqlBool>`(${col} >= ${from} and ${col} < ${nextLocalDay(v, zone)})`;
    return op === '==' ? day : sql<SqlBool>`not ${day}`;
  }
  if (field.type === 'date' && DATE_ONLY.test(v) && (op === '=le=' || op === '=gt=')) {
    // `<= 2024-05-01` includes that whole day; `> 2024-05-01` starts the next one
    toTimestamp(v, c.selector, zone);
    const next = nextLocalDay(v, zone);
    return op === '=le=' ? sql<SqlBool>`${col} < ${next}` : sql<SqlBool>`${col} >= ${next}`;
  }
  if (field.type === 'day' && toDay(v, c.selector, zone).timestamp)
    return sql<SqlBool>`${col}::timestamp ${sql.raw(SQL_OP[op])} ${convert(v)}`;
  return sql<SqlBool>`${col} ${sql.raw(SQL_OP[op])} ${convert(v)}`;
}

/** Arrays (processo judicial's tributos, a register's lojas): membership, never order. */
function arrayComparison(c: RsqlComparison, field: RsqlField, values: string[]): RawBuilder<SqlBool> {
  const col = sql.ref(field.column);
  if (!['==', '!=', '=in=', '=out='].includes(c.operator))
    throw bad(`${c.selector}: use ==, !=, =in= ou =out= neste campo.`);
  const id = (v: string) => {
    // array members are integer ids: anything else would fail the int[] cast (a 500)
    if (!/^\d{1,9}$/.test(v)) throw bad(`${c.selector}: código inválido '${v}'.`);
    return Number(v);
  };
  const list = values.map((v) => (field.type === 'number' ? id(v) : toEnum(v, field, c.selector)));
  const arr = field.type === 'number' ? sql`${list}::int[]` : sql`${list}::text[]`;
  const overlaps = sql<SqlBool>`${col} && ${arr}`;
  return c.operator === '==' || c.operator === '=in=' ? overlaps : sql<SqlBool>`not (${overlaps})`;
}

function build(node: RsqlNode, fields: RsqlFieldMap): RawBuilder<SqlBool> {
  if (node.type === 'comparison') return comparison(node, fields);
  const parts = node.children.map((n) => build(n, fields));
  return sql<SqlBool>`(${sql.join(parts, sql.raw(node.type === 'and' ? ' and ' : ' or '))})`;
}

/** Parses `q` and returns a where-expression, or `undefined` when there is no filter. Throws ApiError 400. */
export function rsqlWhere(q: string | undefined, fields: RsqlFieldMap): Expression<SqlBool> | undefined {
  let node: RsqlNode | undefined;
  try {
    node = parseRsql(q);
  } catch (err) {
    if (err instanceof RsqlError) throw bad(err.message);
    throw err;
  }
  return node ? build(node, fields) : undefined;
}

/** Convenience for `qb.where((eb) => rsqlFilter(eb, q, fields))` in query builders. */
export function rsqlFilter<DB, TB extends keyof DB>(
  eb: ExpressionBuilder<DB, TB>,
  q: string | undefined,
  fields: RsqlFieldMap,
): Expression<SqlBool> {
  return rsqlWhere(q, fields) ?? eb.lit(true);
}
