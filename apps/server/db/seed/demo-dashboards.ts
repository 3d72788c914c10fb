/**
 * The demo dashboard "Vendas da rede" (issue "Dashboards over real data"): Ana's, shared with the Financeiro and
 * Gerência de loja groups, over the last 7 days — yesterday's POS sales (demo-vendas-pdv.ts) fill it;
 * `npm run demo:historico` fills a year. Runs after the sales, as the owner: every row names the tenant.
 */
import { sql } from 'kysely';
import type { Database } from '../../src/db/database';

const INDICADORES = [
  { indicador: 'VENDAS_DIA', visualizacao: 'LINHA', tamanho: 8 },
  { indicador: 'TICKET_MEDIO', visualizacao: 'NUMERO', tamanho: 4 },
  { indicador: 'FORMAS_PAGAMENTO', visualizacao: 'PIZZA', tamanho: 6 },
  { indicador: 'TOP_PRODUTOS', visualizacao: 'BARRA', tamanho: 6 },
] as const;

export async function seedDemoDashboards(db: Database): Promise<void> {
  const a = await db.resolveAssinante('localhost');
  if (!a) return;
  await db.withTenant(a.id, async (trx) => {
    const { rows } = await sql<{ a: number; u: number }>`
      select assinante_id as a, id as u from usuario where assinante_id = ${a.id} and username = 'ana.admin'`.execute(
      trx,
    );
    const dono = rows[0];
    if (!dono) return;
    const d = await sql<{ id: number }>`
      insert into dashboard (assinante_id, usuario_id, nome, compartilhado, periodo_padrao)
      values (${dono.a}, ${dono.u}, 'Vendas da rede', true, 'ULTIMOS_7_DIAS') returning id`.execute(trx);
    const id = d.rows[0]!.id;
    await sql`insert into dashboard_grupo (assinante_id, dashboard_id, grupo_id)
      select ${dono.a}, ${id}, g.id from grupo g where g.assinante_id = ${dono.a}
         and g.nome in ('Financeiro', 'Gerência de loja')`.execute(trx);
    for (const [ordem, i] of INDICADORES.entries())
      await sql`insert into dashboard_indicador (assinante_id, dashboard_id, indicador, visualizacao, tamanho, ordem)
        values (${dono.a}, ${id}, ${i.indicador}, ${i.visualizacao}, ${i.tamanho}, ${ordem})`.execute(trx);
  });
}
