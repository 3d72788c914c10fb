/** fast-check generators of hostile requests: bodies, query strings, headers and path parameters. */
import fc from 'fast-check';

const MALICIOSOS = [
  "'; drop table produto; --",
  "1' or '1'='1",
  '1 or 1=1',
  "admin'--",
  '" or ""="',
  '1; select pg_sleep(5)',
  "'||(select current_user)||'",
  '$1',
  '\u0000',
  'a\u0000b',
  '%',
  '%%',
  '_',
  '*',
  '\\',
  '${7*7}',
  '{{7*7}}',
  '<script>alert(1)</script>',
  '../../etc/passwd',
  '%2e%2e%2f',
  '1e309',
  '-0',
  'NaN',
  'Infinity',
  '9'.repeat(40),
  '2026-02-30',
  '0000-00-00T99:99:99',
  '9999-12-31',
  '-infinity',
  '1900-01-01',
  'ISENTO',
  '#GGGGGG',
  '00.000.000/0000-00',
  '11111111111111',
  '12345678901',
  '111.111.111-11',
  '9999.99.99',
  '0000000',
  '𝕳𝖊𝖑𝖑𝖔 👩‍👩‍👧‍👦',
  '\u202eRTL',
  '\ud800',
  'true',
  'null',
  '[]',
  '{}',
] as const;

/** RSQL and sort injections for list-style query strings. */
const RSQL = [
  'id==1;descricao=="\' or 1=1--"',
  '(((((',
  'id=in=(',
  'id=out=()',
  'descricao=like=*%*',
  'descricao==*\\*',
  'id=gt=999999999999999999999',
  'nao_existe==1',
  'senhaHash==x',
  'assinanteId==2',
  'id==1,id==2;(id==3',
  ';;;',
  'descricao=ilike="a"',
  'id=bt=(1,2)',
] as const;

export const hostileString = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...MALICIOSOS) },
  { weight: 2, arbitrary: fc.string({ maxLength: 30 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 20 }) },
  { weight: 1, arbitrary: fc.string({ minLength: 200, maxLength: 70_000 }) },
);

const absurdNumber = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.constantFrom(2 ** 31, -(2 ** 31) - 1, 2 ** 53, Number.MAX_SAFE_INTEGER + 2, 1e300, -1e300, -1, 0, 0.1, -0.0001),
);

export const hostileValue: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    hostileString,
    absurdNumber,
    fc.constantFrom(true, false, null),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(fc.oneof(hostileString, fc.constantFrom('__proto__', 'constructor', 'prototype')), tie('value'), {
      maxKeys: 4,
    }),
  ),
})).value;

/** Raw JSON texts JSON.stringify cannot produce (prototype pollution keys, deep nesting, broken JSON). */
const RAW = fc.constantFrom(
  '{"__proto__":{"administrador":true,"assinanteId":2}}',
  '{"constructor":{"prototype":{"administrador":true}}}',
  '{"descricao":"x","__proto__":{"id":1}}',
  `${'['.repeat(5000)}${']'.repeat(5000)}`,
  `${'{"a":'.repeat(2000)}1${'}'.repeat(2000)}`,
  '{"descricao":',
  '{"a":1,"a":2}',
  'null',
  '"texto"',
  '42',
  '',
  '\u0000',
  '{"id":1e999}',
);

export type HostileBody = { raw: string } | { json: unknown };

/** Bodies: the valid sample with hostile fields, any JSON, or raw texts. */
export function bodyArb(keys: readonly string[], base: Record<string, unknown>): fc.Arbitrary<HostileBody> {
  const fieldKeys = keys.length ? keys : ['descricao', 'nome', 'id'];
  return fc.oneof(
    {
      weight: 4,
      arbitrary: fc
        .dictionary(fc.constantFrom(...fieldKeys, 'id', 'versao', 'assinanteId', 'lojaId', 'ativo'), hostileValue, {
          maxKeys: 5,
        })
        .map((d) => ({ json: { ...base, ...d } })),
    },
    { weight: 1, arbitrary: hostileValue.map((json) => ({ json })) },
    { weight: 1, arbitrary: RAW.map((raw) => ({ raw })) },
  );
}

export const queryArb = fc.oneof(
  { weight: 2, arbitrary: fc.constant('') },
  {
    weight: 2,
    arbitrary: fc
      .record(
        {
          q: fc.oneof(fc.constantFrom(...RSQL), hostileString),
          sort: fc.oneof(fc.constantFrom('id;drop table x', '-', '+descricao', 'senhaHash', 'id,-id,,'), hostileString),
          start: fc.oneof(absurdNumber.map(String), hostileString),
          count: fc.oneof(absurdNumber.map(String), hostileString),
          outro: hostileString,
        },
        { requiredKeys: [] },
      )
      .map((o) => `?${new URLSearchParams(o as Record<string, string>).toString()}`),
  },
  { weight: 1, arbitrary: fc.constantFrom('?q', '?=', '?&&&', '?q=%', '?a[b]=1&a[c]=2', '?__proto__[x]=1') },
);

export const headersArb = fc.record(
  {
    'content-type': fc.constantFrom(
      'application/json',
      'application/json; charset=latin1',
      'text/plain',
      'application/xml',
      'multipart/form-data',
      'application/x-www-form-urlencoded',
      'application/json; boundary=x',
    ),
    'x-forwarded-for': fc.constantFrom('1.2.3.4', 'x, y, z', "'; drop", '::1', '999.999.999.999'),
    accept: fc.constantFrom('text/csv', 'application/xml', '*/*', 'application/vnd.ms-excel'),
    'accept-language': fc.constantFrom('en', 'xx', '*'),
    'if-match': fc.constantFrom('"1"', 'W/"x"', '*'),
  },
  { requiredKeys: ['content-type'] },
);

/** Path parameters: the valid one most of the time, else hostile (encoded). */
export function paramArb(valid: string): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 3, arbitrary: fc.constant(valid) },
    {
      weight: 2,
      arbitrary: fc.oneof(
        fc.constantFrom('0', '-1', '2147483648', '99999999999999999999', '1.5', '1e3', 'null', '%00', ' ', 'ü', '..'),
        // a URL can only carry well-formed text (a lone surrogate cannot be percent-encoded)
        hostileString.filter((s) => s.length > 0 && s.length < 300 && !/\p{Cs}/u.test(s)),
      ),
    },
  );
}
