/**
 * Register export: CSV formatted by PostgreSQL and streamed by COPY (quoting, CRLF, Sim/Não, filters
 * inlined as literals without injection), XLSX through the streaming writer, and the sheet limit.
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inlineParams } from '../../src/db/literal';
import { exportLimits } from '../../src/registers/export';
import { adminQuery, createTestApp, type TestApp } from '../helpers/app';
import { login } from '../helpers/auth';

let t: TestApp;
let headers: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  ({ headers } = await login(t, 'ana.admin'));
  await adminQuery(
    t.ownerUrl,
    `insert into marca (assinante_id, descricao, ativo) values
       (1, 'Ponto; vírgula e "aspas"', true), (1, E'Duas\\nlinhas', false), (1, 'D''Ávila', true)`,
  );
});
afterAll(() => t.close());

const csvOf = async (query: string) => {
  const res = await t.app.inject({ url: `/api/v1/produto/marcas/export?format=csv&${query}`, headers });
  expect(res.statusCode).toBe(200);
  return res.body;
};

describe('register export', () => {
  it('CSV: header in pt-BR, CRLF between records, quoting only where needed, Sim/Não', async () => {
    const body = await csvOf('sort=id');
    // the code, then the list's columns (Descrição early); no bookkeeping 'Versão'
    expect(body.startsWith('\uFEFFCódigo;Descrição;')).toBe(true);
    expect(body.split('\r\n')[0]).not.toContain('Versão');
    expect(body).toContain('"Ponto; vírgula e ""aspas"""');
    // the line break inside a quoted cell stays; records end with CRLF
    expect(body).toContain('"Duas\nlinhas"');
    expect(body).toMatch(/\r\n\d+;"Duas\nlinhas";Não;[^\r]*\r\n/);
    expect(body).toMatch(/\r\n\d+;D'Ávila;Sim;[^\r]*\r\n/);
    const { rows } = await adminQuery<{ n: number }>(
      t.ownerUrl,
      'select count(*)::int as n from marca where assinante_id = 1',
    );
    // the header, one record per row, and the final CRLF
    expect(body.split('\r\n')).toHaveLength(rows[0]!.n + 2);
  });

  it('CSV honours the filter (accent-insensitive, quotes inlined safely) and the sort', async () => {
    const body = await csvOf(`q=${encodeURIComponent(`descricao=="*d'avila*"`)}`);
    const lines = body.split('\r\n').filter(Boolean);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain("D'Ávila");
    const hostile = await csvOf(`q=${encodeURIComponent(`descricao=="*'); drop table marca; --*"`)}`);
    expect(hostile.split('\r\n').filter(Boolean)).toHaveLength(1);
    const desc = await csvOf('sort=-descricao&q=ativo==true');
    const at = (nome: string) => desc.indexOf(`;${nome};`);
    expect(at('Maré')).toBeGreaterThan(0);
    expect(at('Maré')).toBeLessThan(at('Bosque'));
    expect(at('Bosque')).toBeLessThan(at('Aurora'));
    expect(desc).not.toContain(';Não;');
  });

  it('inlines every parameter as a literal, never as raw text', () => {
    expect(inlineParams('a = $1 and b = any($2::int[]) and c = $10', ["x'y", [1, 2], 3, 4, 5, 6, 7, 8, 9, true])).toBe(
      "a = 'x''y' and b = any('{\"1\",\"2\"}'::int[]) and c = true",
    );
    expect(() => inlineParams('a = $1', [{}])).toThrow();
  });

  it('XLSX: the rows of the list; more rows than a sheet holds → 422 pointing to CSV', async () => {
    const res = await t.app.inject({ url: '/api/v1/produto/marcas/export?format=xlsx&q=ativo==false', headers });
    expect(res.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    const header = (ws.getRow(1).values as unknown[]).slice(1);
    expect(header.slice(0, 2)).toEqual(['Código', 'Descrição']);
    expect(header).not.toContain('Versão');
    const cell = (label: string) => ws.getRow(2).getCell(header.indexOf(label) + 1);
    expect(cell('Ativo').value).toBe('Não');
    expect(typeof cell('Código').value).toBe('number');
    // dates are date cells in the Brazilian format, not text
    const alterado = header.find((h) => h === 'Alterado em' || h === 'Criado em') as string;
    expect(cell(alterado).value).toBeInstanceOf(Date);
    expect(cell(alterado).numFmt).toBe('dd/mm/yyyy hh:mm');
    const saved = exportLimits.xlsxRows;
    exportLimits.xlsxRows = 2;
    try {
      const big = await t.app.inject({ url: '/api/v1/produto/marcas/export?format=xlsx', headers });
      expect(big.statusCode).toBe(422);
      expect(big.json().reasons[0]).toMatch(/exporte em CSV ou filtre a lista/);
      expect((await t.app.inject({ url: '/api/v1/produto/marcas/export?format=csv', headers })).statusCode).toBe(200);
    } finally {
      exportLimits.xlsxRows = saved;
    }
  });
});
