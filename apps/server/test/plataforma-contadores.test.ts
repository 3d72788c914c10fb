/** Inconsistency counters (spec §4, §6, §7 "Counters and holdings"): permissions and store scope. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminQuery, createTestApp, type TestApp } from './helpers/app';
import { login } from './helpers/auth';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

async function get(username: string, url: string, host = 'localhost') {
  const u = await login(t, username, host);
  return t.app.inject({ method: 'GET', url, headers: u.headers });
}

describe('contadores', () => {
  it('pendências da subida de vendas: agrupadas por tipo de erro, nas lojas do usuário', async () => {
    expect((await get('ana.admin', '/api/v1/pdv/pendencias')).json()).toEqual({ total: 3 });
    expect((await get('fabio.gerente', '/api/v1/pdv/pendencias')).json()).toEqual({ total: 3 });
    expect((await get('marta.admin', '/api/v1/pdv/pendencias', 'mercadao.localhost')).json()).toEqual({ total: 0 });
    const negado = await get('carlos.fiscal', '/api/v1/pdv/pendencias');
    expect(negado.statusCode).toBe(403);
  });

  it('inconsistências de produto por tipo (SEM_CEST incluído; o cliente o exclui da soma)', async () => {
    const res = await get('carlos.fiscal', '/api/v1/produto/inconsistencias-produto');
    expect(res.json()).toEqual({
      items: [
        { tipoInconsistencia: 'CST_INCOMPATIVEL_CRT', quantidade: 1 },
        { tipoInconsistencia: 'NCM_INEXISTENTE_OU_VENCIDO', quantidade: 3 },
        { tipoInconsistencia: 'SEM_CEST', quantidade: 5 },
        { tipoInconsistencia: 'SEM_NATUREZA_RECEITA', quantidade: 2 },
      ],
    });
    const mercadao = await get('marta.admin', '/api/v1/produto/inconsistencias-produto', 'mercadao.localhost');
    expect(mercadao.json()).toEqual({ items: [{ tipoInconsistencia: 'SEM_CEST', quantidade: 2 }] });
    expect((await get('fabio.gerente', '/api/v1/produto/inconsistencias-produto')).statusCode).toBe(403);
  });

  it('demo: os NCMs das inconsistências são de fato vencido/inexistentes na tabela oficial', async () => {
    const { rows } = await adminQuery(
      t.ownerUrl,
      `select codigo, data_fim < current_date as vencido from ncm_oficial where codigo in ('39139050', '33079099', '34019099')`,
    );
    expect(rows).toEqual([{ codigo: '39139050', vencido: true }]);
  });

  it('inconsistências de tributação: produtos sem cenário fiscal numa loja do usuário', async () => {
    expect((await get('carlos.fiscal', '/api/v1/produto/inconsistencias-tributacao')).json()).toEqual({ total: 1 });
    expect((await get('diego.estoque', '/api/v1/produto/inconsistencias-tributacao')).statusCode).toBe(403);
  });

  it('linhas de outra loja não contam para quem não a tem', async () => {
    await adminQuery(
      t.ownerUrl,
      `insert into inconsistencia_produto (assinante_id, loja_id, descricao, tipo)
       select l.assinante_id, l.id, 'Teste BV03', 'SEM_REGIME_ESTADUAL_LOJA' from loja l where l.sigla = 'BV03'`,
    );
    const gabi = (await get('gabi.consulta', '/api/v1/produto/inconsistencias-produto')).json();
    expect(
      gabi.items.find((i: { tipoInconsistencia: string }) => i.tipoInconsistencia === 'SEM_REGIME_ESTADUAL_LOJA'),
    ).toBeUndefined();
    const ana = (await get('ana.admin', '/api/v1/produto/inconsistencias-produto')).json();
    expect(ana.items).toContainEqual({ tipoInconsistencia: 'SEM_REGIME_ESTADUAL_LOJA', quantidade: 1 });
  });

  it('por loja: contadores permitidos, os outros nulos', async () => {
    const fabio = (await get('fabio.gerente', '/api/v1/pdv/erros-subida-venda')).json();
    expect(fabio.items).toEqual([
      {
        lojaId: expect.any(Number),
        sigla: 'BV02',
        fantasia: expect.any(String),
        errosDeSubidaDeVenda: 4,
        inconsistenciasDeVenda: 3,
        inconsistenciasDeTributacao: null,
        inconsistenciasDeProduto: null,
      },
    ]);
    const ana = (await get('ana.admin', '/api/v1/pdv/erros-subida-venda')).json();
    const bv01 = ana.items.find((i: { sigla: string }) => i.sigla === 'BV01');
    expect(bv01).toMatchObject({ errosDeSubidaDeVenda: 5, inconsistenciasDeVenda: 2, inconsistenciasDeTributacao: 1 });
    // product-level rows (no store) count in every store; SEM_CEST stays out as in the header
    expect(bv01.inconsistenciasDeProduto).toBe(6);
    expect((await get('diego.estoque', '/api/v1/pdv/erros-subida-venda')).statusCode).toBe(403);
  });
});
