/**
 * Demo data for the product and people registers the first seeds left empty (daily-use issue: every register a
 * screen or an integration reads shows something): subgrupos under every grupo (a sync script walks seções →
 * grupos → subgrupos), a família with quantity prices, a mix with stores and products, a set of similares and
 * funcionários per store. Names are fictitious; CPFs carry valid check digits (domain §11). Every read names the
 * tenant: the seed may run as a role RLS does not bind.
 */
import { sql } from 'kysely';
import type { Database, Tx } from '../../src/db/database';
import { ins } from './demo-cadastros';
import { DEMO_ASSINANTES } from './demo-data';

const SUBGRUPOS: Record<string, string> = {
  Colônias: 'Florais',
  'Cuidados com o corpo': 'Hidratantes',
  Cabelos: 'Shampoos',
  Grãos: 'Arroz e feijão',
  Laticínios: 'Leites',
  Matinais: 'Café e açúcar',
  Óleos: 'Óleos vegetais',
  Refrigerantes: 'Refrigerantes 2 L',
  Cervejas: 'Cervejas em lata',
  Frutas: 'Frutas da estação',
  Pães: 'Pães franceses',
  Bovinos: 'Cortes bovinos',
};

/** A CPF from its first nine digits (the two check digits computed). */
export function cpfComDigitos(base9: string): string {
  let d = base9;
  for (const peso of [10, 11]) {
    const soma = [...d].reduce((s, c, i) => s + Number(c) * (peso - i), 0);
    const resto = (soma * 10) % 11;
    d += String(resto === 10 ? 0 : resto);
  }
  return d;
}

const FUNCIONARIOS = [
  { nome: 'Lúcia Ferreira Campos', cargo: 'Gerente de loja', base: '418273659' },
  { nome: 'Rafael Moreira Dias', cargo: 'Operador de caixa', base: '529384761' },
  { nome: 'Sandra Oliveira Lima', cargo: 'Repositora', base: '631495872' },
];

async function seedTenant(trx: Tx, assinanteId: number, bela: boolean): Promise<void> {
  const grupos = await sql<{ id: number; secaoId: number; descricao: string }>`
    select id, secao_id, descricao from grupo_produto where assinante_id = ${assinanteId} order by id`.execute(trx);
  for (const g of grupos.rows) {
    const [subgrupoId] = await ins(trx, 'subgrupo', [
      {
        assinante_id: assinanteId,
        secao_id: g.secaoId,
        grupo_id: g.id,
        descricao: SUBGRUPOS[g.descricao] ?? 'Linha regular',
      },
    ]);
    await sql`update produto set subgrupo_id = ${subgrupoId}
      where assinante_id = ${assinanteId} and grupo_id = ${g.id} and subgrupo_id is null`.execute(trx);
  }
  const produtos = (
    await sql<{ id: number }>`select id from produto where assinante_id = ${assinanteId} order by id`.execute(trx)
  ).rows.map((r) => r.id);
  const lojas = (
    await sql<{ id: number }>`select id from loja where assinante_id = ${assinanteId} order by id`.execute(trx)
  ).rows.map((r) => r.id);
  const [a, b, c] = produtos;
  if (a === undefined || b === undefined || c === undefined) return;
  await ins(trx, 'familia_produto', [
    {
      assinante_id: assinanteId,
      descricao: bela ? 'Família Brisa' : 'Família cesta básica',
      utiliza_preco_por_quantidade: true,
      quantidade_minima_preco2: '3',
      quantidade_minima_preco3: '6',
      produtos_ids: [a, b],
    },
  ]);
  await ins(trx, 'mix', [
    {
      assinante_id: assinanteId,
      descricao: bela ? 'Mix vitrine de Natal' : 'Mix cesta básica',
      finalidade: 'VENDA',
      lojas_ids: lojas.slice(0, 2),
      produtos_ids: [a, b, c],
    },
  ]);
  await ins(trx, 'similar_produto', [
    {
      assinante_id: assinanteId,
      descricao: bela ? 'Similares de colônia e hidratante' : 'Similares de grãos',
      produto_referencia_id: a,
      produtos_ids: [a, b],
    },
  ]);
  const setores = await sql<{
    id: number;
  }>`select id from setor where assinante_id = ${assinanteId} and descricao = 'Loja' limit 1`.execute(trx);
  const prefixo = bela ? '' : '7';
  await ins(
    trx,
    'funcionario',
    FUNCIONARIOS.map((f, i) => ({
      assinante_id: assinanteId,
      nome: f.nome,
      cargo: f.cargo,
      cpf: cpfComDigitos(`${prefixo}${f.base}`.slice(0, 9)),
      loja_id: lojas[i % lojas.length]!,
      setor_id: setores.rows[0]?.id ?? null,
      data_admissao: `2023-0${i + 2}-01`,
    })),
  );
}

export async function seedDemoComplementos(db: Database): Promise<void> {
  for (const demo of DEMO_ASSINANTES) {
    const a = await db.resolveAssinante(demo.hosts[0]!);
    if (a) await db.withTenant(a.id, (trx) => seedTenant(trx, a.id, a.tipoCliente === 'BOTICARIO'));
  }
}
