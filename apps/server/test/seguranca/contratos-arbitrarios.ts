/**
 * fast-check generators driven by a contract's JSON schema (the OpenAPI document of the zod contracts):
 * each declared field gets a plausible value or an arbitrary one — huge digit strings, more than 30 decimal
 * places, malformed dates, nulls, arrays, objects, absurd numbers — nested objects and item lists too.
 */
import fc from 'fast-check';
import { hostileString, hostileValue } from './hostil-arbitrarios';

export interface Esquema {
  type?: string | string[];
  properties?: Record<string, Esquema>;
  items?: Esquema;
  anyOf?: Esquema[];
  oneOf?: Esquema[];
  allOf?: Esquema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  default?: unknown;
}

/** Values that broke contracts before (issue 26): huge decimals, too many places, dates that are not. */
const ARMADILHAS = [
  '9'.repeat(200_000),
  `-${'9'.repeat(40)}`,
  `1.${'1'.repeat(31)}`,
  `1.${'0'.repeat(60_000)}1`,
  `${'9'.repeat(20)}.${'9'.repeat(20)}`,
  '1e+300',
  '0.000000000000000000000000000000001',
  'x',
  '',
  '\u0000',
  'NaN',
  '99999-01-01',
  '0001-01-01',
  '1900-01-01',
  '2026-11-27T99:00',
  '2026-02-30',
  '2026-13-01',
  '2026-01-01T00:00:00Z',
  '2026-01-01 10:00',
  '-infinity',
] as const;

const NUMEROS = [1e308, -1e308, 2 ** 31, 2 ** 53 + 2, -1, 0, 0.1, 1.5, 1e-30, 1.2345678901234568e29];

const arbitrario: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...ARMADILHAS) },
  { weight: 2, arbitrary: hostileValue },
  { weight: 1, arbitrary: fc.constantFrom(...NUMEROS) },
  { weight: 1, arbitrary: fc.constantFrom(null, true, false, [], {}, [null], { a: 1 }) },
);

const tipos = (e: Esquema): string[] => (Array.isArray(e.type) ? e.type : e.type ? [e.type] : []);

/** The first alternative that is not null (`nullish()` → anyOf [T, null]). */
function principal(e: Esquema): Esquema {
  const alt = e.anyOf ?? e.oneOf ?? e.allOf;
  if (!alt?.length) return e;
  return principal(alt.find((a) => !tipos(a).includes('null')) ?? alt[0]!);
}

/** A value the contract would likely take for this field. */
export function plausivel(e0: Esquema, prof = 0): unknown {
  const e = principal(e0);
  if (e.const !== undefined) return e.const;
  if (e.enum?.length) return e.enum[0];
  if (e.default !== undefined) return e.default;
  const t = tipos(e).find((x) => x !== 'null') ?? (e.properties ? 'object' : 'string');
  if (t === 'integer' || t === 'number') return 1;
  if (t === 'boolean') return false;
  if (t === 'array') return prof > 3 || !e.items ? [] : [plausivel(e.items, prof + 1)];
  if (t === 'object')
    return Object.fromEntries(Object.entries(e.properties ?? {}).map(([k, v]) => [k, plausivel(v, prof + 1)]));
  if (e.format === 'date') return '2026-01-15';
  if (e.format === 'date-time') return '2026-01-15T10:00:00';
  return 'Teste';
}

/** A field's value: plausible, arbitrary, or (objects and lists) built from its own fields. */
export function valorArb(e0: Esquema, prof = 0): fc.Arbitrary<unknown> {
  const e = principal(e0);
  const t = tipos(e);
  const opcoes: { weight: number; arbitrary: fc.Arbitrary<unknown> }[] = [
    { weight: 2, arbitrary: fc.constant(plausivel(e, prof)) },
    { weight: 3, arbitrary: arbitrario },
  ];
  if (prof < 3 && (t.includes('object') || e.properties)) opcoes.push({ weight: 3, arbitrary: corpoArb(e, prof + 1) });
  if (prof < 3 && t.includes('array') && e.items)
    opcoes.push({ weight: 3, arbitrary: fc.array(valorArb(e.items, prof + 1), { minLength: 1, maxLength: 3 }) });
  return fc.oneof(...opcoes);
}

/** A body: every declared field plausible but some arbitrary; now and then the whole body arbitrary. */
export function corpoArb(e0: Esquema, prof = 0): fc.Arbitrary<unknown> {
  const e = principal(e0);
  const campos = Object.entries(e.properties ?? {});
  if (!campos.length) return prof ? arbitrario : fc.oneof(fc.constant({}), hostileValue, arbitrario);
  const base = plausivel(e, prof) as Record<string, unknown>;
  const mexidos = fc.record(Object.fromEntries(campos.map(([k, v]) => [k, valorArb(v, prof)])), {
    requiredKeys: [],
  });
  const corpo = mexidos.map((m) => ({ ...base, ...m }));
  return prof ? corpo : fc.oneof({ weight: 6, arbitrary: corpo }, { weight: 1, arbitrary: hostileValue });
}

/** A query string: each declared parameter plausible or arbitrary (as text), plus the list's own. */
export function queryArb(consulta: Record<string, Esquema>): fc.Arbitrary<string> {
  const texto = fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...ARMADILHAS).filter((s) => s.length < 8_000) },
    { weight: 2, arbitrary: hostileString.filter((s) => s.length < 8_000) },
    { weight: 1, arbitrary: fc.constantFrom(...NUMEROS).map(String) },
  );
  const chaves = [...new Set([...Object.keys(consulta), 'start', 'count', 'q', 'sort'])];
  return fc
    .record(
      Object.fromEntries(
        chaves.map((k) => [k, fc.oneof(fc.constant(String(plausivel(consulta[k] ?? {}))), texto)]),
      ) as Record<string, fc.Arbitrary<string>>,
      { requiredKeys: [] },
    )
    .map((o) => {
      const s = new URLSearchParams(o as Record<string, string>).toString();
      return s ? `?${s}` : '';
    });
}

/** Zod's and Fastify's English, which must never reach a client. */
const INGLES =
  /\b(Invalid|Expected|Required|received|must|Bad Request|Not Found|Client Error|Unexpected|Unauthorized|Forbidden|should|exceeding)\b/;

/** Why an error answer is not the API's shape in Portuguese, or undefined. */
export function respostaEmPortugues(res: { headers: Record<string, unknown>; body: string }): string | undefined {
  if (!/application\/json/.test(String(res.headers['content-type']))) return 'não é JSON';
  let b: { message?: unknown; reasons?: unknown; error?: unknown; statusCode?: unknown };
  try {
    b = JSON.parse(res.body);
  } catch {
    return 'JSON inválido';
  }
  if (typeof b.message !== 'string' || !b.message) return 'sem message';
  if (b.error !== undefined || b.statusCode !== undefined) return 'forma do Fastify';
  if (b.reasons !== undefined && (!Array.isArray(b.reasons) || b.reasons.some((r) => typeof r !== 'string')))
    return 'reasons não é lista de textos';
  const textos = [b.message, ...((b.reasons as string[] | undefined) ?? [])].join(' | ');
  return INGLES.test(textos) ? `em inglês: ${textos.slice(0, 200)}` : undefined;
}
