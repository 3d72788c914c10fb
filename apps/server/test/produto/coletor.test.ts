/**
 * Collector files (issue #25.1) on the demo data: a pasted "EAN;QTD" list and an uploaded XLSX are read by
 * the one reader, their codes resolved in the store with the pack factor applied; unknown codes and
 * unreadable lines say why; layouts are saved per tenant and read by name; scope and permission hold.
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminQuery, createTestApp, type TestApp, tenantQuery } from '../helpers/app';
import { type LoginResult, login } from '../helpers/auth';

let t: TestApp;
let ana: LoginResult;
let assinante: number;
let lojaId: number;
let p: { id: number; ean: string };
const LEITURA = '/api/v1/produto/coletor/leituras';
const LAYOUTS = '/api/v1/produto/coletor/layouts';

const ler = (payload: Record<string, unknown>, headers = ana.headers) =>
  t.app.inject({ method: 'POST', url: LEITURA, headers, payload: { lojaId, ...payload } });

beforeAll(async () => {
  t = await createTestApp();
  ana = await login(t, 'ana.admin');
  assinante = (await adminQuery(t.ownerUrl, `select assinante_id from usuario where username = 'ana.admin'`)).rows[0]!
    .assinante_id as number;
  const q = async (sql: string) => (await tenantQuery(t.ownerUrl, assinante, sql)).rows;
  lojaId = (await q(`select id from loja where sigla = 'BV01'`))[0]!.id as number;
  const r = await q(`select p.id, c.id as ean from produto p join codigo_auxiliar c on c.produto_id = p.id
      join unidade u on u.id = p.unidade_de_venda_id
     where p.ativo and c.ativo and c.tipo = 'EAN' and not u.permite_fracionamento order by p.id limit 1`);
  p = { id: r[0]!.id as number, ean: r[0]!.ean as string };
  const caixa = await t.app.inject({
    method: 'POST',
    url: '/api/v1/produto/codigos-auxiliares',
    headers: ana.headers,
    payload: { id: 'CXCOL12', produtoId: p.id, tipo: 'LITERAL', fator: '12' },
  });
  expect(caixa.statusCode, caixa.body).toBe(201);
}, 120_000);
afterAll(async () => t?.close());

describe('collector files', () => {
  it('a pasted EAN;QTD list: codes resolved, the box code counts its factor, bad lines named', async () => {
    const r = await ler({ texto: `${p.ean};2\nCXCOL12;1\n0000000000000;1\n${p.ean};x\n` });
    expect(r.statusCode, r.body).toBe(200);
    const { itens, falhas } = r.json();
    expect(itens).toHaveLength(3);
    expect(itens[0]).toMatchObject({ linha: 1, produtoId: p.id, quantidade: '2', motivo: null });
    expect(itens[1]).toMatchObject({ linha: 2, produtoId: p.id, quantidadeLida: '1', quantidade: '12' });
    expect(itens[2]).toMatchObject({ linha: 3, produtoId: null, quantidade: null, motivo: 'Código não encontrado.' });
    expect(falhas).toEqual([{ linha: 4, mensagem: 'quantidade "x" inválida.' }]);
  });

  it('an uploaded XLSX read by a saved layout', async () => {
    const salvo = await t.app.inject({
      method: 'POST',
      url: LAYOUTS,
      headers: ana.headers,
      payload: {
        nome: 'Planilha compras',
        layout: { formato: 'XLSX', colunaCodigo: 2, colunaQuantidade: 3, linhasIgnoradas: 1 },
      },
    });
    expect(salvo.statusCode, salvo.body).toBe(200);
    const lista = await t.app.inject({ method: 'GET', url: LAYOUTS, headers: ana.headers });
    expect(lista.json().items.map((l: { nome: string }) => l.nome)).toEqual(['EAN;QTD', 'Planilha compras']);

    const livro = new ExcelJS.Workbook();
    const folha = livro.addWorksheet('Itens');
    folha.addRow(['Item', 'EAN', 'Quantidade']);
    folha.addRow([1, p.ean, 5]);
    const bytes = Buffer.from(await livro.xlsx.writeBuffer());
    const up = await t.app.inject({
      method: 'POST',
      url: '/api/v1/arquivos?tipo=coletor&nome=contagem.xlsx',
      headers: { ...ana.headers, 'content-type': 'application/octet-stream' },
      payload: bytes,
    });
    expect(up.statusCode, up.body).toBe(201);
    const r = await ler({ arquivoId: up.json().id, layoutNome: 'Planilha compras' });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().itens).toEqual([
      expect.objectContaining({ linha: 2, codigo: p.ean, produtoId: p.id, quantidade: '5', motivo: null }),
    ]);
  });

  it('refusals: neither file nor text, unknown layout, another store, invalid layout', async () => {
    expect((await ler({})).statusCode).toBe(422);
    const semLayout = await ler({ texto: 'x', layoutNome: 'Não existe' });
    expect(semLayout.statusCode).toBe(422);
    expect(semLayout.json().erros[0].campo).toBe('layoutNome');
    const invalido = await t.app.inject({
      method: 'POST',
      url: LAYOUTS,
      headers: ana.headers,
      payload: { nome: 'x', layout: { formato: 'DELIMITADO', separador: '', colunaCodigo: 0 } },
    });
    expect(invalido.statusCode).toBe(422);
    const outra = await ler({ lojaId: 999_999, texto: 'x' });
    expect(outra.statusCode).toBe(403);
  });

  it('a layout is deleted by its name (a name of digits too), audited; an unknown one is 404', async () => {
    const layout = { formato: 'DELIMITADO', separador: ';', colunaCodigo: 1, colunaQuantidade: 2 };
    const salvo = await t.app.inject({
      method: 'POST',
      url: LAYOUTS,
      headers: ana.headers,
      payload: { nome: '2026', layout },
    });
    expect(salvo.statusCode, salvo.body).toBe(200);
    const fora = await t.app.inject({ method: 'DELETE', url: `${LAYOUTS}/2026`, headers: ana.headers });
    expect(fora.statusCode, fora.body).toBe(200);
    expect(fora.json()).toEqual({ nome: '2026' });
    const lista = await t.app.inject({ method: 'GET', url: LAYOUTS, headers: ana.headers });
    expect(lista.json().items.map((l: { nome: string }) => l.nome)).not.toContain('2026');
    const auditoria = await adminQuery(
      t.ownerUrl,
      `select operacao from auditoria where assinante_id = $1 and entidade = 'layout_coletor' and entidade_id = '2026'
        order by id`,
      [assinante],
    );
    expect(auditoria.rows.map((r) => r.operacao)).toEqual(['INCLUSAO', 'EXCLUSAO']);
    const deNovo = await t.app.inject({ method: 'DELETE', url: `${LAYOUTS}/2026`, headers: ana.headers });
    expect(deNovo.statusCode).toBe(404);
    expect(deNovo.json().message).toBe('layout de coletor "2026" não encontrado.');
  });
});
