/**
 * Demo treasury (domain §11 "Banking"): on the Itaú account of BV02, May's ledger entries (three Cielo títulos,
 * a supplier boleto, a TED, a deposit, the energy bill, a withdrawal) posted through the bank ledger's own
 * posting, and two imported OFX files read by the app's reader — May with 14 lines (PIX in, a Cielo settlement
 * matching the three títulos, the boleto, two fees, the TED…) and early June repeating 3 FITIDs (de-duplicated).
 * On the BB account of BV01, June (the journeys and tests use BB's May): entries and a statement of 8 lines whose
 * suggestions are 1:1 (by document too) and 1:N, a fee for the rule and a line with no entry. Two tenant-wide reconciliation rules: "TAR PACOTE" generates
 * the entry with the histórico Tarifa bancária, "PIX RECEBIDO" matches a receipt (título a receber) within 3 days;
 * neither confirms on import (the tests and journeys import into clean accounts): "Aplicar regras" runs them.
 */
import { identidadesDasLinhas, lerOfx } from '@retaguarda/domain';
import { sql } from 'kysely';
import type { Database, Tx } from '../../src/db/database';
import { unnestDe } from '../../src/ledger/colunas';
import { type EntradaDoRazao, hashesDasIdentidades, lancarNoBanco } from '../../src/modules/financeiro';
import { DEMO_ASSINANTES } from './demo-data';

type T = [tipo: string, data: string, valor: string, fitId: string, memo: string, doc?: string];
const MAIO: T[] = [
  ['CREDIT', '20260504', '350,00', 'IT0504A', 'PIX RECEBIDO JOAO'],
  ['FEE', '20260505', '-39,90', 'IT0505A', 'TAR PACOTE SERVICOS'],
  ['CREDIT', '20260508', '180,00', 'IT0508A', 'PIX RECEBIDO MARIA'],
  ['DEP', '20260511', '2450,00', 'IT0511A', 'DEP DINHEIRO'],
  ['PAYMENT', '20260512', '-2340,55', 'IT0512A', 'PAGTO BOLETO AURORA COSMETICOS', '4471'],
  ['CREDIT', '20260515', '1100,00', 'IT0515A', 'CIELO LIQUIDACAO'],
  ['FEE', '20260518', '-2,50', 'IT0518A', 'TAR PIX'],
  ['XFER', '20260520', '-5000,00', 'IT0520A', 'TED ENVIADA APLICACAO'],
  ['CREDIT', '20260522', '95,50', 'IT0522A', 'PIX RECEBIDO ANA'],
  ['DEBIT', '20260525', '-689,33', 'IT0525A', 'PAGTO ENERGIA COPEL'],
  ['ATM', '20260526', '-300,00', 'IT0526A', 'SAQUE'],
  ['CREDIT', '20260527', '1200,00', 'IT0527A', 'PIX RECEBIDO LOJA'],
  ['CREDIT', '20260529', '742,10', 'IT0529A', 'CIELO LIQUIDACAO'],
  ['INT', '20260531', '12,44', 'IT0531A', 'REND APLIC AUTOMATICA'],
];
const JUNHO: T[] = [
  ...MAIO.slice(11),
  ['CREDIT', '20260602', '410,00', 'IT0602A', 'PIX RECEBIDO CARLA'],
  ['FEE', '20260605', '-39,90', 'IT0605A', 'TAR PACOTE SERVICOS'],
  ['DEBIT', '20260608', '-1250,00', 'IT0608A', 'PAGTO ALUGUEL'],
];

/** BB, June 2026 (the journeys import May into this account: this month stays out of their way). */
const BB_JUNHO: T[] = [
  ['CREDIT', '20260603', '640,00', 'BB0603A', 'PIX RECEBIDO FERNANDA'],
  ['FEE', '20260605', '-45,00', 'BB0605A', 'TAR PACOTE SERVICOS'],
  ['PAYMENT', '20260609', '-1875,20', 'BB0609A', 'PAGTO BOLETO FLORA DISTRIBUIDORA', '9912'],
  ['CREDIT', '20260612', '1530,75', 'BB0612A', 'CIELO LIQUIDACAO'],
  ['XFER', '20260615', '-3000,00', 'BB0615A', 'TED ENVIADA ITAU LONDRINA'],
  ['DEP', '20260618', '1980,00', 'BB0618A', 'DEP DINHEIRO'],
  ['FEE', '20260622', '-3,10', 'BB0622A', 'TAR PIX'],
  ['DEBIT', '20260626', '-412,66', 'BB0626A', 'PAGTO AGUA SANEPAR'],
];

function ofx(
  linhas: T[],
  inicio: string,
  fim: string,
  saldo: string,
  conta = '<BANKID>0341<BRANCHID>0457<ACCTID>12345-3',
): string {
  const trn = linhas
    .map(
      ([tipo, data, valor, fit, memo, doc]) =>
        `<STMTTRN>\n<TRNTYPE>${tipo}\n<DTPOSTED>${data}120000[-3:BRT]\n<TRNAMT>${valor}\n<FITID>${fit}\n${doc ? `<CHECKNUM>${doc}\n` : ''}<MEMO>${memo}\n</STMTTRN>`,
    )
    .join('\n');
  return `OFXHEADER:100\nDATA:OFXSGML\nVERSION:102\nCHARSET:1252\n\n<OFX>\n<SIGNONMSGSRSV1><SONRS><STATUS><CODE>0<SEVERITY>INFO</STATUS><DTSERVER>${fim}235959<LANGUAGE>POR</SONRS></SIGNONMSGSRSV1>
<BANKMSGSRSV1><STMTTRNRS><TRNUID>1<STMTRS><CURDEF>BRL<BANKACCTFROM>${conta}<ACCTTYPE>CHECKING</BANKACCTFROM>
<BANKTRANLIST><DTSTART>${inicio}<DTEND>${fim}\n${trn}\n</BANKTRANLIST><LEDGERBAL><BALAMT>${saldo}<DTASOF>${fim}</LEDGERBAL></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>\n`;
}

/** Imports a statement as the import command would (identities: a repeated line is skipped). */
async function importar(trx: Tx, conta: { id: number; lojaId: number }, nome: string, texto: string): Promise<void> {
  const e = lerOfx(texto).extratos[0]!;
  const ids = hashesDasIdentidades(identidadesDasLinhas(e.linhas));
  const { rows } = await sql<{ identidade: string }>`
    select encode(identidade_hash, 'hex') as identidade from extrato_linha
     where conta_corrente_id = ${conta.id}
       and identidade_hash = any(select decode(h, 'hex') from unnest(${ids}::text[]) h)`.execute(trx);
  const vistas = new Set(rows.map((r) => r.identidade));
  const novas = e.linhas.map((l, i) => ({ ...l, identidade: ids[i]! })).filter((l) => !vistas.has(l.identidade));
  const { rows: x } = await sql<{ id: number }>`
    insert into extrato_bancario (conta_corrente_id, loja_id, nome_arquivo, banco, agencia, conta, periodo_inicio,
                                  periodo_fim, saldo_extrato, data_saldo, quantidade_linhas)
    values (${conta.id}, ${conta.lojaId}, ${nome}, ${e.banco}, ${e.agencia}, ${e.conta}, ${e.inicio}::date, ${e.fim}::date,
            ${e.saldo}::numeric, ${e.dataSaldo}::date, ${novas.length}) returning id`.execute(trx);
  const it = unnestDe('t', [
    { nome: 'identidade', tipo: 'text', valores: novas.map((l) => l.identidade) },
    { nome: 'fit_id', tipo: 'text', valores: novas.map((l) => l.fitId) },
    { nome: 'tipo', tipo: 'text', valores: novas.map((l) => l.tipoTransacao) },
    { nome: 'data', tipo: 'date', valores: novas.map((l) => l.data) },
    { nome: 'valor', tipo: 'numeric', valores: novas.map((l) => l.valor) },
    { nome: 'descricao', tipo: 'text', valores: novas.map((l) => l.descricao) },
    { nome: 'numero_documento', tipo: 'text', valores: novas.map((l) => l.numeroDocumento) },
  ]);
  await sql`insert into extrato_linha (extrato_id, conta_corrente_id, identidade_hash, fit_id, tipo_transacao, data,
                                       valor, descricao, numero_documento)
    select ${x[0]!.id}, ${conta.id}, decode(identidade, 'hex'), fit_id, tipo, data, valor, descricao, numero_documento from ${it} order by ord`.execute(
    trx,
  );
}

async function seedTenant(trx: Tx): Promise<void> {
  const { rows } = await sql<{ id: number; lojaId: number; descricao: string }>`
    select id, loja_id, descricao from conta_corrente where descricao in ('Itaú Londrina', 'BB Shopping Curitiba')`.execute(
    trx,
  );
  const conta = rows.find((c) => c.descricao === 'Itaú Londrina');
  const bb = rows.find((c) => c.descricao === 'BB Shopping Curitiba');
  if (!conta || !bb) return;
  const { rows: h } = await sql<{ codigo: number; id: number }>`
    select codigo, id from historico_padrao where codigo in (1, 3, 4)`.execute(trx);
  const hist = (c: number) => h.find((x) => x.codigo === c)?.id ?? null;
  const e = (
    c: { id: number; lojaId: number },
    data: string,
    tipo: 'CREDITO' | 'DEBITO',
    valor: string,
    origem: EntradaDoRazao['origem'],
    complemento: string,
    historicoPadraoId: number | null = null,
    numeroDocumento: string | null = null,
  ): EntradaDoRazao => ({
    contaCorrenteId: c.id,
    lojaId: c.lojaId,
    data,
    tipo,
    valor,
    origem,
    complemento,
    historicoPadraoId,
    numeroDocumento,
  });
  await lancarNoBanco(
    trx,
    [
      e(conta, '2026-05-10', 'CREDITO', '2450.00', 'SANGRIA_PDV', 'Depósito das sangrias do PDV'),
      e(conta, '2026-05-12', 'DEBITO', '2340.55', 'TITULO_PAGAR', 'Aurora Cosméticos', hist(1), '4471'),
      e(conta, '2026-05-14', 'CREDITO', '412.30', 'TITULO_RECEBER', 'Cielo - venda 1/3', hist(4)),
      e(conta, '2026-05-14', 'CREDITO', '389.90', 'TITULO_RECEBER', 'Cielo - venda 2/3', hist(4)),
      e(conta, '2026-05-15', 'CREDITO', '297.80', 'TITULO_RECEBER', 'Cielo - venda 3/3', hist(4)),
      e(conta, '2026-05-20', 'DEBITO', '5000.00', 'MANUAL', 'TED para aplicação', hist(3)),
      e(conta, '2026-05-24', 'DEBITO', '689.33', 'MANUAL', 'Energia elétrica - Copel'),
      e(conta, '2026-05-26', 'DEBITO', '300.00', 'MANUAL', 'Saque para troco'),
      e(conta, '2026-05-29', 'CREDITO', '742.10', 'TITULO_RECEBER', 'Cielo - vendas de 27/05', hist(4)),
    ],
    null,
  );
  await lancarNoBanco(
    trx,
    [
      e(bb, '2026-06-02', 'CREDITO', '640.00', 'TITULO_RECEBER', 'Fernanda Lima - crediário 2/3', hist(4)),
      e(bb, '2026-06-09', 'DEBITO', '1875.20', 'TITULO_PAGAR', 'Flora Distribuidora', hist(1), '9912'),
      e(bb, '2026-06-11', 'CREDITO', '812.40', 'TITULO_RECEBER', 'Cielo - venda 1/2', hist(4)),
      e(bb, '2026-06-11', 'CREDITO', '718.35', 'TITULO_RECEBER', 'Cielo - venda 2/2', hist(4)),
      e(bb, '2026-06-15', 'DEBITO', '3000.00', 'MANUAL', 'TED para Itaú Londrina', hist(3)),
      e(bb, '2026-06-18', 'CREDITO', '1980.00', 'SANGRIA_PDV', 'Depósito das sangrias do PDV'),
      e(bb, '2026-06-29', 'DEBITO', '250.00', 'MANUAL', 'Manutenção do ar-condicionado'),
    ],
    null,
  );
  await regras(trx);
  await importar(
    trx,
    bb,
    'bb-junho-2026.ofx',
    ofx(BB_JUNHO, '20260601', '20260630', '17065,19', '<BANKID>001<BRANCHID>1234-3<ACCTID>56789-2'),
  );
  await importar(trx, conta, 'itau-maio-2026.ofx', ofx(MAIO, '20260501', '20260531', '4177,76'));
  await importar(trx, conta, 'itau-junho-2026.ofx', ofx(JUNHO, '20260601', '20260610', '3297,86'));
}

/** The two demo rules, as the rule's command saves them (the contract's JSON). */
async function regras(trx: Tx): Promise<void> {
  const { rows } = await sql<{ id: number }>`select id from historico_padrao where codigo = 2`.execute(trx);
  if (!rows[0]) return;
  const sem = { memoContem: null, memoRegex: null, valorMinimo: null, valorMaximo: null, diasSemana: null };
  const lista = [
    {
      descricao: 'Tarifa de pacote de serviços',
      prioridade: 10,
      condicoes: { ...sem, memoComecaCom: 'TAR PACOTE', sinal: 'DEBITO' },
      acao: { tipo: 'GERAR_LANCAMENTO', historicoPadraoId: rows[0].id, complemento: '{memo}' },
    },
    {
      descricao: 'PIX recebido de cliente',
      prioridade: 20,
      condicoes: { ...sem, memoComecaCom: 'PIX RECEBIDO', sinal: 'CREDITO' },
      acao: { tipo: 'CONCILIAR', origem: 'TITULO_RECEBER', janelaDias: 3 },
    },
  ];
  for (const r of lista)
    await sql`insert into regra_conciliacao (descricao, prioridade, condicoes, acao)
      values (${r.descricao}, ${r.prioridade}, ${JSON.stringify(r.condicoes)}::jsonb, ${JSON.stringify(r.acao)}::jsonb)`.execute(
      trx,
    );
}

export async function seedDemoTesouraria(db: Database): Promise<void> {
  const a = await db.resolveAssinante(DEMO_ASSINANTES[0]!.hosts[0]!);
  if (a) await db.withTenant(a.id, (trx) => seedTenant(trx));
}
