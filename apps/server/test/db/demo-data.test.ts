import { ALL_PERMISSION_CODES, cnpjValido, cpfValido, hojeNaZona, zonaDaLoja } from '@retaguarda/domain';
import { verify } from '@node-rs/argon2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../db/seed/demo-data';
import { adminQuery, createTestApp, type TestApp } from '../helpers/app';
import { login } from '../helpers/auth';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('demo data', () => {
  it("no demo stock movement is dated after its store's own today (the seed once used the UTC date)", async () => {
    const { rows } = await adminQuery<{ sigla: string; uf: string; codigo_ibge: string | null; ultima: string }>(
      t.ownerUrl,
      `select l.sigla, l.uf, l.codigo_ibge, max(m.data)::text as ultima from movimento_estoque m
         join loja l on l.assinante_id = m.assinante_id and l.id = m.loja_id
        group by l.assinante_id, l.id`,
    );
    expect(rows.length).toBeGreaterThan(0);
    // the template was seeded a moment ago: its stores' today is now's (or, at midnight, yesterday's)
    for (const r of rows) {
      const hoje = hojeNaZona(zonaDaLoja({ uf: r.uf, codigoIbge: r.codigo_ibge }));
      expect(r.ultima <= hoje, `${r.sigla}: ${r.ultima} > ${hoje}`).toBe(true);
    }
  });

  it('loads the two tenants with their stores and valid CNPJs', async () => {
    const { rows } = await adminQuery<{ sigla: string; numero_do_documento: string; crt: number }>(
      t.ownerUrl,
      'select sigla, numero_do_documento, crt from loja order by sigla',
    );
    expect(rows.map((r) => r.sigla)).toEqual(['BV01', 'BV02', 'BV03', 'BV04', 'MB01', 'MB02', 'MB03']);
    for (const r of rows) expect(cnpjValido(r.numero_do_documento), r.sigla).toBe(true);
    expect(rows.find((r) => r.sigla === 'BV04')!.crt).toBe(1);
  });

  it('demo users have valid CPFs, the documented password and exactly one principal store', async () => {
    const { rows } = await adminQuery<{ username: string; cpf: string; senha_hash: string; principais: number }>(
      t.ownerUrl,
      `select u.username, u.cpf, u.senha_hash,
              (select count(*)::int from usuario_loja ul where ul.usuario_id = u.id and ul.principal) as principais
         from usuario u`,
    );
    expect(rows.length).toBe(12);
    for (const r of rows) {
      expect(cpfValido(r.cpf), r.username).toBe(true);
      expect(r.principais, r.username).toBe(1);
    }
    expect(await verify(rows[0]!.senha_hash, DEMO_PASSWORD)).toBe(true);
  });

  it('administrators hold every permission through the Administradores group', async () => {
    const { rows } = await adminQuery<{ permissao: string }>(
      t.ownerUrl,
      `select gp.permissao from usuario u join grupo_membro gm on gm.usuario_id = u.id
         join grupo_permissao gp on gp.grupo_id = gm.grupo_id where u.username = 'ana.admin'`,
    );
    expect(new Set(rows.map((r) => r.permissao))).toEqual(ALL_PERMISSION_CODES);
  });

  it('flags igor.novo for a password reset and henrique.inativo as inactive', async () => {
    const { rows } = await adminQuery<{ username: string; ativo: boolean; force_password_reset: boolean }>(
      t.ownerUrl,
      `select username, ativo, force_password_reset from usuario where username in ('igor.novo', 'henrique.inativo') order by username`,
    );
    expect(rows).toEqual([
      { username: 'henrique.inativo', ativo: false, force_password_reset: false },
      { username: 'igor.novo', ativo: true, force_password_reset: true },
    ]);
  });

  it('every register a screen or a sync script walks has demo rows in both tenants', async () => {
    const { rows } = await adminQuery<{
      nome: string;
      subgrupos_vazios: number;
      sem_subgrupo: number;
      familias: number;
      mixes: number;
      similares: number;
      funcionarios: number;
      cpfs: string[];
    }>(
      t.ownerUrl,
      `select a.nome,
              (select count(*)::int from grupo_produto g where g.assinante_id = a.id
                 and not exists (select 1 from subgrupo s where s.grupo_id = g.id)) as subgrupos_vazios,
              (select count(*)::int from produto p where p.assinante_id = a.id and p.subgrupo_id is null) as sem_subgrupo,
              (select count(*)::int from familia_produto f where f.assinante_id = a.id and cardinality(f.produtos_ids) > 0) as familias,
              (select count(*)::int from mix m where m.assinante_id = a.id and cardinality(m.produtos_ids) > 0
                 and cardinality(m.lojas_ids) > 0) as mixes,
              (select count(*)::int from similar_produto s where s.assinante_id = a.id and cardinality(s.produtos_ids) > 1) as similares,
              (select count(*)::int from funcionario f where f.assinante_id = a.id) as funcionarios,
              (select array_agg(cpf) from funcionario f where f.assinante_id = a.id) as cpfs
         from assinante a order by a.nome`,
    );
    expect(rows).toHaveLength(2);
    for (const r of rows) {
      expect(r, r.nome).toMatchObject({
        subgrupos_vazios: 0,
        sem_subgrupo: 0,
        familias: 1,
        mixes: 1,
        similares: 1,
        funcionarios: 3,
      });
      for (const cpf of r.cpfs) expect(cpfValido(cpf), cpf).toBe(true);
    }
  });

  it('the product form shows a regime per store and the NCM screen a group, in both tenants', async () => {
    for (const [username, host] of [
      ['ana.admin', 'localhost'],
      ['marta.admin', 'mercadao.localhost'],
    ] as const) {
      const { headers } = await login(t, username, host);
      const get = async (url: string) => (await t.app.inject({ method: 'GET', url, headers })).json();
      const lojas = (await get('/api/v1/pessoa/lojas?sort=id')).items as { id: number; uf: string }[];
      const regimes = (await get('/api/v1/fiscal/regimes-tributarios?count=100')).items as { id: number; uf: string }[];
      expect(new Set(regimes.map((r) => r.uf)), username).toEqual(new Set(lojas.map((l) => l.uf)));
      const produto = (await get('/api/v1/produto/produtos?sort=id&count=1')).items[0];
      const form = await get(`/api/v1/produto/produtos/${produto.id}`);
      expect(form.regimesDoProduto.map((r: { lojaId: number }) => r.lojaId).sort(), username).toEqual(
        lojas.map((l) => l.id).sort(),
      );
      for (const r of form.regimesDoProduto as { lojaId: number; regimeEstadualId: number }[])
        expect(regimes.find((x) => x.id === r.regimeEstadualId)?.uf).toBe(lojas.find((l) => l.id === r.lojaId)?.uf);
      const ncm = await get(`/api/v1/fiscal/ncms/${form.ncmId}`);
      expect(ncm.grupoNcmId, `${username} NCM ${form.ncmId}`).not.toBeNull();
      const grupos = await get('/api/v1/fiscal/grupos-ncm?count=100');
      expect(grupos.total, username).toBeGreaterThanOrEqual(2);
    }
    // one product is left without a regime in one store: the inconsistency screens have that case to show
    const { rows } = await adminQuery<{ n: number }>(
      t.ownerUrl,
      `select count(*)::int as n from inconsistencia_produto where tipo = 'SEM_REGIME_ESTADUAL_LOJA'`,
    );
    expect(rows[0]!.n).toBe(2);
  });
});
