/**
 * POST /api/v1/produto/codigos/resolucao on the demo data: internal codes, EANs (also left-padded, as a
 * collector file writes them) and auxiliary codes with their factor resolve in one call, in the order sent;
 * an internal code wins over an auxiliary code equal to it; inactive products and codes, unknown and
 * malformed codes answer why; another tenant's codes are not found; store scope and permission hold; two
 * spellings of one padded code keep their exact matches; the lookup is an index probe under RLS.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consultaCodigos } from '../../src/modules/produto/codigos.resolver';
import { adminQuery, createTestApp, type TestApp, tenantQuery } from '../helpers/app';
import { type LoginResult, login } from '../helpers/auth';

let t: TestApp;
let ana: LoginResult;
let assinante: number;
let lojas: Record<string, number>;
const produtos: { id: number; codigoInterno: string; ean: string; sigla: string }[] = [];
const URL = '/api/v1/produto/codigos/resolucao';

const resolver = (codigos: string[], lojaId = lojas.BV01, headers = ana.headers) =>
  t.app.inject({ method: 'POST', url: URL, headers, payload: { lojaId, codigos } });
const q = async <T extends Record<string, unknown>>(text: string, params: unknown[] = []) =>
  (await tenantQuery<T>(t.ownerUrl, assinante, text, params)).rows;

beforeAll(async () => {
  t = await createTestApp();
  ana = await login(t, 'ana.admin');
  const r = await adminQuery(t.ownerUrl, `select assinante_id from usuario where username = 'ana.admin'`);
  assinante = r.rows[0]!.assinante_id as number;
  lojas = Object.fromEntries(
    (await q<{ sigla: string; id: number }>('select sigla, id from loja')).map((l) => [l.sigla, l.id]),
  );
  produtos.push(
    ...(await q<{ id: number; codigoInterno: string; ean: string; sigla: string }>(
      `select p.id, p.codigo_interno as "codigoInterno", u.sigla,
              (select c.id from codigo_auxiliar c where c.produto_id = p.id and c.tipo = 'EAN' order by c.id limit 1) as ean
         from produto p join unidade u on u.id = p.unidade_de_venda_id
        where p.ativo and p.codigo_interno is not null order by p.id limit 4`,
    )),
  );
}, 120_000);
afterAll(async () => t?.close());

describe('code resolution', () => {
  it('resolves internal codes, EANs (also padded to 14) and auxiliary codes with their factor, in order', async () => {
    const [a, b] = produtos;
    const caixa = await t.app.inject({
      method: 'POST',
      url: '/api/v1/produto/codigos-auxiliares',
      headers: ana.headers,
      payload: { id: 'CX12A', produtoId: a!.id, tipo: 'LITERAL', fator: '12' },
    });
    expect(caixa.statusCode, caixa.body).toBe(201);
    const codigos = [a!.codigoInterno, b!.ean, `0${b!.ean}`, 'CX12A', ` ${a!.codigoInterno} `, a!.codigoInterno];
    const r = await resolver(codigos);
    expect(r.statusCode, r.body).toBe(200);
    const { lojaId, itens } = r.json();
    expect(lojaId).toBe(lojas.BV01);
    expect(itens.map((i: { codigo: string }) => i.codigo)).toEqual(codigos);
    const comum = { ativoNaLoja: true, motivo: null, casasDecimais: 0 };
    expect(itens[0]).toMatchObject({
      ...comum,
      produtoId: a!.id,
      origem: 'CODIGO_INTERNO',
      fator: '1',
      unidade: a!.sigla,
    });
    expect(itens[1]).toMatchObject({ ...comum, produtoId: b!.id, origem: 'EAN', fator: '1', unidade: b!.sigla });
    expect(itens[2]).toMatchObject({ produtoId: b!.id, origem: 'EAN' });
    expect(itens[3]).toMatchObject({ ...comum, produtoId: a!.id, origem: 'LITERAL', fator: '12' });
    expect(itens[4]).toMatchObject({ produtoId: a!.id, origem: 'CODIGO_INTERNO' });
    expect(itens[5]).toEqual(itens[0]);
    expect(typeof itens[0].descricao).toBe('string');
  });

  it("the internal code wins over an auxiliary code spelled the same (the consulta endpoint's rule)", async () => {
    const [a, , c] = produtos;
    await q(`insert into codigo_auxiliar (id, produto_id, tipo, fator) values ($1, $2, 'NUMERICO', 6)`, [
      c!.codigoInterno,
      a!.id,
    ]);
    const consulta = await t.app.inject({
      method: 'GET',
      url: `/api/v1/produto/produtos/consulta/${c!.codigoInterno}`,
      headers: ana.headers,
    });
    const [item] = (await resolver([c!.codigoInterno])).json().itens;
    expect(item).toMatchObject({ produtoId: c!.id, origem: 'CODIGO_INTERNO', fator: '1' });
    expect(consulta.json().id).toBe(c!.id);
  });

  it('two spellings of one padded code each prefer their exact match; else the lowest product', async () => {
    const [a, b] = produtos;
    await q(
      `insert into codigo_auxiliar (id, produto_id, tipo) values ('0A55', $1, 'LITERAL'), ('A55', $2, 'LITERAL')`,
      [Math.max(a!.id, b!.id), Math.min(a!.id, b!.id)],
    );
    const itens = (await resolver(['0A55', 'A55', '00A55'])).json().itens;
    expect(itens.map((i: { produtoId: number }) => i.produtoId)).toEqual([
      Math.max(a!.id, b!.id),
      Math.min(a!.id, b!.id),
      Math.min(a!.id, b!.id),
    ]);
  });

  it('under the tenant policy a code is an index probe on the stored key, never a catalogue scan', async () => {
    // lpad(…) is not LEAKPROOF: under RLS it could not be an index condition, whatever index existed
    const c = consultaCodigos(['07891234567895']);
    const client = new pg.Client({ connectionString: t.appUrl });
    await client.connect();
    try {
      await client.query(
        `begin; select set_config('app.assinante_id', '${assinante}', true); set local enable_seqscan = off`,
      );
      const plano = JSON.stringify(
        (await client.query(`explain (format json) ${c.sql}`, c.parameters as unknown[])).rows,
      );
      await client.query('rollback');
      expect(plano).toContain('produto_chave_codigo_idx');
      expect(plano).toContain('codigo_auxiliar_chave_codigo_idx');
      expect(plano).not.toMatch(/"Seq Scan"/);
    } finally {
      await client.end();
    }
  });

  it('answers why a code cannot be used: inactive product, inactive code, unknown, malformed', async () => {
    const d = produtos[3]!;
    await q('update produto set ativo = false where id = $1', [d.id]);
    await q(`insert into codigo_auxiliar (id, produto_id, tipo, ativo) values ('VELHO1', $1, 'LITERAL', false)`, [
      produtos[0]!.id,
    ]);
    const r = await resolver([d.codigoInterno, d.ean, 'VELHO1', '7891234567895', 'ABC-1', '123456789012345', '']);
    const itens = r.json().itens;
    expect(itens[0]).toMatchObject({ produtoId: d.id, ativoNaLoja: false, motivo: 'Produto inativo na loja.' });
    expect(itens[1]).toMatchObject({ produtoId: d.id, motivo: 'Produto inativo na loja.' });
    expect(itens[2]).toMatchObject({ produtoId: produtos[0]!.id, motivo: 'Código auxiliar inativo.' });
    expect(itens[3]).toMatchObject({ produtoId: null, ativoNaLoja: false, motivo: 'Código não encontrado.' });
    for (const i of itens.slice(4)) expect(i.motivo).toBe('Código inválido: use até 14 letras ou dígitos.');
  });

  it("another tenant's codes are not found; a code both tenants hold names each its own product", async () => {
    const marta = await login(t, 'marta.admin', 'mercadao.localhost');
    const [mb01] = (await adminQuery(t.ownerUrl, `select l.id, l.assinante_id from loja l where l.sigla = 'MB01'`))
      .rows as { id: number; assinante_id: number }[];
    await q(`insert into codigo_auxiliar (id, produto_id, tipo) values ('SOBV', $1, 'LITERAL')`, [produtos[0]!.id]);
    const ean = produtos[1]!.ean; // the demo EANs repeat in every tenant
    const [deMarta] = (
      await adminQuery(t.ownerUrl, 'select produto_id from codigo_auxiliar where assinante_id = $1 and id = $2', [
        mb01!.assinante_id,
        ean,
      ])
    ).rows as { produto_id: number }[];
    const r = await resolver(['SOBV', ean], mb01!.id, marta.headers);
    expect(r.statusCode, r.body).toBe(200);
    const [sobv, comum] = r.json().itens;
    expect(sobv).toMatchObject({ produtoId: null, motivo: 'Código não encontrado.' });
    expect(comum.produtoId).toBe(deMarta?.produto_id ?? null);
    expect((await resolver(['SOBV'])).json().itens[0].produtoId).toBe(produtos[0]!.id);
  });

  it('store scope and permission: a store outside the user’s is 403 naming it; no product access is 403', async () => {
    const gabi = await login(t, 'gabi.consulta'); // every *_ACESSO, BV01 only
    expect((await resolver(['1'], lojas.BV01, gabi.headers)).statusCode).toBe(200);
    const fora = await resolver(['1'], lojas.BV02, gabi.headers);
    expect(fora.statusCode).toBe(403);
    expect(fora.json().message).toBe('Você não tem acesso à loja BV02.');
    const fabio = await login(t, 'fabio.gerente'); // no PRODUTO permission
    expect((await resolver(['1'], lojas.BV02, fabio.headers)).statusCode).toBe(403);
  });

  it('bounds the call: 10 000 codes at most, each a text of at most 64 characters, a store given', async () => {
    const muitos = await resolver(Array.from({ length: 10_001 }, (_, i) => String(i)));
    expect(muitos.statusCode).toBe(422);
    expect(JSON.stringify(muitos.json())).toContain('no máximo 10000 códigos');
    expect((await resolver(['x'.repeat(65)])).statusCode).toBe(422);
    const semLoja = await t.app.inject({ method: 'POST', url: URL, headers: ana.headers, payload: { codigos: ['1'] } });
    expect(semLoja.statusCode).toBe(422);
    const ok = await resolver(Array.from({ length: 10_000 }, (_, i) => String(1000 + (i % 50))));
    expect(ok.statusCode).toBe(200);
    expect(ok.json().itens).toHaveLength(10_000);
  });
});
