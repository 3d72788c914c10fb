/**
 * Demo commercial agreements (domain §11): Bela Vida's five — Aniversário R$ 5.000 VIGENTE, Rebaixa 3 % on
 * purchases EM_APURACAO, Enxoval BV04 RECEBIDO, Encarte RECEBIDO_PARCIAL, Ponto extra VENCIDO — with their
 * figures, apurações and receipts as the commands would have left them (a re-run of the apuração from the
 * screen recomputes them from the demo's real invoices). The seed connects as the owner (no RLS): every read
 * names the tenant.
 */
import { hojeNaZona } from '@retaguarda/domain';
import { sql } from 'kysely';
import type { Database, Tx } from '../../src/db/database';
import { DEMO_ASSINANTES } from './demo-data';

interface Demo {
  tipo: string;
  lojas: string[];
  /** months from this month: start and end of the period, days after the end for the due date */
  de: number;
  ate: number;
  vence: number;
  forma: 'PERCENTUAL' | 'VALOR_FIXO';
  valor: string;
  status: string;
  /** the purchases the apuração found (sell-in) */
  base?: string;
  apurado: string;
  recebido: string;
  recebimento?: string;
  descricao: string;
}

const ACORDOS: Demo[] = [
  {
    tipo: 'Aniversário da loja',
    lojas: ['BV01'],
    de: 0,
    ate: 1,
    vence: 30,
    forma: 'VALOR_FIXO',
    valor: '5000',
    status: 'VIGENTE',
    apurado: '0',
    recebido: '0',
    descricao: 'Aniversário Shopping Curitiba',
  },
  {
    tipo: 'Rebaixa de preço',
    lojas: ['BV01', 'BV02'],
    de: 0,
    ate: 0,
    vence: 30,
    forma: 'PERCENTUAL',
    valor: '3',
    status: 'EM_APURACAO',
    base: '8450.00',
    apurado: '253.50',
    recebido: '0',
    descricao: 'Rebaixa 3 % sobre compras',
  },
  {
    tipo: 'Enxoval',
    lojas: ['BV04'],
    de: -3,
    ate: -3,
    vence: 20,
    forma: 'VALOR_FIXO',
    valor: '2000',
    status: 'RECEBIDO',
    apurado: '2000.00',
    recebido: '2000.00',
    recebimento: 'BONIFICACAO_MERCADORIA',
    descricao: 'Enxoval da loja SP',
  },
  {
    tipo: 'Encarte/tabloide',
    lojas: ['BV01', 'BV02'],
    de: -1,
    ate: -1,
    vence: 45,
    forma: 'VALOR_FIXO',
    valor: '1500',
    status: 'RECEBIDO_PARCIAL',
    apurado: '1500.00',
    recebido: '600.00',
    recebimento: 'DEPOSITO',
    descricao: 'Encarte de aniversário',
  },
  {
    tipo: 'Ponto extra',
    lojas: ['BV02'],
    de: -2,
    ate: -2,
    vence: 10,
    forma: 'VALOR_FIXO',
    valor: '800',
    status: 'VENCIDO',
    apurado: '800.00',
    recebido: '0',
    descricao: 'Ponta de gôndola',
  },
];

/** The first and last day of the month `meses` from `hoje`'s. */
function mes(hoje: string, meses: number): { inicio: string; fim: string } {
  const d = new Date(Date.UTC(Number(hoje.slice(0, 4)), Number(hoje.slice(5, 7)) - 1 + meses, 1));
  const fim = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0));
  return { inicio: d.toISOString().slice(0, 10), fim: fim.toISOString().slice(0, 10) };
}
const mais = (dia: string, dias: number) =>
  new Date(Date.parse(`${dia}T12:00:00Z`) + dias * 86_400_000).toISOString().slice(0, 10);

async function seedTenant(trx: Tx): Promise<void> {
  const hoje = hojeNaZona('America/Sao_Paulo');
  const { rows: lojas } = await sql<{ id: number; sigla: string }>`
    select id, sigla from loja where assinante_id = app_assinante()`.execute(trx);
  const { rows: tipos } = await sql<{ id: number; descricao: string }>`
    select id, descricao from tipo_acordo where assinante_id = app_assinante()`.execute(trx);
  const { rows: f } = await sql<{ id: number }>`
    select id from fornecedor where assinante_id = app_assinante() and ativo order by id limit 1`.execute(trx);
  const { rows: s } = await sql<{ id: number }>`
    select id from secao where assinante_id = app_assinante() and ativo order by id limit 1`.execute(trx);
  const { rows: u } = await sql<{ id: number }>`
    select id from usuario where assinante_id = app_assinante() and username = 'elisa.compras'`.execute(trx);
  if (!f[0] || !s[0]) return;
  for (const a of ACORDOS) {
    const tipo = tipos.find((t) => t.descricao === a.tipo);
    const ids = a.lojas.map((l) => lojas.find((x) => x.sigla === l)?.id).filter((x): x is number => !!x);
    if (!tipo || !ids.length) continue;
    const inicio = mes(hoje, a.de).inicio;
    const fim = mes(hoje, a.ate).fim;
    const { rows } = await sql<{ id: number }>`
      insert into acordo_comercial (tipo_acordo_id, fornecedor_id, comprador_id, descricao, escopo_tipo, vigencia_inicio,
        vigencia_fim, data_vencimento, base, forma_valor, valor, forma_recebimento, valor_previsto, base_valor,
        valor_apurado, valor_recebido, status, apurado_em)
      values (${tipo.id}, ${f[0].id}, ${u[0]?.id ?? null}, ${a.descricao}, 'SECOES', ${inicio}::date, ${fim}::date,
        ${mais(fim, a.vence)}::date, 'SELL_IN', ${a.forma}, ${a.valor},
        ${a.recebimento ?? 'DEPOSITO'}, ${a.forma === 'VALOR_FIXO' ? a.valor : '250.00'}, ${a.base ?? '0'}, ${a.apurado},
        ${a.recebido}, ${a.status}, ${a.status === 'VIGENTE' ? null : sql`now()`})
      returning id`.execute(trx);
    const id = rows[0]!.id;
    await sql`insert into acordo_comercial_loja (acordo_id, loja_id) select ${id}, unnest(${ids}::int4[])`.execute(trx);
    await sql`insert into acordo_comercial_escopo (acordo_id, ref_id) values (${id}, ${s[0].id})`.execute(trx);
    if (a.status !== 'VIGENTE')
      await sql`insert into acordo_apuracao (acordo_id, loja_id, mes, base_valor, base_quantidade, valor_apurado, linhas)
        values (${id}, ${ids[0]!}, ${inicio}::date, ${a.base ?? '0'}, 0, ${a.apurado}, ${a.base ? 12 : 0})`.execute(
        trx,
      );
    if (a.recebimento && a.recebido !== '0')
      await sql`insert into acordo_recebimento (acordo_id, data, valor, forma, documento, usuario_id)
        values (${id}, ${mais(fim, 5)}::date, ${a.recebido}, ${a.recebimento}, 'DEMO', ${u[0]?.id ?? null})`.execute(
        trx,
      );
  }
}

export async function seedDemoAcordos(db: Database): Promise<void> {
  const bela = DEMO_ASSINANTES.find((a) => a.nome === 'Bela Vida');
  if (!bela) return;
  const a = await db.resolveAssinante(bela.hosts[0]!);
  if (a) await db.withTenant(a.id, seedTenant);
}
