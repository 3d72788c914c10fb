/**
 * Reading the bank ledger: entries by id (a command's answer), an account's statement for a period with the
 * balance after each entry (saldo_inicial + the daily closing before the period + the running sum), and the
 * balance as of a date. Balances are computed on read from the daily closing balances (ledger kit).
 */
import type { LancamentoBancario, RazaoDaConta } from '@retaguarda/domain';
import { sql } from 'kysely';
import type { Tx } from '../../db/database';
import { saldoNaData } from '../../ledger/saldo-dia';
import { LEDGER_BANCO } from './razao-bancario';

/** The columns of an entry as the API answers it (`l`: lancamento_bancario). */
const COLUNAS = sql`l.id::text as id, l.conta_corrente_id, to_char(l.data, 'YYYY-MM-DD') as data, l.tipo,
  l.valor::text as valor, l.historico_padrao_id, h.descricao as historico, l.complemento, l.numero_documento,
  l.origem, l.transferencia_id::text as transferencia_id, l.estorno_de::text as estorno_de,
  (select e.id::text from lancamento_bancario e where e.assinante_id = l.assinante_id and e.estorno_de = l.id
    limit 1) as estornado_por,
  exists (select 1 from conciliacao_lancamento cl where cl.assinante_id = l.assinante_id and cl.lancamento_id = l.id
           and cl.ativo) as conciliado,
  l.lancado_em`;

export async function lancamentosPorId(trx: Tx, ids: readonly string[]): Promise<LancamentoBancario[]> {
  if (!ids.length) return [];
  const { rows } = await sql<LancamentoBancario>`
    select ${COLUNAS} from lancamento_bancario l left join historico_padrao h on h.id = l.historico_padrao_id
     where l.id = any(${ids}::int8[]) order by l.id`.execute(trx);
  return rows;
}

export async function razaoDaConta(trx: Tx, contaId: number, inicio: string, fim: string): Promise<RazaoDaConta> {
  // entries dated before the account's opening (data_saldo_inicial) are listed but do not count (domain §2.2)
  const chave = { conta_corrente_id: contaId };
  const anterior = saldoNaData(LEDGER_BANCO.saldoDiario, chave, sql`greatest(${inicio}::date, c.data_saldo_inicial)`, {
    antes: true,
  });
  const antesDaAbertura = saldoNaData(LEDGER_BANCO.saldoDiario, chave, sql`c.data_saldo_inicial`, { antes: true });
  const { rows: s } = await sql<{ saldo: string; abertura: string }>`
    select (c.saldo_inicial + coalesce(${anterior}, 0) - coalesce(${antesDaAbertura}, 0))::numeric(15, 2)::text as saldo,
           to_char(c.data_saldo_inicial, 'YYYY-MM-DD') as abertura
      from conta_corrente c where c.id = ${contaId}`.execute(trx);
  const saldoAnterior = s[0]?.saldo ?? '0.00';
  const abertura = s[0]?.abertura ?? inicio;
  const { rows } = await sql<RazaoDaConta['lancamentos'][number]>`
    select ${COLUNAS},
           (${saldoAnterior}::numeric + sum(case when l.data < ${abertura}::date then 0
                                                 when l.tipo = 'CREDITO' then l.valor else -l.valor end)
              over (order by l.data, l.id))::numeric(15, 2)::text as saldo_apos
      from lancamento_bancario l left join historico_padrao h on h.id = l.historico_padrao_id
     where l.conta_corrente_id = ${contaId} and l.data between ${inicio}::date and ${fim}::date
     order by l.data, l.id`.execute(trx);
  const { rows: t } = await sql<{ creditos: string; debitos: string }>`
    select coalesce(sum(creditos), 0)::numeric(15, 2)::text as creditos, coalesce(sum(debitos), 0)::numeric(15, 2)::text as debitos
      from saldo_bancario_dia where conta_corrente_id = ${contaId}
       and data between greatest(${inicio}::date, ${abertura}::date) and ${fim}::date`.execute(trx);
  const saldoFinal = rows.length ? rows[rows.length - 1]!.saldoApos : saldoAnterior;
  return {
    contaCorrenteId: contaId,
    inicio,
    fim,
    saldoAnterior,
    creditos: t[0]!.creditos,
    debitos: t[0]!.debitos,
    saldoFinal,
    lancamentos: rows,
  };
}

/** The period a statement shows by default: the month up to `hoje`. */
export const periodoPadrao = (hoje: string): { inicio: string; fim: string } => ({
  inicio: `${hoje.slice(0, 8)}01`,
  fim: hoje,
});
