/**
 * The stock ledger declared for the ledger kit (ledger/README.md): postings lock the store, the daily
 * closing balances are per store + location + product, and a store's stock is closed up to a date
 * (fechamento_estoque, the closing command of fechamento.workflow.ts) with the refusal every stock command
 * has always given.
 */
import { MSG_FECHAMENTO } from '@retaguarda/domain';
import { sql } from 'kysely';
import { defineLedger } from '../../ledger/definicao';
import { naoEncontrado, recusar } from '../../plugins/errors';

/** The advisory lock key of a store's stock balances. */
export const chaveSaldos = (lojaId: number): string => `estoque.saldo:${lojaId}`;

/** The advisory lock key of a store's stock closing. */
export const chaveFechamento = (lojaId: number): string => `estoque.fechamento:${lojaId}`;

export const LEDGER_ESTOQUE = defineLedger({
  nome: 'estoque',
  chaveDoEscopo: chaveSaldos,
  saldoDiario: {
    tabela: 'saldo_estoque_dia',
    chaves: ['loja_id', 'local_id', 'produto_id'],
    dia: 'quantidade_dia',
    saldo: 'saldo',
  },
  periodo: {
    chave: chaveFechamento,
    tabela: 'fechamento_estoque',
    colunaEscopo: 'loja_id',
    colunaData: 'fechado_ate',
    async recusa(trx, lojaId, fechadoAte, campo) {
      const { rows } = await sql<{ sigla: string }>`select sigla from loja where id = ${lojaId}`.execute(trx);
      if (!rows[0]) return naoEncontrado(MSG_FECHAMENTO.lojaNaoEncontrada);
      return recusar(campo, MSG_FECHAMENTO.periodoFechado(rows[0].sigla, fechadoAte));
    },
  },
});
