/**
 * Builds the `q` list filter as the same tree `parseRsql` reads (rsql.ts) and writes it out with
 * quoting and escaping, so no screen assembles RSQL by hand. Absent parts (an empty search box,
 * 'Todos') are skipped: `rsql.and(undefined, x)` is `x`, and nothing at all is `undefined`.
 */
import type { RsqlComparison, RsqlNode, RsqlOperator } from './rsql';

export type RsqlValue = string | number | boolean | null;
/** A part of a filter that may be absent. */
export type RsqlPart = RsqlNode | undefined | null | false;

const comparison = (selector: string, operator: RsqlOperator, values: readonly RsqlValue[]): RsqlComparison => ({
  type: 'comparison',
  selector,
  operator,
  values: values.map((v) => (v === null ? null : String(v))),
});

function list(selector: string, operator: '=in=' | '=out=', values: readonly RsqlValue[]): RsqlComparison {
  // `campo=in=()` matches nothing and does not parse: the caller must not ask for it
  if (!values.length) throw new Error(`${selector}${operator}: lista de valores vazia.`);
  return comparison(selector, operator, values);
}

function logical(type: 'and' | 'or', parts: readonly RsqlPart[]): RsqlNode | undefined {
  const children = parts.filter((p): p is RsqlNode => !!p).flatMap((p) => (p.type === type ? p.children : [p]));
  if (children.length <= 1) return children[0];
  return { type, children };
}

export const rsql = {
  eq: (selector: string, value: RsqlValue) => comparison(selector, '==', [value]),
  ne: (selector: string, value: RsqlValue) => comparison(selector, '!=', [value]),
  gt: (selector: string, value: RsqlValue) => comparison(selector, '=gt=', [value]),
  ge: (selector: string, value: RsqlValue) => comparison(selector, '=ge=', [value]),
  lt: (selector: string, value: RsqlValue) => comparison(selector, '=lt=', [value]),
  le: (selector: string, value: RsqlValue) => comparison(selector, '=le=', [value]),
  in: (selector: string, values: readonly RsqlValue[]) => list(selector, '=in=', values),
  out: (selector: string, values: readonly RsqlValue[]) => list(selector, '=out=', values),
  /** Text fields: accent- and case-insensitive "contains" (`*` is the server's wildcard). */
  contains: (selector: string, text: string) => comparison(selector, '==', [`*${text}*`]),
  startsWith: (selector: string, text: string) => comparison(selector, '==', [`${text}*`]),
  and: (...parts: RsqlPart[]) => logical('and', parts),
  or: (...parts: RsqlPart[]) => logical('or', parts),
};

// a value that needs no quotes: letters, digits and the characters of dates and codes
const BARE = /^[A-Za-z0-9_.:+-]+$/;

function emitValue(v: string | null): string {
  if (v === null) return 'null';
  if (BARE.test(v) && v !== 'null') return v;
  return `"${v.replace(/["\\]/g, (c) => `\\${c}`)}"`;
}

function emitNode(node: RsqlNode, parent?: 'and' | 'or'): string {
  if (node.type === 'comparison') {
    const values = node.values.map(emitValue);
    const multi = node.operator === '=in=' || node.operator === '=out=';
    return `${node.selector}${node.operator}${multi ? `(${values.join(',')})` : values[0]}`;
  }
  const text = node.children.map((c) => emitNode(c, node.type)).join(node.type === 'and' ? ';' : ',');
  // `;` binds tighter than `,`: only an OR inside an AND needs parentheses
  return parent === 'and' && node.type === 'or' ? `(${text})` : text;
}

/** The `q` text of a filter tree; `undefined` when there is no filter. */
export function emitRsql(node: RsqlPart): string | undefined {
  return node ? emitNode(node) : undefined;
}
