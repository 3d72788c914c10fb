/** Steps of the bank ledger's commands (lancamento.workflow.ts): post, transfer, reverse. */
import {
  type EntradaEstornoLancamento,
  type EntradaLancamentoBancario,
  type EntradaTransferenciaBancaria,
  hojeNaZona,
  type LancamentoBancario,
  MSG_LANCAMENTO_BANCARIO as MSG,
} from '@retaguarda/domain';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Tx } from '../../db/database';
import { type ContextoDoComando, conflito, naoEncontrado, proibido, recusar } from '../../workflows';
import { lancamentosPorId } from './lancamento.consulta';
import { travarEscopos } from '../../ledger/periodo';
import { type EntradaDoRazao, LEDGER_BANCO, lancarNoBanco } from './razao-bancario';

interface ContaLida {
  id: number;
  lojaId: number;
  descricao: string;
  ativo: boolean;
  dataSaldoInicial: string;
}
export interface EstadoLancamento {
  conta?: ContaLida;
  lancamentos: LancamentoBancario[];
}
export const estadoLancamento = (): EstadoLancamento => ({ lancamentos: [] });
type Ctx<E> = ContextoDoComando<E, EstadoLancamento>;

async function lerConta(trx: Tx, id: number): Promise<ContaLida | undefined> {
  const { rows } = await sql<ContaLida>`
    select id, loja_id, descricao, ativo, to_char(data_saldo_inicial, 'YYYY-MM-DD') as data_saldo_inicial
      from conta_corrente where id = ${id}`.execute(trx);
  return rows[0];
}

/** The date an entry may take on the account: on or after its opening balance, never after the store's today. */
function validarData(conta: ContaLida, data: string, hoje: string, campo = 'data'): void {
  if (data < conta.dataSaldoInicial) throw recusar(campo, MSG.antesDoSaldoInicial(conta.dataSaldoInicial));
  if (data > hoje) throw recusar(campo, MSG.dataFutura(hoje));
}

/** The path's account (the backbone already checked its store): active, and the date on it. */
export async function validarConta(ctx: Ctx<{ contaCorrenteId: number; data?: string | null }>): Promise<void> {
  const conta = await lerConta(ctx.trx, ctx.entrada.contaCorrenteId);
  if (!conta) throw naoEncontrado(MSG.contaNaoEncontrada);
  if (!conta.ativo) throw recusar('contaCorrenteId', MSG.contaInativa);
  if (ctx.entrada.data) validarData(conta, ctx.entrada.data, hojeNaZona(ctx.loja.zona));
  ctx.estado.conta = conta;
}

/** A histórico padrão must exist, apply to conta corrente, and agree with the entry's nature. */
export async function validarHistorico(
  ctx: Ctx<{ historicoPadraoId?: number | null; tipo?: 'CREDITO' | 'DEBITO' }>,
): Promise<void> {
  const id = ctx.entrada.historicoPadraoId;
  if (!id) return;
  const { rows } = await sql<{ natureza: string; aplicacao: string[]; ativo: boolean }>`
    select natureza, aplicacao, ativo from historico_padrao where id = ${id}`.execute(ctx.trx);
  const h = rows[0];
  if (!h?.ativo) throw recusar('historicoPadraoId', MSG.historicoNaoEncontrado);
  if (h.aplicacao?.length && !h.aplicacao.includes('CONTA_CORRENTE'))
    throw recusar('historicoPadraoId', MSG.historicoNaoAplica);
  const tipo = ctx.entrada.tipo;
  if (tipo && h.natureza !== 'AMBOS' && h.natureza !== tipo)
    throw recusar('historicoPadraoId', MSG.historicoNatureza(h.natureza));
}

async function gravar(ctx: Ctx<unknown>, entradas: EntradaDoRazao[]): Promise<void> {
  const ids = await lancarNoBanco(ctx.trx, entradas, ctx.usuarioId);
  ctx.estado.lancamentos = await lancamentosPorId(ctx.trx, ids);
  const primeiro = ctx.estado.lancamentos[0]!;
  ctx.auditoria = {
    entidade: 'lancamentoBancario',
    entidadeId: primeiro.id,
    operacao: 'INCLUSAO',
    depois: ctx.estado.lancamentos.map(({ lancadoEm: _l, ...l }) => l),
  };
}

export async function lancar(ctx: Ctx<EntradaLancamentoBancario>): Promise<void> {
  const e = ctx.entrada;
  await gravar(ctx, [{ ...e, lojaId: ctx.estado.conta!.lojaId }]);
}

/** The destination: another active account the user holds, the date on it too. */
export async function validarDestino(ctx: Ctx<EntradaTransferenciaBancaria>): Promise<void> {
  const e = ctx.entrada;
  if (e.contaDestinoId === e.contaCorrenteId) throw recusar('contaDestinoId', MSG.mesmaConta);
  const destino = await lerConta(ctx.trx, e.contaDestinoId);
  if (!destino || !ctx.auth.lojas.includes(destino.lojaId)) {
    if (destino) throw proibido(MSG.destinoForaDoEscopo);
    throw recusar('contaDestinoId', MSG.contaNaoEncontrada);
  }
  if (!destino.ativo) throw recusar('contaDestinoId', MSG.contaInativa);
  validarData(destino, e.data, hojeNaZona(ctx.loja.zona));
}

export async function transferir(ctx: Ctx<EntradaTransferenciaBancaria>): Promise<void> {
  const e = ctx.entrada;
  const destino = (await lerConta(ctx.trx, e.contaDestinoId))!;
  const comum = {
    data: e.data,
    valor: e.valor,
    historicoPadraoId: e.historicoPadraoId,
    complemento: e.complemento,
    numeroDocumento: e.numeroDocumento,
    origem: 'TRANSFERENCIA' as const,
    transferenciaId: randomUUID(),
  };
  await gravar(ctx, [
    { ...comum, contaCorrenteId: e.contaCorrenteId, lojaId: ctx.estado.conta!.lojaId, tipo: 'DEBITO' },
    { ...comum, contaCorrenteId: destino.id, lojaId: destino.lojaId, tipo: 'CREDITO' },
  ]);
}

/**
 * A reversal posts the inverse entry (both ends of a transfer): never a reversal, never twice, never while
 * reconciled. The reversal's date defaults to the store's today.
 */
export async function estornar(ctx: Ctx<EntradaEstornoLancamento>): Promise<void> {
  const e = ctx.entrada;
  const [original] = await lancamentosPorId(ctx.trx, [String(e.lancamentoId)]);
  if (!original || original.contaCorrenteId !== e.contaCorrenteId) throw naoEncontrado(MSG.naoEncontrado);
  if (original.estornoDe) throw conflito(MSG.estornoDeEstorno);
  let alvos = original.transferenciaId
    ? await lancamentosDaTransferencia(ctx.trx, original.transferenciaId)
    : [original];
  // both ends' locks before the checks: a reversal from the other end waits and then sees this one
  await travarEscopos(
    ctx.trx,
    LEDGER_BANCO,
    alvos.map((a) => a.contaCorrenteId),
  );
  alvos = await lancamentosPorId(
    ctx.trx,
    alvos.map((a) => a.id),
  );
  for (const a of alvos) {
    if (a.estornadoPor) throw conflito(MSG.jaEstornado);
    if (a.conciliado) throw conflito(MSG.conciliado);
  }
  const data = e.data ?? hojeNaZona(ctx.loja.zona);
  const hoje = hojeNaZona(ctx.loja.zona);
  const entradas: EntradaDoRazao[] = [];
  for (const a of alvos) {
    const conta = (await lerConta(ctx.trx, a.contaCorrenteId))!;
    if (!ctx.auth.lojas.includes(conta.lojaId)) throw proibido(MSG.destinoForaDoEscopo);
    validarData(conta, data, hoje);
    entradas.push({
      contaCorrenteId: a.contaCorrenteId,
      lojaId: conta.lojaId,
      data,
      tipo: a.tipo === 'CREDITO' ? 'DEBITO' : 'CREDITO',
      valor: a.valor,
      historicoPadraoId: a.historicoPadraoId,
      complemento: `Estorno do lançamento ${a.id}`,
      numeroDocumento: a.numeroDocumento,
      origem: a.origem,
      transferenciaId: null,
      estornoDe: a.id,
    });
  }
  await gravar(ctx, entradas);
}

async function lancamentosDaTransferencia(trx: Tx, transferenciaId: string): Promise<LancamentoBancario[]> {
  const { rows } = await sql<{ id: string }>`
    select id::text as id from lancamento_bancario where transferencia_id = ${transferenciaId}::uuid`.execute(trx);
  return lancamentosPorId(
    trx,
    rows.map((r) => r.id),
  );
}
