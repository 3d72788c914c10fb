/** A code-keyed register is searched by its code as shown (3303.00.20) or plain; NCM headings are never offered. */
import { emitRsql, registerByKey } from '@retaguarda/domain';
import { describe, expect, it } from 'vitest';
import { rsqlDaBusca } from './consulta';

const ncm = registerByKey('ncm')!;

describe('busca por código', () => {
  it('the dotted form searches the stored digits', () => {
    expect(emitRsql(rsqlDaBusca(ncm, '3303.00.20'))).toContain('id=="33030020*"');
    expect(emitRsql(rsqlDaBusca(ncm, '33030020'))).toContain('id=="33030020*"');
  });
  it('a description is searched as typed', () => {
    expect(emitRsql(rsqlDaBusca(ncm, 'águas'))).toContain('águas');
  });
});
