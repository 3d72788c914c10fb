/**
 * Demo state ICMS regimes (domain §3.3) and NCM groups, so the product form's "Regime tributário por loja", the
 * Regime tributário list, the NCM screen's group and its "Grupos de NCM" tab show real rows:
 * - per UF of the tenant's stores, one regime per kind of taxation its products have (tributado, ST, isento),
 *   at the UF's internal rate (the table the tax engine falls back to; demo values, check before real use);
 * - every demo product linked, in each store, to the regime of its kind in that store's UF — except the last
 *   product in the last store, left without one on purpose so the inconsistency screens keep showing
 *   "Sem regime tributário estadual na loja" with demo data;
 * - NCM groups over exact codes or prefixes of the demo products' NCMs. Bela Vida's groups leave 3303.00.10 and
 *   the 3304 prefix free: the NCM-group API tests build their own groups there.
 * Written straight to the tables on the owner connection with the tenant set, like the other demo seeds.
 */
import { ALIQUOTA_INTERNA, type Uf } from '@retaguarda/domain';
import { sql } from 'kysely';
import type { Database, Tx } from '../../src/db/database';
import { ins } from './demo-cadastros';
import { DEMO_ASSINANTES } from './demo-data';

type Tipo = 'TRIBUTADO' | 'ST' | 'ISENTO';

/** The regime kind of a product, from the código of its exit situação fiscal. */
const tipoDaSituacao = (codigo: string | null): Tipo =>
  codigo === 'F' ? 'ST' : codigo === 'I' ? 'ISENTO' : 'TRIBUTADO';

/** Demo MVA of the ST regimes (the protocols' MVA changes per product and UF). */
const MVA_ST = '71.78';

const GRUPOS_NCM: Record<'bela' | 'mercadao', { descricao: string; ncms: string[] }[]> = {
  bela: [
    { descricao: 'Águas-de-colônia (ST e monofásico)', ncms: ['33030020'] },
    { descricao: 'Higiene pessoal', ncms: ['3305', '3307', '3401'] },
  ],
  mercadao: [
    { descricao: 'Cesta básica', ncms: ['10063021', '07133399', '04012010', '09012100', '17019900', '15079011'] },
    { descricao: 'Bebidas (ST)', ncms: ['2202', '2203'] },
    { descricao: 'Hortifrúti, padaria e açougue', ncms: ['0803', '1905', '0201'] },
  ],
};

function regime(tipo: Tipo, uf: Uf, situacoes: Map<string, number>, bela: boolean) {
  const aliquota = ALIQUOTA_INTERNA[uf];
  const base = { uf, aliquota_icms: aliquota, modalidade_bc: 3 };
  if (tipo === 'ST')
    return {
      ...base,
      descricao: `ST ${bela ? 'PERFUMARIA' : 'BEBIDAS'} ${uf}`,
      situacao_fiscal_saida_id: situacoes.get('F')!,
      modalidade_bc_st: 4,
      mva: MVA_ST,
      aliquota_icms_st: aliquota,
    };
  if (tipo === 'ISENTO')
    return {
      ...base,
      descricao: `ISENTO HORTIFRÚTI ${uf}`,
      aliquota_icms: '0',
      situacao_fiscal_saida_id: situacoes.get('I')!,
    };
  return {
    ...base,
    descricao: `TRIBUTADO ${aliquota.replace('.', ',')}% ${uf}`,
    situacao_fiscal_saida_id: situacoes.get(bela ? 'T19' : 'T18')!,
  };
}

async function seedTenant(trx: Tx, assinanteId: number, bela: boolean): Promise<void> {
  const situacoes = new Map(
    (
      await sql<{ codigo: string; id: number }>`select codigo, id from situacao_fiscal
        where assinante_id = ${assinanteId}`.execute(trx)
    ).rows.map((r) => [r.codigo, r.id]),
  );
  const lojas = (
    await sql<{ id: number; uf: Uf }>`select id, uf from loja where assinante_id = ${assinanteId} order by id`.execute(
      trx,
    )
  ).rows;
  const produtos = (
    await sql<{ id: number; situacao: string | null }>`select p.id, s.codigo as situacao from produto p
      left join situacao_fiscal s on s.assinante_id = p.assinante_id and s.id = p.situacao_fiscal_saida_id
      where p.assinante_id = ${assinanteId} order by p.id`.execute(trx)
  ).rows;

  const regimes = new Map<string, number>();
  for (const uf of [...new Set(lojas.map((l) => l.uf))].sort())
    for (const tipo of [...new Set(produtos.map((p) => tipoDaSituacao(p.situacao)))].sort()) {
      const [id] = await ins(trx, 'regime_tributario', [
        { assinante_id: assinanteId, ...regime(tipo, uf, situacoes, bela) },
      ]);
      regimes.set(`${uf}:${tipo}`, id!);
    }

  const vinculos = produtos.flatMap((p, i) =>
    lojas
      .filter((_l, j) => !(i === produtos.length - 1 && j === lojas.length - 1))
      .map((l) => ({ produto: p.id, loja: l.id, regime: regimes.get(`${l.uf}:${tipoDaSituacao(p.situacao)}`)! })),
  );
  // one statement: the inconsistency trigger runs once for all the links
  await sql`insert into produto_regime (assinante_id, produto_id, loja_id, regime_estadual_id)
    select ${assinanteId}, x.produto, x.loja, x.regime
      from unnest(${vinculos.map((v) => v.produto)}::int[], ${vinculos.map((v) => v.loja)}::int[],
                  ${vinculos.map((v) => v.regime)}::int[]) as x(produto, loja, regime)`.execute(trx);

  for (const g of GRUPOS_NCM[bela ? 'bela' : 'mercadao']) {
    const [grupoId] = await ins(trx, 'grupo_ncm', [{ assinante_id: assinanteId, descricao: g.descricao }]);
    for (const [ordem, ncm] of g.ncms.entries())
      await ins(trx, 'grupo_ncm_item', [{ assinante_id: assinanteId, grupo_ncm_id: grupoId, ordem, ncm }]);
  }
}

export async function seedDemoRegimesGruposNcm(db: Database): Promise<void> {
  for (const demo of DEMO_ASSINANTES) {
    const a = await db.resolveAssinante(demo.hosts[0]!);
    if (a) await db.withTenant(a.id, (trx) => seedTenant(trx, a.id, a.tipoCliente === 'BOTICARIO'));
  }
}
