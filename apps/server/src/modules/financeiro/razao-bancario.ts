/**
 * The bank ledger (domain §2.2) on the ledger kit (ledger/README.md): postings lock the account, the daily
 * closing balances are per account (the movements only: a balance adds the account's saldo_inicial), and an
 * account is closed up to a date (fechamento_conta_corrente) with the refusal every bank posting gives.
 * `lancarNoBanco` is the one posting function: N entries, one statement, insert-only.
 */
import { MSG_LANCAMENTO_BANCARIO, type OrigemLancamento, type TipoLancamento } from '@retaguarda/domain';
import { sql } from 'kysely';
import type { Tx } from '../../db/database';
import { colunas, unnestDe } from '../../ledger/colunas';
import { defineLedger } from '../../ledger/definicao';
import { abrirLancamento } from '../../ledger/periodo';
import { ctesSaldoDiario, saldoNaData } from '../../ledger/saldo-dia';
import { naoEncontrado, recusar } from '../../plugins/errors';

/** The advisory lock key of an account's balances. */
export const chaveSaldoBancario = (contaId: number): string => `banco.saldo:${contaId}`;
/** The advisory lock key of an account's closing. */
export const chaveFechamentoBancario = (contaId: number): string => `banco.fechamento:${contaId}`;

export const LEDGER_BANCO = defineLedger({
  nome: 'banco',
  chaveDoEscopo: chaveSaldoBancario,
  saldoDiario: { tabela: 'saldo_bancario_dia', chaves: ['conta_corrente_id'], dia: 'valor_dia', saldo: 'saldo' },
  periodo: {
    chave: chaveFechamentoBancario,
    tabela: 'fechamento_conta_corrente',
    colunaEscopo: 'conta_corrente_id',
    colunaData: 'fechado_ate',
    async recusa(trx, contaId, fechadoAte, campo) {
      const { rows } = await sql<{
        descricao: string;
      }>`select descricao from conta_corrente where id = ${contaId}`.execute(trx);
      if (!rows[0]) return naoEncontrado(MSG_LANCAMENTO_BANCARIO.contaNaoEncontrada);
      return recusar(campo, MSG_LANCAMENTO_BANCARIO.periodoFechado(rows[0].descricao, fechadoAte));
    },
  },
});

/** The per-day credits, debits and count kept in the daily row (statements read one row per day). */
const RESUMO = { entradas: 'creditos', saidas: 'debitos', movimentos: 'movimentos' } as const;

export interface EntradaDoRazao {
  contaCorrenteId: number;
  lojaId: number;
  /** store-local business date YYYY-MM-DD */
  data: string;
  tipo: TipoLancamento;
  /** positive, 2 places */
  valor: string;
  historicoPadraoId?: number | null;
  complemento?: string | null;
  numeroDocumento?: string | null;
  origem: OrigemLancamento;
  transferenciaId?: string | null;
  estornoDe?: string | null;
}

/**
 * Posts the entries (locks the accounts, refuses a closed period: 422 on `campoData`) and answers their ids in
 * input order.
 */
export async function lancarNoBanco(
  trx: Tx,
  entradas: readonly EntradaDoRazao[],
  usuarioId: number | null,
  campoData = 'data',
): Promise<string[]> {
  if (!entradas.length) return [];
  await abrirLancamento(
    trx,
    LEDGER_BANCO,
    entradas.map((e) => ({ escopo: e.contaCorrenteId, data: e.data })),
    campoData,
  );
  const c = colunas(entradas, [
    'contaCorrenteId',
    'lojaId',
    'data',
    'tipo',
    'valor',
    'historicoPadraoId',
    'complemento',
    'numeroDocumento',
    'origem',
    'transferenciaId',
    'estornoDe',
  ] as const);
  const it = unnestDe('t', [
    { nome: 'conta_corrente_id', tipo: 'int4', valores: c.contaCorrenteId },
    { nome: 'loja_id', tipo: 'int4', valores: c.lojaId },
    { nome: 'data', tipo: 'date', valores: c.data },
    { nome: 'tipo', tipo: 'text', valores: c.tipo },
    { nome: 'valor', tipo: 'numeric', valores: c.valor },
    { nome: 'historico_padrao_id', tipo: 'int4', valores: c.historicoPadraoId },
    { nome: 'complemento', tipo: 'text', valores: c.complemento },
    { nome: 'numero_documento', tipo: 'text', valores: c.numeroDocumento },
    { nome: 'origem', tipo: 'text', valores: c.origem },
    { nome: 'transferencia_id', tipo: 'text', valores: c.transferenciaId },
    { nome: 'estorno_de', tipo: 'int8', valores: c.estornoDe },
  ]);
  const { rows } = await sql<{ id: string }>`
    with eu as materialized (select app_assinante() as a),
    it as materialized (select * from ${it}),
    w_m as (
      insert into lancamento_bancario (assinante_id, conta_corrente_id, loja_id, data, tipo, valor, historico_padrao_id,
                                       complemento, numero_documento, origem, transferencia_id, estorno_de, usuario_id)
      select (select a from eu), conta_corrente_id, loja_id, data, tipo, valor, historico_padrao_id, complemento,
             numero_documento, origem, transferencia_id::uuid, estorno_de, ${usuarioId}::int4
        from it order by ord
      returning id, conta_corrente_id, data, case when tipo = 'CREDITO' then valor else -valor end as delta),
    ${ctesSaldoDiario(LEDGER_BANCO.saldoDiario, {
      fonte: 'w_m',
      valor: 'delta',
      assinante: sql`(select a from eu)`,
      resumo: RESUMO,
    })}
    select id::text as id from w_m order by id`.execute(trx);
  return rows.map((r) => r.id);
}

/**
 * The account's balance at the end of `data` (text, 2 places): saldo_inicial + the entries from its date
 * (data_saldo_inicial) up to `data` (domain §2.2); entries dated before the opening do not count.
 */
export async function saldoDaContaEm(trx: Tx, contaId: number, data: string): Promise<string> {
  const chave = { conta_corrente_id: contaId };
  const ate = saldoNaData(LEDGER_BANCO.saldoDiario, chave, sql`${data}::date`);
  const antesDaAbertura = saldoNaData(LEDGER_BANCO.saldoDiario, chave, sql`c.data_saldo_inicial`, { antes: true });
  const { rows } = await sql<{ saldo: string }>`
    select (c.saldo_inicial + case when ${data}::date >= c.data_saldo_inicial
                                   then coalesce(${ate}, 0) - coalesce(${antesDaAbertura}, 0) else 0 end
           )::numeric(15, 2)::text as saldo
      from conta_corrente c where c.id = ${contaId}`.execute(trx);
  return rows[0]?.saldo ?? '0.00';
}
