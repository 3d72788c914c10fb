/**
 * Steps of the bank reconciliation (conciliacao.workflow.ts). Every step holds the account's ledger lock
 * (the same a posting or a reversal takes), so a line or an entry is never linked twice nor reversed while
 * being linked. Links live in their own tables (ledger rows are never updated); undoing deactivates them.
 */
import {
  centavosDe,
  type EntradaConciliar,
  type entradaDesconciliar,
  type entradaFechamentoConta,
  type entradaGerarLancamento,
  type entradaIgnorarLinha,
  hojeNaZona,
  type LancamentoBancario,
  MSG_CONCILIACAO as MSG,
  MSG_LANCAMENTO_BANCARIO,
  somaConfere,
} from '@retaguarda/domain';
import { sql } from 'kysely';
import type { z } from 'zod';
import type { Tx } from '../../db/database';
import { travarEscopos } from '../../ledger/periodo';
import { type ContextoDoComando, conflito, naoEncontrado, recusar, travar } from '../../workflows';
import { lancamentosPorId } from './lancamento.consulta';
import { chaveFechamentoBancario, LEDGER_BANCO, lancarNoBanco } from './razao-bancario';

interface Feita {
  id: string;
  linhas: string[];
  lancamentos: string[];
}
export interface EstadoConciliacao {
  feitas: Feita[];
  lancamento?: LancamentoBancario;
}
export const estadoConciliacao = (): EstadoConciliacao => ({ feitas: [] });

const dinheiro = (c: bigint) => {
  const a = c < 0n ? -c : c;
  return `${c < 0n ? '-' : ''}${a / 100n}.${String(a % 100n).padStart(2, '0')}`;
};

/** The account's lock, and that it takes part in reconciliation. */
export async function travarConta(
  ctx: ContextoDoComando<{ contaCorrenteId: number }, EstadoConciliacao>,
): Promise<void> {
  await travarEscopos(ctx.trx, LEDGER_BANCO, [ctx.entrada.contaCorrenteId]);
  const { rows } = await sql<{ utiliza: boolean }>`
    select utiliza_conciliacao as utiliza from conta_corrente where id = ${ctx.entrada.contaCorrenteId}`.execute(
    ctx.trx,
  );
  if (!rows[0]?.utiliza) throw conflito(MSG.naoUtiliza);
}

interface LinhaLida {
  id: string;
  conta: number;
  valor: string;
  ignorado: boolean;
  data: string;
  descricao: string | null;
  numeroDocumento: string | null;
  tipo: string;
  conciliada: boolean;
}
async function lerLinhas(trx: Tx, ids: readonly string[]): Promise<Map<string, LinhaLida>> {
  const { rows } = await sql<LinhaLida>`
    select l.id::text as id, l.conta_corrente_id as conta, l.valor::text as valor, l.ignorado,
           to_char(l.data, 'YYYY-MM-DD') as data, l.descricao, l.numero_documento, l.tipo_transacao as tipo,
           exists (select 1 from conciliacao_linha cl where cl.linha_id = l.id and cl.ativo) as conciliada
      from extrato_linha l where l.id = any(${ids}::int8[])`.execute(trx);
  return new Map(rows.map((r) => [r.id, r]));
}

/**
 * Inserts one reconciliation per group and its links (set-based); answers them in input order. A group a rule
 * made names it (`regraId`): Desconciliar undoes it like any other.
 */
export async function gravarConciliacoes(
  trx: Tx,
  conta: number,
  usuarioId: number | null,
  grupos: readonly { linhas: string[]; lancamentos: string[]; regraId?: number | null }[],
): Promise<Feita[]> {
  if (!grupos.length) return [];
  const { rows } = await sql<{ id: string }>`
    insert into conciliacao (conta_corrente_id, usuario_id, regra_id)
    select ${conta}::int4, ${usuarioId}::int4, r
      from unnest(${grupos.map((g) => g.regraId ?? null)}::int4[]) with ordinality as t(r, ord) order by ord
    returning id::text as id`.execute(trx);
  const ids = rows.map((r) => r.id).sort((a, b) => Number(a) - Number(b));
  const feitas = grupos.map((g, i) => ({ id: ids[i]!, linhas: g.linhas, lancamentos: g.lancamentos }));
  const pares = (k: 'linhas' | 'lancamentos') => feitas.flatMap((f) => f[k].map((x) => [f.id, x] as const));
  const pl = pares('linhas');
  const pe = pares('lancamentos');
  await sql`insert into conciliacao_linha (conciliacao_id, linha_id)
    select * from unnest(${pl.map((p) => p[0])}::int8[], ${pl.map((p) => p[1])}::int8[])`.execute(trx);
  await sql`insert into conciliacao_lancamento (conciliacao_id, lancamento_id)
    select * from unnest(${pe.map((p) => p[0])}::int8[], ${pe.map((p) => p[1])}::int8[])`.execute(trx);
  return feitas;
}

/** Confirm: every line and entry of this account, pending, each used once, each group an exact sum. */
export async function conciliar(ctx: ContextoDoComando<EntradaConciliar, EstadoConciliacao>): Promise<void> {
  const conta = ctx.entrada.contaCorrenteId;
  const grupos = ctx.entrada.grupos;
  const todasL = grupos.flatMap((g) => g.linhas);
  const todosE = grupos.flatMap((g) => g.lancamentos);
  if (new Set(todasL).size !== todasL.length || new Set(todosE).size !== todosE.length)
    throw conflito(MSG.jaConciliado);
  const linhas = await lerLinhas(ctx.trx, todasL);
  const lancs = new Map((await lancamentosPorId(ctx.trx, todosE)).map((l) => [l.id, l]));
  const hoje = hojeNaZona(ctx.loja.zona);
  grupos.forEach((g, i) => {
    for (const id of g.linhas) {
      const l = linhas.get(id);
      if (!l || l.conta !== conta) throw recusar(`grupos.${i}.linhas`, MSG.linhaNaoEncontrada(id));
      if (l.ignorado) throw recusar(`grupos.${i}.linhas`, MSG.ignorada);
      if (l.data > hoje) throw recusar(`grupos.${i}.linhas`, MSG.futura);
      if (l.conciliada) throw conflito(MSG.jaConciliado);
    }
    for (const id of g.lancamentos) {
      const e = lancs.get(id);
      if (!e || e.contaCorrenteId !== conta) throw recusar(`grupos.${i}.lancamentos`, MSG.lancamentoNaoEncontrado(id));
      if (e.conciliado || e.estornadoPor || e.estornoDe) throw conflito(MSG.jaConciliado);
    }
    const cl = g.linhas.map((id) => centavosDe(linhas.get(id)!.valor));
    const ce = g.lancamentos.map((id) => {
      const e = lancs.get(id)!;
      const c = centavosDe(e.valor);
      return e.tipo === 'CREDITO' ? c : -c;
    });
    if (!somaConfere(cl, ce))
      throw recusar(
        `grupos.${i}`,
        MSG.somaDiferente(dinheiro(cl.reduce((a, b) => a + b, 0n)), dinheiro(ce.reduce((a, b) => a + b, 0n))),
      );
  });
  ctx.estado.feitas = await gravarConciliacoes(ctx.trx, conta, ctx.usuarioId, grupos);
  ctx.auditoria = {
    entidade: 'conciliacao',
    entidadeId: ctx.estado.feitas[0]!.id,
    operacao: 'INCLUSAO',
    depois: { contaCorrenteId: conta, conciliacoes: ctx.estado.feitas },
  };
}

export async function desconciliar(
  ctx: ContextoDoComando<z.output<typeof entradaDesconciliar>, EstadoConciliacao>,
): Promise<void> {
  const { contaCorrenteId: conta, conciliacaoId: id } = ctx.entrada;
  const { rows } = await sql<{ ativo: boolean }>`
    select ativo from conciliacao where id = ${id} and conta_corrente_id = ${conta}`.execute(ctx.trx);
  if (!rows[0]) throw naoEncontrado(MSG.naoEncontrada);
  if (!rows[0].ativo) throw conflito(MSG.desfeita);
  await sql`update conciliacao set ativo = false, desfeita_em = now(), desfeita_por = ${ctx.usuarioId}::int4
             where id = ${id}`.execute(ctx.trx);
  const { rows: l } = await sql<{ id: string }>`
    update conciliacao_linha set ativo = false where conciliacao_id = ${id} returning linha_id::text as id`.execute(
    ctx.trx,
  );
  const { rows: e } = await sql<{ id: string }>`
    update conciliacao_lancamento set ativo = false where conciliacao_id = ${id}
    returning lancamento_id::text as id`.execute(ctx.trx);
  ctx.estado.feitas = [{ id: String(id), linhas: l.map((x) => x.id), lancamentos: e.map((x) => x.id) }];
  ctx.auditoria = { entidade: 'conciliacao', entidadeId: id, operacao: 'EXCLUSAO', antes: ctx.estado.feitas[0] };
}

/** An unmatched line becomes an entry (its date, sign and amount) with a histórico padrão, reconciled at once. */
export async function gerarLancamento(
  ctx: ContextoDoComando<z.output<typeof entradaGerarLancamento>, EstadoConciliacao>,
): Promise<void> {
  const e = ctx.entrada;
  const l = (await lerLinhas(ctx.trx, [e.linhaId])).get(e.linhaId);
  if (!l || l.conta !== e.contaCorrenteId) throw recusar('linhaId', MSG.linhaNaoEncontrada(e.linhaId));
  if (l.ignorado) throw recusar('linhaId', MSG.ignorada);
  if (l.data > hojeNaZona(ctx.loja.zona)) throw recusar('linhaId', MSG.futura);
  if (l.conciliada) throw conflito(MSG.jaConciliado);
  const tipo = l.valor.startsWith('-') ? 'DEBITO' : 'CREDITO';
  const { rows: h } = await sql<{ natureza: string; aplicacao: string[] | null; ativo: boolean }>`
    select natureza, aplicacao, ativo from historico_padrao where id = ${e.historicoPadraoId}`.execute(ctx.trx);
  const hist = h[0];
  if (!hist?.ativo) throw recusar('historicoPadraoId', MSG_LANCAMENTO_BANCARIO.historicoNaoEncontrado);
  if (hist.aplicacao?.length && !hist.aplicacao.includes('CONTA_CORRENTE'))
    throw recusar('historicoPadraoId', MSG_LANCAMENTO_BANCARIO.historicoNaoAplica);
  if (hist.natureza !== 'AMBOS' && hist.natureza !== tipo)
    throw recusar('historicoPadraoId', MSG_LANCAMENTO_BANCARIO.historicoNatureza(hist.natureza));
  const [id] = await lancarNoBanco(
    ctx.trx,
    [
      {
        contaCorrenteId: e.contaCorrenteId,
        lojaId: ctx.loja.id,
        data: l.data,
        tipo,
        valor: l.valor.replace('-', ''),
        historicoPadraoId: e.historicoPadraoId,
        complemento: e.complemento ?? l.descricao,
        numeroDocumento: l.numeroDocumento,
        origem: ['FEE', 'SRVCHG'].includes(l.tipo) ? 'TARIFA' : 'CONCILIACAO',
      },
    ],
    ctx.usuarioId,
    'linhaId',
  );
  ctx.estado.feitas = await gravarConciliacoes(ctx.trx, e.contaCorrenteId, ctx.usuarioId, [
    { linhas: [e.linhaId], lancamentos: [id!] },
  ]);
  ctx.estado.lancamento = (await lancamentosPorId(ctx.trx, [id!]))[0]!;
  ctx.auditoria = {
    entidade: 'conciliacao',
    entidadeId: ctx.estado.feitas[0]!.id,
    operacao: 'INCLUSAO',
    depois: { linha: e.linhaId, lancamento: ctx.estado.lancamento.id },
  };
}

/** Ignore a line (out of reconciliation, counted as done in its import's status) or take it back. */
export async function ignorarLinha(
  ctx: ContextoDoComando<z.output<typeof entradaIgnorarLinha>, EstadoConciliacao>,
): Promise<void> {
  const { contaCorrenteId: conta, linhaId, ignorar } = ctx.entrada;
  const l = (await lerLinhas(ctx.trx, [String(linhaId)])).get(String(linhaId));
  if (!l || l.conta !== conta) throw naoEncontrado(MSG.linhaNaoEncontrada(String(linhaId)));
  if (l.conciliada) throw conflito(MSG.linhaConciliada);
  await sql`update extrato_linha set ignorado = ${ignorar} where id = ${linhaId}`.execute(ctx.trx);
  ctx.auditoria = {
    entidade: 'extratoLinha',
    entidadeId: linhaId,
    operacao: 'ALTERACAO',
    antes: { ignorado: l.ignorado },
    depois: { ignorado: ignorar },
  };
}

export interface EstadoFechamentoConta {
  anterior: string | null;
}

/**
 * Close the account up to a date: not after today, not before its current closing, and no pending statement line
 * on or before it (a closing is a finished reconciliation). The posting's closed-period rule does the rest.
 */
export async function fecharConta(
  ctx: ContextoDoComando<z.output<typeof entradaFechamentoConta>, EstadoFechamentoConta>,
): Promise<void> {
  const { contaCorrenteId: conta, fechadoAte } = ctx.entrada;
  // the closing key exclusively: postings (which take it shared) wait, and so does another closing
  await travar(ctx.trx, null, [chaveFechamentoBancario(conta)]);
  const { rows } = await sql<{ fechadoAte: string | null }>`
    select to_char(fechado_ate, 'YYYY-MM-DD') as fechado_ate from fechamento_conta_corrente
     where conta_corrente_id = ${conta}`.execute(ctx.trx);
  const anterior = rows[0]?.fechadoAte ?? null;
  ctx.estado.anterior = anterior;
  if (fechadoAte > hojeNaZona(ctx.loja.zona)) throw recusar('fechadoAte', MSG.fechamentoFuturo);
  if (anterior && fechadoAte < anterior) throw recusar('fechadoAte', MSG.fechamentoAntes(anterior));
  const { rows: p } = await sql<{ n: number }>`
    select count(*)::int as n from extrato_linha l
     where l.conta_corrente_id = ${conta} and l.data <= ${fechadoAte}::date and not l.ignorado
       and not exists (select 1 from conciliacao_linha cl where cl.linha_id = l.id and cl.ativo)`.execute(ctx.trx);
  if (p[0]!.n) throw recusar('fechadoAte', MSG.pendentesNoFechamento(p[0]!.n));
  await sql`
    insert into fechamento_conta_corrente (conta_corrente_id, fechado_ate, alterado_por, alterado_em)
    values (${conta}, ${fechadoAte}::date, ${ctx.usuarioId}::int4, now())
    on conflict (assinante_id, conta_corrente_id) do update
      set fechado_ate = excluded.fechado_ate, alterado_por = excluded.alterado_por, alterado_em = excluded.alterado_em`.execute(
    ctx.trx,
  );
  ctx.auditoria = {
    entidade: 'fechamentoContaCorrente',
    entidadeId: conta,
    operacao: 'ALTERACAO',
    antes: { fechadoAte: anterior },
    depois: { fechadoAte },
  };
}
