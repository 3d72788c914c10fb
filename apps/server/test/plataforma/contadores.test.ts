/** Inconsistency counters (spec §4, §6, §7 "Counters and holdings"): permissions and store scope. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminQuery, createTestApp, type TestApp } from '../helpers/app';
import { login } from '../helpers/auth';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

async function get(username: string, url: string, host = 'localhost') {
  const u = await login(t, username, host);
  return t.app.inject({ method: 'GET', url, headers: u.headers });
}

/** the detection's rows of a tenant per type (what the counters must answer) */
async function porTipo(assinante: string): Promise<{ tipoInconsistencia: string; quantidade: number }[]> {
  const { rows } = await adminQuery<{ tipoInconsistencia: string; quantidade: number }>(
    t.ownerUrl,
    `select tipo as "tipoInconsistencia", count(*)::int as quantidade from inconsistencia_produto i
      join assinante a on a.id = i.assinante_id
     where a.nome = $1 and i.resolvida_em is null and tipo <> 'SEM_CENARIO_FISCAL' group by tipo order by tipo`,
    [assinante],
  );
  return rows;
}

/** open rows of Bela Vida matching a condition on the row (i) and its store (l) */
async function contar(onde: string): Promise<number> {
  const { rows } = await adminQuery<{ n: number }>(
    t.ownerUrl,
    `select count(*)::int as n from inconsistencia_produto i join assinante a on a.id = i.assinante_id
       left join loja l on l.id = i.loja_id
      where a.nome = 'Bela Vida' and i.resolvida_em is null and ${onde}`,
  );
  return rows[0]!.n;
}

describe('contadores', () => {
  it('pendências da subida de vendas: as transações pendentes, nas lojas do usuário', async () => {
    // the demo's 9 pending sales, 4 of them in BV02 (a reprocessed one does not count)
    expect((await get('ana.admin', '/api/v1/pdv/pendencias')).json()).toEqual({ total: 9 });
    expect((await get('fabio.gerente', '/api/v1/pdv/pendencias')).json()).toEqual({ total: 4 });
    expect((await get('marta.admin', '/api/v1/pdv/pendencias', 'mercadao.localhost')).json()).toEqual({ total: 0 });
    const negado = await get('carlos.fiscal', '/api/v1/pdv/pendencias');
    expect(negado.statusCode).toBe(403);
  });

  it('inconsistências de produto por tipo: as que a detecção encontrou (SEM_CEST incluído; o cliente o exclui da soma)', async () => {
    const res = await get('carlos.fiscal', '/api/v1/produto/inconsistencias-produto');
    const bela = await porTipo('Bela Vida');
    expect(res.json()).toEqual({ items: bela });
    // the demo has products without CEST whose NCM is in the CEST annexes
    expect(bela.find((i) => i.tipoInconsistencia === 'SEM_CEST')?.quantidade).toBeGreaterThan(0);
    const mercadao = await get('marta.admin', '/api/v1/produto/inconsistencias-produto', 'mercadao.localhost');
    expect(mercadao.json()).toEqual({ items: await porTipo('Mercadão Bom Preço') });
    expect((await get('fabio.gerente', '/api/v1/produto/inconsistencias-produto')).statusCode).toBe(403);
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
    const semRegime = (items: { tipoInconsistencia: string; quantidade: number }[]) =>
      items.find((i) => i.tipoInconsistencia === 'SEM_REGIME_ESTADUAL_LOJA')?.quantidade ?? 0;
    const gabi = (await get('gabi.consulta', '/api/v1/produto/inconsistencias-produto')).json();
    expect(semRegime(gabi.items)).toBe(await contar(`i.tipo = 'SEM_REGIME_ESTADUAL_LOJA' and l.sigla = 'BV01'`));
    const ana = (await get('ana.admin', '/api/v1/produto/inconsistencias-produto')).json();
    expect(semRegime(ana.items)).toBe(await contar(`i.tipo = 'SEM_REGIME_ESTADUAL_LOJA'`));
    expect(semRegime(ana.items)).toBe(
      semRegime(gabi.items) + (await contar(`i.tipo = 'SEM_REGIME_ESTADUAL_LOJA' and l.sigla <> 'BV01'`)),
    );
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
    expect(bv01.inconsistenciasDeProduto).toBe(
      await contar(`i.tipo not in ('SEM_CENARIO_FISCAL', 'SEM_CEST') and (i.loja_id is null or l.sigla = 'BV01')`),
    );
    expect((await get('diego.estoque', '/api/v1/pdv/erros-subida-venda')).statusCode).toBe(403);
  });
});
