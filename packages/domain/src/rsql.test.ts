import { describe, expect, it } from 'vitest';
import { parseRsql, RsqlError, rsqlComparisons } from './rsql';

const cmp = (selector: string, operator: string, ...values: (string | null)[]) => ({
  type: 'comparison',
  selector,
  operator,
  values,
});

describe('parseRsql', () => {
  it.each([
    ['id==5', cmp('id', '==', '5')],
    ['id =gt= 10', cmp('id', '=gt=', '10')],
    ['nome==*Bela Vida*', cmp('nome', '==', '*Bela Vida*')],
    ['dataVenda=ge=2024-05-01T00:00:00', cmp('dataVenda', '=ge=', '2024-05-01T00:00:00')],
    ['criadoEm=gt="2020-01-01 10:00:00"', cmp('criadoEm', '=gt=', '2020-01-01 10:00:00')],
    ["nome=='O\\'Neil'", cmp('nome', '==', "O'Neil")],
    ['id=in=(002,003)', cmp('id', '=in=', '002', '003')],
    ['id=out=( 1 , 2 )', cmp('id', '=out=', '1', '2')],
    ['id>=3', cmp('id', '=ge=', '3')],
    ['id<3', cmp('id', '=lt=', '3')],
    ['setorId==null', cmp('setorId', '==', null)],
    ['statusDeAtivacao=IN=(ATIVO)', cmp('statusDeAtivacao', '=in=', 'ATIVO')],
  ])('%s', (q, expected) => expect(parseRsql(q)).toEqual(expected));

  it('builds AND/OR trees with precedence and parentheses', () => {
    expect(parseRsql('id==5;nome==*texto*;statusDeAtivacao==ATIVO')).toEqual({
      type: 'and',
      children: [cmp('id', '==', '5'), cmp('nome', '==', '*texto*'), cmp('statusDeAtivacao', '==', 'ATIVO')],
    });
    expect(parseRsql('a==1,b==2;c==3')).toEqual({
      type: 'or',
      children: [cmp('a', '==', '1'), { type: 'and', children: [cmp('b', '==', '2'), cmp('c', '==', '3')] }],
    });
    expect(parseRsql('(a==1,b==2);c==3')).toEqual({
      type: 'and',
      children: [{ type: 'or', children: [cmp('a', '==', '1'), cmp('b', '==', '2')] }, cmp('c', '==', '3')],
    });
  });

  it('accepts URL-encoded input', () => {
    expect(parseRsql('dataVenda%3Dge%3D2024-05-01%3BdataVenda%3Dle%3D2024-05-01T23%3A59%3A59')).toEqual({
      type: 'and',
      children: [cmp('dataVenda', '=ge=', '2024-05-01'), cmp('dataVenda', '=le=', '2024-05-01T23:59:59')],
    });
  });

  it('treats blank input as no filter', () => {
    expect(parseRsql('')).toBeUndefined();
    expect(parseRsql('   ')).toBeUndefined();
    expect(parseRsql(undefined)).toBeUndefined();
  });

  it.each([
    'id',
    'id==',
    '==5',
    'id=foo=5',
    'id==5;;',
    'id==(1,2)',
    '(id==5',
    'id==5)',
    'nome=="abc',
    "id==1' or '1'='1",
    'id==1;drop table usuario',
    'id=in=(1,2',
    `${'('.repeat(20)}id==1${')'.repeat(20)}`,
    Array.from({ length: 101 }, (_, i) => `id==${i}`).join(';'),
  ])('refuses %s with an RsqlError', (q) => {
    expect(() => parseRsql(q)).toThrow(RsqlError);
  });

  it('lists comparisons', () => {
    expect(rsqlComparisons(parseRsql('a==1,(b==2;c==3)')).map((c) => c.selector)).toEqual(['a', 'b', 'c']);
  });
});
