/**
 * Demo cenários fiscais (domain.md §3.5) so every demo product resolves in every demo store (BV: PR, PR, SC
 * on the regime normal and SP on the Simples; MB: GO, GO, DF, regime normal):
 * - by NCM: one rule per NCM of the tenant's products, for every UF pair and any CRT, carrying both the CST
 *   (CRT 3) and the CSOSN (CRT 1/2/4) of the product's situação fiscal and the PIS/COFINS of its natureza;
 *   the ICMS rate and the PIS/COFINS rates are left to the engine's fall-backs (the UF's internal rate, the
 *   store's regime), so one rule serves every store. The ST NCM (3303.00.20 águas-de-colônia, CEST 20.008.00)
 *   also gets inter-state rules between the tenant's UFs: CST 10 / CSOSN 201 with MVA and the destination's
 *   internal rate as the ST rate (the more specific UF pair wins over TODAS).
 * - by operação: sale 5102/5405 and 6102/6403 on NF-e, 5102/5405 on NFC-e; purchase, sale return and
 *   transfers so the other documents resolve too.
 * Written straight to the tables on the owner connection (the tenant set), like the other demo seeds.
 */
import { ALIQUOTA_INTERNA, type Uf } from '@retaguarda/domain';
import { sql } from 'kysely';
import type { Database, Tx } from '../../src/db/database';
import { ins } from './demo-cadastros';
import { DEMO_ASSINANTES } from './demo-data';

const INICIO = '2024-01-01';
/** The demo's ST NCM and its MVA (demo value: the MVA of each UF's protocol changes; check before use). */
const NCM_ST = '33030020';
const MVA_ST = '71.78';

interface ClasseNcm {
  ncm: string;
  cst: string | null;
  csosn: string | null;
  cstEntrada: string | null;
  cstSaida: string | null;
  naturezaReceita: string | null;
}

/**
 * One line per NCM of the tenant's products: the situação fiscal and natureza PIS/COFINS of its first product.
 * Seeds run as the owner, whom RLS does not bind: the tenant is named in every table read.
 */
async function classes(trx: Tx, a: number): Promise<ClasseNcm[]> {
  const r = await sql<ClasseNcm>`select distinct on (p.ncm_id) p.ncm_id as ncm, s.cst, s.csosn,
         n.cst_entrada, n.cst_saida, n.natureza_receita
    from produto p
    left join situacao_fiscal s on s.assinante_id = p.assinante_id and s.id = p.situacao_fiscal_saida_id
    left join natureza_pis_cofins n on n.assinante_id = p.assinante_id and n.id = p.natureza_de_imposto_federal_id
   where p.assinante_id = ${a} and p.ativo and p.ncm_id is not null and length(p.ncm_id) = 8
   order by p.ncm_id, p.id`.execute(trx);
  const out = r.rows;
  if (!out.some((c) => c.ncm === NCM_ST))
    out.push({ ncm: NCM_ST, cst: '60', csosn: '500', cstEntrada: '70', cstSaida: '04', naturezaReceita: null });
  return out;
}

const descricao = (texto: string) => texto.slice(0, 60);

function regraNcm(a: number, c: ClasseNcm, ncmDescricao: string) {
  const monofasico = c.cstSaida === '04';
  return {
    assinante_id: a,
    descricao: descricao(`${c.ncm.replace(/^(\d{4})(\d{2})(\d{2})$/, '$1.$2.$3')} ${ncmDescricao}`),
    ncm: c.ncm,
    uf_origem: 'TODAS',
    uf_destino: 'TODAS',
    vigencia_inicio: INICIO,
    origem: '0',
    cst: c.cst ?? '00',
    csosn: c.csosn ?? '102',
    ipi_cst_entrada: '49',
    ipi_cst_saida: '99',
    pis_cofins_cst_entrada: c.cstEntrada ?? '50',
    pis_cofins_cst_saida: c.cstSaida ?? '01',
    natureza_receita: c.naturezaReceita,
    mensagem_legal: monofasico
      ? 'PIS/COFINS: revenda de produto sujeito à incidência monofásica (Lei 10.147/2000), alíquota zero.'
      : c.cst === '60'
        ? 'ICMS retido anteriormente por substituição tributária.'
        : null,
  };
}

/** Inter-state ST between the tenant's UFs for the ST NCM: the seller retains the destination's ICMS-ST. */
function regrasSt(a: number, ufs: readonly string[]) {
  return ufs.flatMap((origem) =>
    ufs
      .filter((destino) => destino !== origem)
      .map((destino) => ({
        assinante_id: a,
        descricao: `3303.00.20 ST interestadual ${origem} → ${destino}`,
        ncm: NCM_ST,
        uf_origem: origem,
        uf_destino: destino,
        vigencia_inicio: INICIO,
        origem: '0',
        cst: '10',
        csosn: '201',
        mod_bcst: '4',
        mva: MVA_ST,
        aliquota_st: ALIQUOTA_INTERNA[destino as Uf],
        ipi_cst_entrada: '49',
        ipi_cst_saida: '99',
        pis_cofins_cst_entrada: '70',
        pis_cofins_cst_saida: '04',
        mensagem_legal: `ICMS-ST retido pelo remetente (MVA ajustada sobre a MVA original de ${MVA_ST.replace('.', ',')}%).`,
      })),
  );
}

const op = (
  a: number,
  tipo: string,
  modelo: '55' | '65',
  abrangencia: 'ESTADUAL' | 'INTERESTADUAL',
  cfop: string,
  cfopComSt: string,
  natureza: string,
  extra: Record<string, unknown> = {},
) => ({
  assinante_id: a,
  tipo_operacao: tipo,
  modelo,
  finalidade: tipo === 'DEVOLUCAO_VENDA' ? '4' : '1',
  abrangencia,
  cfop,
  cfop_com_st: cfopComSt,
  natureza_operacao: natureza,
  vigencia_inicio: INICIO,
  ...extra,
});

function operacoes(a: number) {
  const transferencia = { gera_financeiro: false, calcula_pis_cofins: false };
  return [
    op(a, 'VENDA', '55', 'ESTADUAL', '5102', '5405', 'Venda de mercadoria'),
    op(a, 'VENDA', '55', 'INTERESTADUAL', '6102', '6403', 'Venda de mercadoria para outra UF'),
    op(a, 'VENDA', '65', 'ESTADUAL', '5102', '5405', 'Venda ao consumidor (NFC-e)'),
    op(a, 'COMPRA', '55', 'ESTADUAL', '1102', '1403', 'Compra para comercialização'),
    op(a, 'COMPRA', '55', 'INTERESTADUAL', '2102', '2403', 'Compra para comercialização de outra UF'),
    op(a, 'DEVOLUCAO_VENDA', '55', 'ESTADUAL', '1202', '1411', 'Devolução de venda'),
    op(a, 'TRANSFERENCIA_SAIDA', '55', 'ESTADUAL', '5152', '5409', 'Transferência de mercadoria', transferencia),
    op(a, 'TRANSFERENCIA_SAIDA', '55', 'INTERESTADUAL', '6152', '6409', 'Transferência para outra UF', transferencia),
  ];
}

async function seedTenant(trx: Tx, a: number): Promise<void> {
  const ufs = (
    await sql<{ uf: string }>`select distinct uf from loja where assinante_id = ${a} order by uf`.execute(trx)
  ).rows.map((r) => r.uf);
  const lista = await classes(trx, a);
  const nomes = new Map(
    (
      await sql<{ codigo: string; descricao: string }>`select codigo, descricao from ncm_oficial
        where codigo = any(${lista.map((c) => c.ncm)}::text[])`.execute(trx)
    ).rows.map((r) => [r.codigo, r.descricao]),
  );
  await ins(trx, 'cenario_fiscal_ncm', [
    ...lista.map((c) => regraNcm(a, c, nomes.get(c.ncm) ?? '')),
    ...regrasSt(a, ufs),
  ]);
  await ins(trx, 'cenario_fiscal_operacao', operacoes(a));
}

export async function seedDemoCenariosFiscais(db: Database): Promise<void> {
  for (const demo of DEMO_ASSINANTES) {
    const a = await db.resolveAssinante(demo.hosts[0]!);
    if (a) await db.withTenant(a.id, (trx) => seedTenant(trx, a.id));
  }
}
