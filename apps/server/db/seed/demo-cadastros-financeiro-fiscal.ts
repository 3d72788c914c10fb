/**
 * Demo data of the Financeiro, Fiscal, Frente de loja, Estoque, Venda and Compras registers (domain.md
 * §2–§8 seed lists, §11 banking and stock), for both tenants. Runs once, after the product and person
 * demo registers (demo-cadastros.ts), on the owner connection with the tenant set.
 * Check digits (bank accounts, CNJ numbers) are computed with the same functions that validate them.
 */
import { digitoAgenciaEsperado, digitoContaEsperado, digitosCnj } from '@retaguarda/domain';
import { sql } from 'kysely';
import type { Database, Tx } from '../../src/db/database';
import { ins } from './demo-cadastros';
import { DEMO_ASSINANTES } from './demo-data';
import { seedPlanosPagamento } from './demo-planos-pagamento';
import * as L from './demo-cadastros-financeiro-fiscal.listas';

type Row = Record<string, unknown>;
const de = (assinanteId: number, rows: readonly Row[]) => rows.map((r) => ({ assinante_id: assinanteId, ...r }));

/** A bank account with the check digits its bank's algorithm gives. */
function conta(banco: string, agencia: string, numero: string) {
  return {
    agencia,
    agencia_digito: digitoAgenciaEsperado(banco, agencia) ?? null,
    numero_conta: numero,
    numero_conta_digito: digitoContaEsperado(banco, agencia, numero) ?? null,
  };
}

function cnj(seq: string, ano: string, j: string, tr: string, origem: string) {
  return `${seq}-${digitosCnj(seq, ano, j, tr, origem)}.${ano}.${j}.${tr}.${origem}`;
}

async function seedTenant(trx: Tx, a: number, bela: boolean, planos: boolean): Promise<void> {
  const lojas = new Map(
    (
      await sql<{ id: number; sigla: string }>`select id, sigla from loja where assinante_id = ${a}`.execute(trx)
    ).rows.map((r) => [r.sigla, r.id]),
  );
  const loja = (s: string) => lojas.get(s)!;
  const siglas = [...lojas.keys()].sort();

  await ins(trx, 'motivo_cancelamento', de(a, L.MOTIVOS_CANCELAMENTO));
  await ins(trx, 'motivo_desconto', de(a, L.MOTIVOS_DESCONTO));
  await ins(trx, 'motivo_acrescimo', de(a, L.MOTIVOS_ACRESCIMO));
  await ins(trx, 'historico_padrao', de(a, L.HISTORICOS));
  const especies = await ins(trx, 'especie_documento', de(a, L.ESPECIES));
  const especie = (sigla: string) => especies[L.ESPECIES.findIndex((e) => e.sigla === sigla)]!;

  // banks take ISPB from the official table; acquirers have no COMPE code
  const bancos = (
    await sql<{
      compe: string;
      ispb: string | null;
    }>`select compe, ispb from banco where compe = any(${L.BANCOS.map((b) => b.codigo_banco)})`.execute(trx)
  ).rows;
  const ispb = new Map(bancos.map((b) => [b.compe, b.ispb]));
  const agentes = await ins(
    trx,
    'agente_financeiro',
    de(a, [...L.BANCOS.map((b) => ({ ...b, ispb: ispb.get(b.codigo_banco) ?? null })), ...L.ADQUIRENTES]),
  );
  const agente = (descricao: string) =>
    agentes[[...L.BANCOS, ...L.ADQUIRENTES].findIndex((x) => x.descricao === descricao)]!;

  const base = { saldo_inicial: '0.00', data_saldo_inicial: '2026-05-01', utiliza_conciliacao: true };
  const contas = bela
    ? [
        {
          ...base,
          descricao: 'BB Shopping Curitiba',
          loja_id: loja('BV01'),
          agente_financeiro_id: agente('Banco do Brasil'),
          ...conta('001', '1234', '56789'),
          saldo_inicial: '18250.40',
          chave_pix: '41553872000164',
          tipo_chave_pix: 'CPF_CNPJ',
        },
        {
          ...base,
          descricao: 'Itaú Londrina',
          loja_id: loja('BV02'),
          agente_financeiro_id: agente('Itaú Unibanco'),
          ...conta('341', '0457', '12345'),
          saldo_inicial: '6420.00',
        },
        {
          ...base,
          descricao: 'Caixa BV01',
          loja_id: loja('BV01'),
          tipo_conta: 'CAIXA',
          saldo_inicial: '500.00',
          utiliza_conciliacao: false,
        },
      ]
    : [
        {
          ...base,
          descricao: 'Bradesco Centro Goiânia',
          loja_id: loja('MB01'),
          agente_financeiro_id: agente('Bradesco'),
          ...conta('237', '1590', '0123456'),
          saldo_inicial: '42100.00',
        },
        {
          ...base,
          descricao: 'Santander Anápolis',
          loja_id: loja('MB02'),
          agente_financeiro_id: agente('Santander'),
          ...conta('033', '2001', '13000123'),
          saldo_inicial: '-1250.75',
          limite: '20000.00',
        },
        {
          ...base,
          descricao: 'Caixa MB01',
          loja_id: loja('MB01'),
          tipo_conta: 'CAIXA',
          saldo_inicial: '800.00',
          utiliza_conciliacao: false,
        },
      ];
  await ins(trx, 'conta_corrente', de(a, contas));

  await ins(
    trx,
    'forma_pagamento',
    de(a, L.formasPagamento(bela, { cielo: agente('Cielo'), stone: agente('Stone') }, especie)),
  );
  // payment plans are a franchise feature (domain.md §2.1): Bela Vida only
  if (bela && planos) await seedPlanosPagamento(trx, a, loja, agente, especie);
  await ins(trx, 'ramo_atuacao', de(a, L.RAMOS_ATUACAO));
  await ins(trx, 'tipo_ajuste', de(a, L.TIPOS_AJUSTE));
  await ins(trx, 'motivo_requisicao', de(a, L.MOTIVOS_REQUISICAO));
  await ins(trx, 'motivo_troca_devolucao', de(a, bela ? L.MOTIVOS_TROCA_BELA : L.MOTIVOS_TROCA_MERCADAO));
  await ins(trx, 'tipo_acordo', de(a, L.tiposAcordo(especie('DM'))));

  // locations LOJA/DEPOSITO/AVARIA per store (+ PRODUCAO at the Mercadão stores with bakery and butcher)
  const locais = new Map<string, number>();
  for (const s of siglas) {
    const rows = L.LOCAIS.concat(bela ? [] : [L.LOCAL_PRODUCAO]).map((l) => ({ ...l, loja_id: loja(s) }));
    const ids = await ins(trx, 'local_estoque', de(a, rows));
    for (const [i, r] of rows.entries()) locais.set(`${s}:${r.tipo}`, ids[i]!);
  }
  if (!bela) {
    const mb = siglas.filter((s) => s !== 'MB03').map(loja);
    const setores = ['Padaria', 'Açougue', 'Rotisseria'].map((descricao) => ({
      descricao,
      lojas: mb,
      local_estoque_id: locais.get('MB01:LOJA'),
      local_consumo_id: locais.get('MB01:PRODUCAO'),
      local_de_impressao: `Impressora ${descricao.toLowerCase()}`,
    }));
    await ins(trx, 'setor_producao', de(a, setores));
  }

  const processo = bela
    ? {
        numero_processo: cnj('5012345', '2019', '4', '04', '7000'),
        uf_vara: 'PR',
        municipio_vara: '4106902',
        id_vara: '2',
        secao_judiciaria: 'Seção Judiciária do Paraná',
        lojas: ['BV01', 'BV02', 'BV03'].map(loja),
      }
    : {
        numero_processo: cnj('1004321', '2020', '4', '01', '3500'),
        uf_vara: 'GO',
        municipio_vara: '5208707',
        id_vara: '6',
        secao_judiciaria: 'Seção Judiciária de Goiás',
        lojas: siglas.map(loja),
      };
  await ins(trx, 'processo_judicial', de(a, [{ ...L.PROCESSO_TEMA_69, ...processo }]));
  await ins(trx, 'mensagem_promocional', de(a, L.mensagens(bela, siglas.map(loja), loja(siglas[0]!))));
}

/** `planos: false` leaves out the payment plans (a database migrated only up to an older migration has no table). */
export async function seedDemoCadastrosFinanceiroFiscal(db: Database, { planos = true } = {}): Promise<void> {
  for (const demo of DEMO_ASSINANTES) {
    const a = await db.resolveAssinante(demo.hosts[0]!);
    if (a) await db.withTenant(a.id, (trx) => seedTenant(trx, a.id, a.tipoCliente === 'BOTICARIO', planos));
  }
}
