/** Setor de produção: the finished-goods and ingredients locations must belong to the sector's stores. */
import { falhaDeCampo, setorProducao } from '@retaguarda/domain';
import { sql } from 'kysely';
import { defineValidationHooks, errosLojas } from '../../registers/hooks';

export const setorProducaoHooks = defineValidationHooks(setorProducao, async (ctx, m) => {
  const erros = 'lojas' in ctx.value ? await errosLojas(ctx.trx, m.lojas) : [];
  const lojas = Array.isArray(m.lojas) ? (m.lojas as number[]) : [];
  for (const campo of ['localEstoqueId', 'localConsumoId'] as const) {
    if (m[campo] == null || lojas.length === 0) continue;
    const r = await sql<{ loja: number }>`select loja_id as loja from local_estoque where id = ${m[campo]}`.execute(
      ctx.trx,
    );
    if (r.rows[0] && !lojas.includes(r.rows[0].loja))
      erros.push(falhaDeCampo(campo, `o local pertence à loja ${r.rows[0].loja}, que não está nas lojas do setor.`));
  }
  return erros;
});
