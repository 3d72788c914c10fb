/**
 * The scenario coverage written into inconsistencia_produto (domain.md §3.7), which the counter
 * `inconsistencias-tributacao` (SEM_CENARIO_FISCAL) and the product inconsistencies (CFOP_NAO_PERMITIDO_NFCE)
 * read. What every product of a retailer must resolve is the sale at the POS: VENDA on NFC-e inside the
 * store's UF, in each active store. A class (NCM, CEST, origem) without a complete treatment in a store gives
 * one row per product and store — one row per product with no store when it lacks it in every store, so a
 * tenant without rules does not write products × stores rows.
 *
 * Kept current by a durable job per tenant: every change the coverage depends on marks its NCM codes or
 * prefixes in fiscal_recontagem_pendente (triggers of migrations 0200/0201: scenarios, grupo NCM, product
 * class, stores, official tables; and the day a rule or an NCM enters or leaves its vigência); the job drains
 * the marks and recounts those products. Deduplicated per tenant: one open
 * job per round (the job opens a new round as it starts, so a change committed while it runs gets a job
 * of its own instead of being lost in one that has already read the marks). Scenario saves enqueue at
 * once; the rest is found by the sweep (official tables change under the loader, products under every
 * register and import).
 */
import { EVENTO_INCONSISTENCIAS_ALTERADAS, MSG_CENARIO } from '@retaguarda/domain';
import { sql } from 'kysely';
import type { Database, Tx } from '../../db/database';
import { defineSchedule, defineJob, tarefasDe } from '../../jobs';
import { eventoDeArea, publicarAgora } from '../../plugins/events';
import { filtroDeNcms, type Lacuna, lojasAtivas, resolverCobertura } from './cenario-cobertura.consulta';

export const TAREFA_RECONTAGEM = 'fiscal.cenarios.recontagem';
const SEM_CENARIO = 'SEM_CENARIO_FISCAL';
const CFOP_NFCE = 'CFOP_NAO_PERMITIDO_NFCE';
/** rounds of marks one job drains before it leaves the rest to the next (a tenant editing non-stop) */
const MAX_RODADAS = 20;

interface Linha {
  ncm: string;
  cest: string;
  origem: string;
  loja: number | null;
  tipo: string;
  valor: string | null;
  detalhe: string;
}

/** One row per class and store (or per class, with no store, when every store lacks it alike). */
function linhasDe(lacunas: readonly Lacuna[], totalLojas: number): Linha[] {
  const porClasse = new Map<string, { lacuna: Lacuna; tipo: string; lojas: number; textos: Set<string> }[]>();
  const out: Linha[] = [];
  const tipoDe = (l: Lacuna) => (l.faltando.length ? SEM_CENARIO : CFOP_NFCE);
  const textoDe = (l: Lacuna) =>
    [...l.faltando, ...(l.cfopProibido ? [MSG_CENARIO.cfopNaoPermitidoNfce(l.cfopProibido)] : [])].join('; ');
  for (const l of lacunas) {
    const chave = `${l.classe.ncm ?? ''}|${l.classe.cest ?? ''}|${l.classe.origem}`;
    porClasse.set(chave, [
      ...(porClasse.get(chave) ?? []),
      { lacuna: l, tipo: tipoDe(l), lojas: l.lojas.length, textos: new Set([textoDe(l)]) },
    ]);
  }
  for (const grupo of porClasse.values()) {
    const c = grupo[0]!.lacuna.classe;
    const base = { ncm: c.ncm ?? '', cest: c.cest ?? '', origem: c.origem };
    const tipos = new Set(grupo.map((g) => g.tipo));
    const lojas = grupo.reduce((s, g) => s + g.lojas, 0);
    if (tipos.size === 1 && lojas === totalLojas) {
      const g = grupo[0]!;
      const textos = [...new Set(grupo.flatMap((x) => [...x.textos]))].join(' | ');
      out.push({
        ...base,
        loja: null,
        tipo: g.tipo,
        valor: g.tipo === CFOP_NFCE ? g.lacuna.cfopProibido : null,
        detalhe: `Em todas as lojas: ${textos}`.slice(0, 1000),
      });
      continue;
    }
    for (const { lacuna, tipo } of grupo)
      for (const loja of lacuna.lojas)
        out.push({
          ...base,
          loja: loja.id,
          tipo,
          valor: tipo === CFOP_NFCE ? lacuna.cfopProibido : null,
          detalhe: `Loja ${loja.fantasia}: ${textoDe(lacuna)}`.slice(0, 1000),
        });
  }
  return out;
}

/**
 * Rewrites SEM_CENARIO_FISCAL and CFOP_NAO_PERMITIDO_NFCE of the products of these NCM codes/prefixes
 * ('#' = without NCM; absent = every product), in the caller's transaction. Returns the rows written.
 */
export async function gravarCobertura(trx: Tx, ncms?: readonly string[]): Promise<number> {
  const todos = !ncms || ncms.includes('');
  const filtro = todos ? undefined : ncms;
  const lojas = await lojasAtivas(trx);
  const lacunas = await resolverCobertura(trx, lojas, { tipoOperacao: 'VENDA', modelo: '65', ncms: filtro });
  await sql`delete from inconsistencia_produto where assinante_id = (select app_assinante()) and tipo in (${SEM_CENARIO}, ${CFOP_NFCE})
    ${filtro ? sql`and produto_id in (select id from produto where assinante_id = (select app_assinante()) and ${filtroDeNcms(filtro)})` : sql``}`.execute(
    trx,
  );
  const linhas = linhasDe(lacunas, lojas.length);
  if (!linhas.length) return 0;
  const col = <K extends keyof Linha>(k: K) => linhas.map((l) => l[k]);
  // class key as the coverage groups it, compared with plain equality so the join hashes
  const r =
    await sql`insert into inconsistencia_produto (assinante_id, produto_id, loja_id, codigo, descricao, tipo, valor_atual, detalhe)
    select p.assinante_id, p.id, x.loja, p.codigo_interno, p.descricao, x.tipo, x.valor, x.detalhe
      from unnest(${col('ncm')}::text[], ${col('cest')}::text[], ${col('origem')}::text[], ${col('loja')}::int[],
                  ${col('tipo')}::text[], ${col('valor')}::text[], ${col('detalhe')}::text[])
             as x (ncm, cest, origem, loja, tipo, valor, detalhe)
      join produto p on coalesce(nullif(trim(p.ncm_id), ''), '') = x.ncm and coalesce(nullif(trim(p.cest), ''), '') = x.cest
                    and coalesce(p.origem, '0') = x.origem
     where p.assinante_id = (select app_assinante()) and p.ativo ${filtro ? sql`and ${filtroDeNcms(filtro)}` : sql``}`.execute(
      trx,
    );
  return Number(r.numAffectedRows ?? 0);
}

export interface ResultadoRecontagem {
  rodadas: number;
  ncms: number;
  inconsistencias: number;
}

/**
 * Drains the tenant's marks once, under a per-tenant lock (two jobs never write the same rows at once): the
 * product detection for official-table marks, then the coverage. Null when there was nothing to do.
 */
export async function recontarPendentes(trx: Tx): Promise<{ ncms: number; inconsistencias: number } | null> {
  await sql`select pg_advisory_xact_lock(hashtextextended(app_assinante() || ':recontagem-fiscal', 0))`.execute(trx);
  const marcas = (
    await sql<{ ncm: string; detectar: boolean }>`delete from fiscal_recontagem_pendente
      where assinante_id = (select app_assinante()) returning ncm, detectar`.execute(trx)
  ).rows;
  if (!marcas.length) return null;
  let n = 0;
  const detectar = [...new Set(marcas.filter((m) => m.detectar).map((m) => m.ncm))];
  if (detectar.includes(''))
    n += Number((await sql<{ n: number }>`select app_detectar_inconsistencias() as n`.execute(trx)).rows[0]?.n ?? 0);
  else if (detectar.length) {
    const r = await sql<{ n: number }>`select app_detectar_inconsistencias_produtos(
        array(select id from produto where assinante_id = (select app_assinante()) and ${filtroDeNcms(detectar)})) as n`.execute(
      trx,
    );
    n += Number(r.rows[0]?.n ?? 0);
  }
  const ncms = [...new Set(marcas.map((m) => m.ncm))];
  n += await gravarCobertura(trx, ncms);
  return { ncms: ncms.length, inconsistencias: n };
}

export const tarefaRecontagem = defineJob<Record<string, never>, ResultadoRecontagem>({
  tipo: TAREFA_RECONTAGEM,
  fila: 'geral',
  async executar(ctx) {
    // a new round first: changes from now on enqueue a job of their own (see the header)
    await ctx.db.withTenant(ctx.assinanteId, (trx) =>
      sql`insert into fiscal_recontagem_rodada (rodada) values (1)
          on conflict (assinante_id) do update set rodada = fiscal_recontagem_rodada.rodada + 1`.execute(trx),
    );
    const total: ResultadoRecontagem = { rodadas: 0, ncms: 0, inconsistencias: 0 };
    for (let i = 0; i < MAX_RODADAS; i++) {
      await ctx.progresso(i, MAX_RODADAS, 'Reavaliando a cobertura dos cenários fiscais');
      const r = await ctx.db.withTenant(ctx.assinanteId, (trx) => recontarPendentes(trx));
      if (!r) break;
      total.rodadas++;
      total.ncms += r.ncms;
      total.inconsistencias += r.inconsistencias;
    }
    if (total.inconsistencias)
      publicarAgora(
        ctx.db,
        eventoDeArea(EVENTO_INCONSISTENCIAS_ALTERADAS, { assinanteId: ctx.assinanteId }, { origem: 'recontagem' }),
      );
    await ctx.progresso(MAX_RODADAS, MAX_RODADAS, 'Concluído');
    return total;
  },
});

/**
 * Enqueues the tenant's recount in the caller's transaction (the job exists only if it commits), one per
 * round: a second change of the same round answers the open job's id.
 */
export async function agendarRecontagemNa(
  trx: Tx,
  db: Database,
  assinanteId: number,
  usuarioId: number | null,
): Promise<string> {
  await sql`insert into fiscal_recontagem_rodada (assinante_id) values (${assinanteId}) on conflict do nothing`.execute(
    trx,
  );
  // FOR SHARE: a job moving to the next round waits for this enqueue to commit, so the marks it drains
  // include this transaction's
  const { rows } = await sql<{ rodada: string }>`select rodada::text from fiscal_recontagem_rodada
    where assinante_id = ${assinanteId} for share`.execute(trx);
  return tarefasDe(db).enviarNa(
    trx,
    TAREFA_RECONTAGEM,
    {},
    {
      assinanteId,
      usuarioId,
      singletonKey: `recontagem:${rows[0]?.rodada ?? '0'}`,
      titulo: 'Cobertura dos cenários fiscais',
      link: '/fiscal/cenarios-fiscais/cobertura',
    },
  );
}

export const agendarRecontagem = (db: Database, assinanteId: number, usuarioId: number | null) =>
  db.withTenant(assinanteId, (trx) => agendarRecontagemNa(trx, db, assinanteId, usuarioId));

/**
 * Marks the day's vigência turnover (once a day per tenant, migration 0201), then enqueues the recount of
 * every tenant with marks waiting; returns how many were enqueued.
 */
export async function varrerRecontagens(db: Database): Promise<number> {
  await sql`select app_recontagem_virada_do_dia()`.execute(db.kysely);
  const { rows } = await sql<{ id: number }>`select app_recontagem_fiscal_assinantes() as id`.execute(db.kysely);
  for (const { id } of rows) await agendarRecontagem(db, id, null);
  return rows.length;
}

/** FISCAL_RECONTAGEM_VARREDURA_S (60; 0 = off), read when the engine starts. */
export function periodoDaVarredura(env: NodeJS.ProcessEnv = process.env): number {
  const s = Number(env.FISCAL_RECONTAGEM_VARREDURA_S ?? 60);
  return Number.isInteger(s) && s >= 0 ? s : 60;
}

/**
 * Official-table loads and product edits mark the coverage for recount without a request that could enqueue
 * it: this sweep enqueues the tenants with marks, every period, on one instance (a delayed pg-boss job per
 * period, see jobs/agendas.ts); the first one a period after start.
 */
export const agendaVarreduraRecontagem = defineSchedule({
  tipo: 'fiscal.cenarios.varredura',
  fila: 'geral',
  aCadaSegundos: () => periodoDaVarredura(),
  executar: ({ db }) => varrerRecontagens(db),
});
