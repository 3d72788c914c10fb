/**
 * Reading dashboards: which ones the caller sees (her own, those shared with one of her groups; administrators
 * see every one), one dashboard with its indicators, and an indicator's figures over a filter (period of
 * store-local days, stores among the caller's) for the three compared periods.
 */
import {
  type ChaveIndicador,
  calcularIndicador,
  type Dashboard,
  type DadosIndicador,
  diasDoPeriodo,
  hojeNaZona,
  INDICADORES,
  type IndicadorDashboard,
  MAX_DIAS_DASHBOARD,
  MSG_DASHBOARD as MSG,
  type PeriodoPadrao,
  type Periodo,
  perm,
  periodosComparados,
  resolverPeriodo,
  type ResultadoIndicador,
  zonaDaLoja,
} from '@retaguarda/domain';
import { sql } from 'kysely';
import type { Tx } from '../../db/database';
import type { AuthContext } from '../../plugins/auth';
import { naoEncontrado, proibido, recusar } from '../../workflows';
import { somasDe } from './indicadores.somas';

export const PERM_CUSTO = perm('INDICADOR_CUSTO');

type LinhaDashboard = Omit<Dashboard, 'indicadores' | 'meu'>;

/** Dashboards the caller may read: her own, shared with her groups, or any for an administrator. */
export const visiveis = (auth: AuthContext) =>
  auth.administrador
    ? sql`true`
    : sql`(d.usuario_id = ${auth.usuarioId ?? 0} or (d.compartilhado and exists (
        select 1 from dashboard_grupo g join grupo_membro m on m.grupo_id = g.grupo_id
         where g.dashboard_id = d.id and m.usuario_id = ${auth.usuarioId ?? 0})))`;

const COLUNAS = sql`d.id, d.nome, d.compartilhado, d.periodo_padrao, d.lojas, d.usuario_id, d.versao,
  coalesce(u.nome, u.username) as dono,
  coalesce((select array_agg(g.grupo_id order by g.grupo_id) from dashboard_grupo g where g.dashboard_id = d.id), '{}') as grupos`;

export async function listarDashboards(trx: Tx, auth: AuthContext) {
  const { rows } = await sql<LinhaDashboard & { indicadores: number }>`
    select ${COLUNAS}, (select count(*)::int from dashboard_indicador i where i.dashboard_id = d.id) as indicadores
      from dashboard d join usuario u on u.id = d.usuario_id
     where ${visiveis(auth)} order by lower(d.nome), d.id`.execute(trx);
  return rows.map((r) => ({ ...r, meu: r.usuarioId === auth.usuarioId }));
}

/** One dashboard the caller sees (404 otherwise: another user's not shared with her is not revealed). */
export async function lerDashboard(trx: Tx, auth: AuthContext, id: number, paraAlterar = false): Promise<Dashboard> {
  const { rows } = await sql<LinhaDashboard>`
    select ${COLUNAS} from dashboard d join usuario u on u.id = d.usuario_id
     where d.id = ${id} and ${visiveis(auth)} ${paraAlterar ? sql`for update of d` : sql``}`.execute(trx);
  const d = rows[0];
  if (!d) throw naoEncontrado(MSG.naoEncontrado);
  const ind = await sql<IndicadorDashboard>`
    select id, indicador, visualizacao, tamanho, ordem, titulo, filtro from dashboard_indicador
     where dashboard_id = ${id} order by ordem, id`.execute(trx);
  return { ...d, meu: d.usuarioId === auth.usuarioId, indicadores: ind.rows };
}

/** The stores asked (or the default), each among the caller's: a store outside them is a 403. */
export function lojasDoFiltro(auth: AuthContext, pedidas: readonly number[] | null | undefined): number[] {
  if (!pedidas?.length) return [...auth.lojas];
  const fora = pedidas.find((l) => !auth.lojas.includes(l));
  if (fora !== undefined) throw proibido(MSG.lojaForaDoEscopo(fora));
  return [...pedidas];
}

/** The latest store-local today among the stores (the period may not end after it). */
export async function hojeDasLojas(trx: Tx, lojas: readonly number[]): Promise<string> {
  const { rows } = await sql<{ uf: string; codigoIbge: string | null }>`
    select distinct uf, codigo_ibge from loja where id = any(${lojas}::int4[])`.execute(trx);
  const dias = rows.map((r) => hojeNaZona(zonaDaLoja(r)));
  return dias.length ? dias.sort().at(-1)! : hojeNaZona(zonaDaLoja({ uf: 'SP', codigoIbge: null }));
}

/** The period asked (or the preset resolved on `hoje`): inverted, too long or ending after today is a 422. */
export function periodoDoFiltro(
  hoje: string,
  padrao: PeriodoPadrao,
  inicio: string | undefined,
  fim: string | undefined,
): Periodo {
  const p = inicio || fim ? { inicio: inicio ?? fim!, fim: fim ?? hoje } : resolverPeriodo(padrao, hoje);
  if (p.fim < p.inicio) throw recusar('fim', MSG.periodoInvertido);
  if (p.fim > hoje) throw recusar('fim', MSG.periodoFuturo);
  if (diasDoPeriodo(p) > MAX_DIAS_DASHBOARD) throw recusar('inicio', MSG.periodoLongo(MAX_DIAS_DASHBOARD));
  return p;
}

export async function calcular(
  trx: Tx,
  chave: ChaveIndicador,
  periodo: Periodo,
  lojas: readonly number[],
  limite?: number | null,
): Promise<ResultadoIndicador> {
  const def = INDICADORES[chave];
  const n = limite ?? def.limite ?? 10;
  const p = periodosComparados(periodo);
  const atual = await somasDe(trx, chave, { periodo: p.atual, lojas, limite: n });
  // a TOP's earlier periods are read for the rows the current one lists
  const chaves = def.linhas === 'CATEGORIAS' && def.limite ? atual.map((l) => l.chave) : undefined;
  const antes = (q: Periodo) => somasDe(trx, chave, { periodo: q, lojas, limite: n, ...(chaves ? { chaves } : {}) });
  const anterior = await antes(p.anterior);
  const anoAnterior = await antes(p.anoAnterior);
  return calcularIndicador(def, periodo, { atual, anterior, anoAnterior }, n);
}

export interface FiltroPedido {
  periodo?: PeriodoPadrao | undefined;
  inicio?: string | undefined;
  fim?: string | undefined;
  lojas?: number[] | undefined;
}

/**
 * One indicator of a dashboard under the screen's filter: the indicator's own filter wins over the dashboard's
 * defaults and the screen's (its period preset and stores); cost without PERM_INDICADOR_CUSTO_ACESSO is refused
 * (`lancar`: 403, else the card says why).
 */
export async function dadosDoIndicador(
  trx: Tx,
  auth: AuthContext,
  d: Dashboard,
  i: IndicadorDashboard,
  f: FiltroPedido,
  lancar: boolean,
): Promise<DadosIndicador> {
  const chave = i.indicador as ChaveIndicador;
  const def = INDICADORES[chave];
  // stores asked on the screen must be the caller's (403); a saved filter keeps only those she holds
  const suas = (l: readonly number[] | null | undefined) => l?.filter((x) => auth.lojas.includes(x));
  const proprias = suas(i.filtro.lojas);
  const lojas = i.filtro.lojas?.length
    ? proprias!
    : f.lojas?.length
      ? lojasDoFiltro(auth, f.lojas)
      : suas(d.lojas)?.length
        ? suas(d.lojas)!
        : [...auth.lojas];
  if (def.custo && !auth.permissoes.has(PERM_CUSTO)) {
    if (lancar) throw proibido(MSG.custo);
    return { id: i.id, lojas, resultado: null, erro: MSG.custo };
  }
  const hoje = await hojeDasLojas(trx, lojas);
  const periodo = i.filtro.periodo
    ? resolverPeriodo(i.filtro.periodo as PeriodoPadrao, hoje)
    : periodoDoFiltro(hoje, f.periodo ?? (d.periodoPadrao as PeriodoPadrao), f.inicio, f.fim);
  return { id: i.id, lojas, resultado: await calcular(trx, chave, periodo, lojas, i.filtro.limite), erro: null };
}
