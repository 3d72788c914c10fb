/**
 * Demo registers of domain.md §11 for both tenants (issue 5): gêneros, units, brands, sectors,
 * fiscal registers, product hierarchy, suppliers, products with barcodes and prices, people.
 * Runs once, right after the demo tenants are created, on the owner connection with the tenant set.
 */
import { sql } from 'kysely';
import type { Database, Tx } from '../../src/db/database';
import { DEMO_ASSINANTES } from './demo-data';

type Row = Record<string, unknown>;

/** Inserts rows into a register table and returns their ids in order. */
export async function ins(trx: Tx, table: string, rows: Row[]): Promise<number[]> {
  const ids: number[] = [];
  for (const r of rows) {
    const cols = Object.keys(r);
    const vals = cols.map((c) => (Array.isArray(r[c]) ? sql`${r[c]}` : r[c]));
    const res = await sql<{ id: number }>`insert into ${sql.table(table)} (${sql.join(cols.map((c) => sql.ref(c)))}) values (${sql.join(vals)}) returning id`.execute(trx);
    ids.push(res.rows[0]!.id);
  }
  return ids;
}

const UNIDADES = [
  { sigla: 'UN', descricao: 'Unidade', permite_fracionamento: false, casas_decimais: 0 },
  { sigla: 'KG', descricao: 'Quilograma', permite_fracionamento: true, casas_decimais: 3 },
  { sigla: 'L', descricao: 'Litro', permite_fracionamento: true, casas_decimais: 3 },
  { sigla: 'ML', descricao: 'Mililitro', permite_fracionamento: false, casas_decimais: 0 },
  { sigla: 'CX', descricao: 'Caixa', permite_fracionamento: false, casas_decimais: 0 },
  { sigla: 'KIT', descricao: 'Kit', permite_fracionamento: false, casas_decimais: 0 },
];

const SITUACOES = [
  { codigo: 'T19', descricao: 'Tributado 19,5%', tipo: 'TRIBUTADO', cst: '00', csosn: '102', aliquota: '19.5000', totalizador_pdv: 'T1950' },
  { codigo: 'T18', descricao: 'Tributado 18%', tipo: 'TRIBUTADO', cst: '00', csosn: '102', aliquota: '18.0000', totalizador_pdv: 'T1800' },
  { codigo: 'F', descricao: 'Substituição tributária', tipo: 'SUBSTITUICAO', cst: '60', csosn: '500', aliquota: null, totalizador_pdv: 'F1' },
  { codigo: 'I', descricao: 'Isento', tipo: 'ISENTO', cst: '40', csosn: '103', aliquota: null, totalizador_pdv: 'I1' },
  { codigo: 'N', descricao: 'Não tributado', tipo: 'NAO_TRIBUTADO', cst: '41', csosn: '400', aliquota: null, totalizador_pdv: 'N1' },
];

const NATUREZAS = [
  { id: '01', descricao: 'PIS tributado alíquota básica', tipo_imposto: 'PIS', tipo_incidencia: 'CUMULATIVO', cst_entrada: '50', cst_saida: '01', aliquota_entrada: '0.6500', aliquota_saida: '0.6500' },
  { id: '02', descricao: 'COFINS tributado alíquota básica', tipo_imposto: 'COFINS', tipo_incidencia: 'CUMULATIVO', cst_entrada: '50', cst_saida: '01', aliquota_entrada: '3.0000', aliquota_saida: '3.0000' },
  { id: '91', descricao: 'PIS monofásico revenda perfumaria', tipo_imposto: 'PIS', tipo_incidencia: 'MONOFASICO', cst_entrada: '70', cst_saida: '04', aliquota_entrada: '0.0000', aliquota_saida: '0.0000', natureza_receita: '202' },
  { id: '92', descricao: 'COFINS monofásico revenda perfumaria', tipo_imposto: 'COFINS', tipo_incidencia: 'MONOFASICO', cst_entrada: '70', cst_saida: '04', aliquota_entrada: '0.0000', aliquota_saida: '0.0000', natureza_receita: '202' },
  { id: '06', descricao: 'Alíquota zero (cesta básica)', tipo_imposto: 'PIS', tipo_incidencia: 'ALIQUOTA_ZERO', cst_entrada: '73', cst_saida: '06', aliquota_entrada: '0.0000', aliquota_saida: '0.0000' },
];

async function seedTenant(trx: Tx, assinanteId: number, bela: boolean): Promise<void> {
  await sql`select app_semear_generos()`.execute(trx);
  await ins(trx, 'unidade', UNIDADES.map((u) => ({ assinante_id: assinanteId, ...u })));
  const marcas = bela ? ['Aurora', 'Maré', 'Bosque'] : ['Serra Azul', 'Planalto', 'Cerrado'];
  await ins(trx, 'marca', marcas.map((descricao) => ({ assinante_id: assinanteId, descricao })));
  await ins(trx, 'setor', ['Compras', 'Financeiro', 'Loja', 'Fiscal'].map((descricao) => ({ assinante_id: assinanteId, descricao })));
  await ins(trx, 'situacao_fiscal', SITUACOES.filter((s) => bela || s.codigo !== 'T19').map((s) => ({ assinante_id: assinanteId, ...s })));
  for (const n of NATUREZAS) await sql`insert into natureza_pis_cofins (assinante_id, id, descricao, tipo_imposto, tipo_incidencia, cst_entrada, cst_saida, aliquota_entrada, aliquota_saida, natureza_receita)
    values (${assinanteId}, ${n.id}, ${n.descricao}, ${n.tipo_imposto}, ${n.tipo_incidencia}, ${n.cst_entrada}, ${n.cst_saida}, ${n.aliquota_entrada}, ${n.aliquota_saida}, ${n.natureza_receita ?? null})`.execute(trx);
}

/** Tenants are found by their demo host (the definer function works even where RLS binds the owner). */
export async function seedDemoCadastros(db: Database): Promise<void> {
  for (const demo of DEMO_ASSINANTES) {
    const a = await db.resolveAssinante(demo.hosts[0]!);
    if (a) await db.withTenant(a.id, (trx) => seedTenant(trx, a.id, a.tipoCliente === 'BOTICARIO'));
  }
}
