/** Rules of the Financeiro registers (issue 6) beyond the declaration; the rules themselves are pure domain functions. */
import {
  errosContaCorrente,
  errosDadosBancarios,
  errosFormaPagamento,
  errosHistoricoPadrao,
  errosMotivoCancelamento,
  reasonsOf,
  registerByKey,
} from '@retaguarda/domain';
import { sql } from 'kysely';
import { ApiError } from '../../plugins/errors';
import type { HookContext, RegisterHooks } from '../hooks';

/** The record as it will be saved: the stored row with the validated changes on top. */
export const merged = ({ value, before }: HookContext): Record<string, unknown> => ({ ...(before ?? {}), ...value });

/**
 * Builds a before-create/update pair that refuses the write with 422 when the check finds reasons
 * (`campo: mensagem`), labelled like the engine's own reasons so the form shows each under its field.
 */
export function validando(
  key: string,
  check: (ctx: HookContext, m: Record<string, unknown>) => string[] | Promise<string[]>,
): RegisterHooks {
  const run = async (ctx: HookContext) => {
    const reasons = await check(ctx, merged(ctx));
    if (!reasons.length) return;
    const issues = reasons.map((r) => {
      const m = /^([\w.[\]]+): (.+)$/.exec(r);
      return m ? { path: m[1]!, message: m[2]! } : { path: '', message: r };
    });
    throw new ApiError(422, 'Os dados enviados são inválidos.', reasonsOf(issues, registerByKey(key)!));
  };
  return { beforeCreate: run, beforeUpdate: run };
}

export const motivoCancelamentoHooks = validando('motivoCancelamento', (_ctx, m) => errosMotivoCancelamento(m));
export const historicoPadraoHooks = validando('historicoPadrao', (_ctx, m) => errosHistoricoPadrao(m.descricao));
export const formaPagamentoHooks = validando('formaPagamento', (_ctx, m) => errosFormaPagamento(m));

/** A bank needs its COMPE code; the ISPB comes from the official banks table when left empty. */
export const agenteFinanceiroHooks = validando('agenteFinanceiro', async (ctx, m) => {
  if (m.tipo === 'BANCO' && !m.codigoBanco) return ['codigoBanco: informe o código COMPE do banco.'];
  if (m.codigoBanco && !m.ispb && ('codigoBanco' in ctx.value || 'ispb' in ctx.value)) {
    const r = await sql<{ ispb: string | null }>`select ispb from banco where compe = ${m.codigoBanco}`.execute(
      ctx.trx,
    );
    if (!r.rows[0]) return [`codigoBanco: o banco ${m.codigoBanco} não está na tabela de bancos do Banco Central.`];
    ctx.value.ispb = r.rows[0].ispb;
  }
  return [];
});

/** Branch and account are checked with the algorithm of the agent's bank (digitos-bancarios.ts). */
export const contaCorrenteHooks = validando('contaCorrente', async (ctx, m) => {
  const erros = errosContaCorrente(m);
  if (erros.length || m.tipoConta === 'CAIXA' || m.agenteFinanceiroId == null) return erros;
  // aliased: the Kysely instance maps snake_case result keys to camelCase
  const r = await sql<{
    banco: string | null;
  }>`select codigo_banco as banco from agente_financeiro where id = ${m.agenteFinanceiroId}`.execute(ctx.trx);
  if (!r.rows[0]) return ['agenteFinanceiroId: registro referenciado não encontrado.'];
  if (!r.rows[0].banco) return ['agenteFinanceiroId: o agente financeiro não tem código de banco (COMPE).'];
  return errosDadosBancarios({
    banco: r.rows[0].banco,
    agencia: String(m.agencia),
    agenciaDigito: (m.agenciaDigito as string | null) ?? null,
    conta: String(m.numeroConta),
    contaDigito: (m.numeroContaDigito as string | null) ?? null,
  });
});
