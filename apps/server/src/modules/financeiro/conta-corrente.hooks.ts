/** Conta corrente: branch and account are checked with the algorithm of the agent's bank (digitos-bancarios.ts). */
import {
  contaCorrente,
  errosContaCorrente,
  errosDadosBancarios,
  falhaDeCampo,
  normalizarChavePix,
} from '@retaguarda/domain';
import { sql } from 'kysely';
import { defineValidationHooks } from '../../registers/hooks';

export const contaCorrenteHooks = defineValidationHooks(contaCorrente, async (ctx, m) => {
  const erros = errosContaCorrente(m);
  // a key pasted with its mask is kept as the PIX directory holds it
  if (!erros.length && typeof m.chavePix === 'string' && m.tipoChavePix && 'chavePix' in ctx.value)
    ctx.value.chavePix = normalizarChavePix(String(m.tipoChavePix), m.chavePix);
  if (erros.length || m.tipoConta === 'CAIXA' || m.agenteFinanceiroId == null) return erros;
  // aliased: the Kysely instance maps snake_case result keys to camelCase
  const r = await sql<{
    banco: string | null;
  }>`select codigo_banco as banco from agente_financeiro where id = ${m.agenteFinanceiroId}`.execute(ctx.trx);
  if (!r.rows[0]) return [falhaDeCampo('agenteFinanceiroId', 'registro referenciado não encontrado.')];
  if (!r.rows[0].banco)
    return [falhaDeCampo('agenteFinanceiroId', 'o agente financeiro não tem código de banco (COMPE).')];
  return errosDadosBancarios({
    banco: r.rows[0].banco,
    agencia: String(m.agencia),
    agenciaDigito: (m.agenciaDigito as string | null) ?? null,
    conta: String(m.numeroConta),
    contaDigito: (m.numeroContaDigito as string | null) ?? null,
  });
});
