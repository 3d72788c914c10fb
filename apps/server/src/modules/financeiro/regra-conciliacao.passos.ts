/**
 * Steps of the reconciliation rules' commands (regra-conciliacao.workflow.ts): validate (the account among the
 * user's stores, the histórico fit for the sign), save, the 90-day preview (what the rule alone would take among
 * the pending lines of its accounts: answered by every create and edit, and by `?previa=true` before saving), and
 * the on-demand application over an account's period.
 */
import {
  DIAS_PREVIA_REGRA,
  type EfeitoDeRegra,
  type EntradaRegraConciliacao,
  type entradaAplicarRegras,
  MSG_CONCILIACAO,
  MSG_LANCAMENTO_BANCARIO,
  MSG_REGRA_CONCILIACAO as MSG,
  type RegraConciliacao,
  type RegraDoMotor,
  somarDias,
} from '@retaguarda/domain';
import { sql } from 'kysely';
import type { z } from 'zod';
import type { Tx } from '../../db/database';
import { type ContextoDoComando, naoEncontrado, recusar } from '../../workflows';
import { contasAlvo, decidir, efeitos, executarDecisoes, regrasDaConta } from './regra-conciliacao.aplicacao';

export interface Previa {
  inicio: string;
  fim: string;
  linhas: EfeitoDeRegra[];
  total: number;
  lancamentosCriados: number;
  conciliacoes: number;
}
export interface EstadoRegra {
  regra?: RegraConciliacao;
  previa?: Previa;
  efeitos: EfeitoDeRegra[];
  lancamentosCriados: number;
}
export const estadoRegra = (): EstadoRegra => ({ efeitos: [], lancamentosCriados: 0 });

type EntradaRegra = EntradaRegraConciliacao & { id?: number };
type Ctx<E> = ContextoDoComando<E, EstadoRegra>;

const LISTADAS_NA_PREVIA = 200;

/** The rule as the wire shows it (the saved JSON is the contract's output, re-read by the engine). */
export const regraDaEntrada = (id: number | null, e: EntradaRegraConciliacao): RegraConciliacao => ({
  id,
  descricao: e.descricao,
  contaCorrenteId: e.contaCorrenteId,
  prioridade: e.prioridade,
  ativo: e.ativo,
  confirmarAutomatico: e.confirmarAutomatico,
  condicoes: {
    memoContem: e.condicoes.memoContem,
    memoComecaCom: e.condicoes.memoComecaCom,
    memoRegex: e.condicoes.memoRegex,
    valorMinimo: e.condicoes.valorMinimo,
    valorMaximo: e.condicoes.valorMaximo,
    sinal: e.condicoes.sinal,
    diasSemana: e.condicoes.diasSemana,
  },
  acao:
    e.acao.tipo === 'GERAR_LANCAMENTO'
      ? { tipo: e.acao.tipo, historicoPadraoId: e.acao.historicoPadraoId, complemento: e.acao.complemento }
      : { tipo: e.acao.tipo, origem: e.acao.origem, janelaDias: e.acao.janelaDias },
});

/** The account among the user's stores; the histórico active, for bank accounts, of the rule's sign. */
export async function validarRegra(ctx: Ctx<EntradaRegra>): Promise<void> {
  const e = ctx.entrada;
  if (e.contaCorrenteId !== null) {
    const contas = await contasDoUsuario(ctx.trx, ctx.auth.lojas, e.contaCorrenteId);
    if (!contas.length) throw recusar('contaCorrenteId', MSG.contaNaoEncontrada);
  }
  if (e.acao.tipo !== 'GERAR_LANCAMENTO') return;
  const { rows } = await sql<{ natureza: string; aplicacao: string[] | null; ativo: boolean }>`
    select natureza, aplicacao, ativo from historico_padrao where id = ${e.acao.historicoPadraoId}`.execute(ctx.trx);
  const h = rows[0];
  const campo = 'acao.historicoPadraoId';
  if (!h?.ativo) throw recusar(campo, MSG_LANCAMENTO_BANCARIO.historicoNaoEncontrado);
  if (h.aplicacao?.length && !h.aplicacao.includes('CONTA_CORRENTE'))
    throw recusar(campo, MSG_LANCAMENTO_BANCARIO.historicoNaoAplica);
  if (h.natureza !== 'AMBOS' && h.natureza !== e.condicoes.sinal)
    throw recusar('condicoes.sinal', MSG.historicoNatureza(h.natureza === 'DEBITO' ? 'débito' : 'crédito'));
}

const contasDoUsuario = async (trx: Tx, lojas: readonly number[], id: number) => {
  const { rows } = await sql<{ id: number }>`
    select id from conta_corrente where id = ${id} and loja_id = any(${lojas}::int4[])`.execute(trx);
  return rows;
};

/** A rule of another store's account is not the user's: 404, as for one that does not exist. */
async function lerRegraDoUsuario(ctx: Ctx<{ id: number }>): Promise<RegraConciliacao> {
  const { rows } = await sql<RegraConciliacao>`
    select r.id, r.descricao, r.conta_corrente_id, r.prioridade, r.ativo, r.confirmar_automatico, r.condicoes, r.acao
      from regra_conciliacao r left join conta_corrente c on c.id = r.conta_corrente_id
     where r.id = ${ctx.entrada.id}
       and (r.conta_corrente_id is null or c.loja_id = any(${ctx.auth.lojas}::int4[]))
     for update of r`.execute(ctx.trx);
  if (!rows[0]) throw naoEncontrado(MSG.naoEncontrada);
  return rows[0];
}

export async function incluirRegra(ctx: Ctx<EntradaRegraConciliacao>): Promise<void> {
  const e = ctx.entrada;
  const { rows } = await sql<{ id: number }>`
    insert into regra_conciliacao (descricao, conta_corrente_id, prioridade, ativo, confirmar_automatico, condicoes,
                                   acao, criado_por)
    values (${e.descricao}, ${e.contaCorrenteId}, ${e.prioridade}, ${e.ativo}, ${e.confirmarAutomatico},
            ${JSON.stringify(regraDaEntrada(null, e).condicoes)}::jsonb, ${JSON.stringify(regraDaEntrada(null, e).acao)}::jsonb,
            ${ctx.usuarioId}::int4)
    returning id`.execute(ctx.trx);
  const id = rows[0]!.id;
  ctx.estado.regra = regraDaEntrada(ctx.previa ? null : id, e);
  ctx.auditoria = { entidade: 'regraConciliacao', entidadeId: id, operacao: 'INCLUSAO', depois: ctx.estado.regra };
}

export async function alterarRegra(ctx: Ctx<EntradaRegraConciliacao & { id: number }>): Promise<void> {
  const antes = await lerRegraDoUsuario(ctx);
  const e = ctx.entrada;
  const nova = regraDaEntrada(e.id, e);
  await sql`
    update regra_conciliacao set descricao = ${e.descricao}, conta_corrente_id = ${e.contaCorrenteId},
           prioridade = ${e.prioridade}, ativo = ${e.ativo}, confirmar_automatico = ${e.confirmarAutomatico},
           condicoes = ${JSON.stringify(nova.condicoes)}::jsonb, acao = ${JSON.stringify(nova.acao)}::jsonb,
           alterado_em = now()
     where id = ${e.id}`.execute(ctx.trx);
  ctx.estado.regra = nova;
  ctx.auditoria = { entidade: 'regraConciliacao', entidadeId: e.id, operacao: 'ALTERACAO', antes, depois: nova };
}

export async function excluirRegra(ctx: Ctx<{ id: number }>): Promise<void> {
  const antes = await lerRegraDoUsuario(ctx);
  await sql`delete from regra_conciliacao where id = ${ctx.entrada.id}`.execute(ctx.trx);
  ctx.auditoria = { entidade: 'regraConciliacao', entidadeId: ctx.entrada.id, operacao: 'EXCLUSAO', antes };
}

/**
 * What a rule alone would do over the last 90 days of its accounts (its own, or every reconciled account of the
 * user's stores): the pending lines it takes, the entries it would create, the matches it would make.
 */
export async function previaDeRegra(trx: Tx, lojas: readonly number[], regra: RegraConciliacao): Promise<Previa> {
  const contas = await contasAlvo(trx, lojas, regra.contaCorrenteId);
  const motor: RegraDoMotor = { ...regra, id: regra.id ?? 0 };
  const todos: EfeitoDeRegra[] = [];
  let inicio = '';
  let fim = '';
  for (const c of contas) {
    const periodo = { inicio: somarDias(c.hoje, -(DIAS_PREVIA_REGRA - 1)), fim: c.hoje };
    if (!fim || periodo.fim > fim) fim = periodo.fim;
    if (!inicio || periodo.inicio < inicio) inicio = periodo.inicio;
    todos.push(...efeitos(await decidir(trx, c, [motor], periodo)).map((x) => ({ ...x, regraId: regra.id })));
  }
  return {
    inicio,
    fim,
    linhas: todos.slice(0, LISTADAS_NA_PREVIA),
    total: todos.length,
    lancamentosCriados: todos.filter((x) => x.acao === 'GERAR_LANCAMENTO').length,
    conciliacoes: todos.length,
  };
}

export async function preverRegra(ctx: Ctx<unknown>): Promise<void> {
  ctx.estado.previa = await previaDeRegra(ctx.trx, ctx.auth.lojas, ctx.estado.regra!);
}

/** On demand: every exact decision of the account's active rules over the period's pending lines. */
export async function aplicarRegrasDaConta(ctx: Ctx<z.output<typeof entradaAplicarRegras>>): Promise<void> {
  const { contaCorrenteId, inicio, fim } = ctx.entrada;
  if (fim < inicio) throw recusar('fim', MSG_CONCILIACAO.fimAntes);
  const [conta] = await contasAlvo(ctx.trx, ctx.auth.lojas, contaCorrenteId);
  if (!conta) throw recusar('contaCorrenteId', MSG_CONCILIACAO.naoUtiliza);
  const d = await decidir(ctx.trx, conta, await regrasDaConta(ctx.trx, conta.id), { inicio, fim });
  const r = await executarDecisoes(
    ctx.trx,
    conta,
    d,
    d.decisoes.filter((x) => x.exata),
    ctx.usuarioId,
  );
  const feitas = new Set(r.feitas.map((x) => x.linhaId));
  ctx.estado.efeitos = efeitos(d).filter((x) => feitas.has(x.linhaId));
  ctx.estado.lancamentosCriados = r.lancamentosCriados;
  ctx.auditoria = {
    entidade: 'conciliacao',
    entidadeId: contaCorrenteId,
    operacao: 'INCLUSAO',
    depois: { regras: true, inicio, fim, conciliacoes: ctx.estado.efeitos.length },
  };
}
