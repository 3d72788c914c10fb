import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseRsql } from './rsql';
import { emitRsql, rsql } from './rsql-builder';

describe('rsql builder', () => {
  it.each([
    [rsql.eq('id', 12), 'id==12'],
    [rsql.eq('ativo', true), 'ativo==true'],
    [rsql.eq('statusDeAtivacao', 'ATIVO'), 'statusDeAtivacao==ATIVO'],
    [rsql.eq('setorId', null), 'setorId==null'],
    [rsql.eq('nome', 'null'), 'nome=="null"'],
    [rsql.contains('descricao', 'Bela Vida'), 'descricao=="*Bela Vida*"'],
    [rsql.startsWith('id', '12'), 'id=="12*"'],
    [rsql.in('lojaId', [1, 2]), 'lojaId=in=(1,2)'],
    [rsql.out('id', ['A 1', 'B']), 'id=out=("A 1",B)'],
    [rsql.ge('dataVenda', '2024-05-01T00:00:00'), 'dataVenda=ge=2024-05-01T00:00:00'],
  ])('%j → %s', (node, q) => expect(emitRsql(node)).toBe(q));

  it('skips absent parts, flattens and parenthesises an OR inside an AND only', () => {
    expect(emitRsql(rsql.and(undefined, false, null))).toBeUndefined();
    expect(emitRsql(rsql.and(undefined, rsql.eq('id', 1)))).toBe('id==1');
    const busca = rsql.or(rsql.eq('id', 12), rsql.contains('descricao', '12'));
    expect(emitRsql(rsql.and(busca, rsql.eq('ativo', true)))).toBe('(id==12,descricao=="*12*");ativo==true');
    expect(emitRsql(rsql.or(rsql.and(rsql.eq('a', 1), rsql.eq('b', 2)), rsql.eq('c', 3)))).toBe('a==1;b==2,c==3');
    expect(emitRsql(rsql.and(rsql.and(rsql.eq('a', 1), rsql.eq('b', 2)), rsql.eq('c', 3)))).toBe('a==1;b==2;c==3');
  });

  it('escapes quotes and backslashes: typed text cannot break out of its value', () => {
    const q = emitRsql(rsql.and(rsql.contains('descricao', 'a"b;c\\'), rsql.eq('ativo', true)));
    expect(q).toBe('descricao=="*a\\"b;c\\\\*";ativo==true');
    expect(parseRsql(q)).toEqual(rsql.and(rsql.contains('descricao', 'a"b;c\\'), rsql.eq('ativo', true)));
  });

  it('refuses an empty =in= list (it would not parse)', () => {
    expect(() => rsql.in('id', [])).toThrow();
  });

  it('round-trips any value through the parser', () => {
    // the parser decodes a query that still looks URL-encoded (%41): such text is outside this property
    const texto = fc.string({ minLength: 1 }).filter((s) => s.trim() === s && !/%[0-9A-Fa-f]{2}/.test(s));
    fc.assert(
      fc.property(texto, fc.array(texto, { minLength: 1, maxLength: 4 }), (a, lista) => {
        const node = rsql.or(rsql.eq('nome', a), rsql.and(rsql.in('id', lista), rsql.ne('x', a)));
        expect(parseRsql(emitRsql(node))).toEqual(node);
      }),
    );
  });
});
