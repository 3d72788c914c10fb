/** Agente financeiro: a bank needs its COMPE code; the ISPB comes from the official banks table when left empty. */
import { agenteFinanceiro, falhaDeCampo } from '@retaguarda/domain';
import { sql } from 'kysely';
import { defineValidationHooks } from '../../registers/hooks';

export const agenteFinanceiroHooks = defineValidationHooks(agenteFinanceiro, async (ctx, m) => {
  if (m.tipo === 'BANCO' && !m.codigoBanco) return [falhaDeCampo('codigoBanco', 'informe o código COMPE do banco.')];
  if (m.codigoBanco && !m.ispb && ('codigoBanco' in ctx.value || 'ispb' in ctx.value)) {
    const r = await sql<{ ispb: string | null }>`select ispb from banco where compe = ${m.codigoBanco}`.execute(
      ctx.trx,
    );
    if (!r.rows[0])
      return [falhaDeCampo('codigoBanco', `o banco ${m.codigoBanco} não está na tabela de bancos do Banco Central.`)];
    ctx.value.ispb = r.rows[0].ispb;
  }
  return [];
});
