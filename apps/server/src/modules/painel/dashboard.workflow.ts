/**
 * The dashboards' commands (no permission: every user builds her own). Only the creator changes a dashboard
 * (another user who merely sees it shared gets 403; one who does not see it, 404). Default stores must be the
 * caller's; groups must exist; cost indicators need PERM_INDICADOR_CUSTO_ACESSO (403).
 */
import {
  comandoAlterarDashboard,
  comandoAlterarIndicador,
  comandoExcluirDashboard,
  comandoExcluirIndicador,
  comandoIncluirDashboard,
  comandoIncluirIndicador,
  type Dashboard,
  type EntradaDashboard,
  type EntradaIndicadorDashboard,
  INDICADORES,
  type IndicadorDashboard,
  MAX_INDICADORES_DASHBOARD,
  MSG_DASHBOARD as MSG,
  visualizacoesDe,
} from '@retaguarda/domain';
import { sql } from 'kysely';
import { type ContextoDoComando, conflito, defineWorkflow, naoEncontrado, proibido, recusar } from '../../workflows';
import { lerDashboard, lojasDoFiltro, PERM_CUSTO } from './dashboard.leitura';

interface Estado {
  dashboard?: Dashboard;
  indicador?: IndicadorDashboard;
}
type Ctx<E> = ContextoDoComando<E, Estado>;
const estado = (): Estado => ({});

function usuario(ctx: Ctx<unknown>): number {
  if (ctx.auth.usuarioId === null) throw proibido('Dashboards são de usuários: uma chave de integração não os cria.');
  return ctx.auth.usuarioId;
}

/** The dashboard, locked, and the caller its creator. */
async function doDono(ctx: Ctx<unknown>, id: number): Promise<Dashboard> {
  const d = await lerDashboard(ctx.trx, ctx.auth, id, true);
  if (d.usuarioId !== usuario(ctx)) throw proibido(MSG.soDono);
  ctx.estado.dashboard = d;
  return d;
}

async function validarDashboard(ctx: Ctx<EntradaDashboard>): Promise<void> {
  const e = ctx.entrada;
  usuario(ctx);
  if (e.lojas) lojasDoFiltro(ctx.auth, e.lojas);
  if (e.grupos.length) {
    const { rows } = await sql<{ id: number }>`select id from grupo where id = any(${e.grupos}::int4[])`.execute(
      ctx.trx,
    );
    const falta = e.grupos.find((g) => !rows.some((r) => r.id === g));
    if (falta !== undefined) throw recusar('grupos', MSG.grupoInexistente(falta));
  }
}

async function gravarGrupos(ctx: Ctx<EntradaDashboard>, id: number): Promise<void> {
  await sql`delete from dashboard_grupo where dashboard_id = ${id}`.execute(ctx.trx);
  const grupos = ctx.entrada.compartilhado ? ctx.entrada.grupos : [];
  if (grupos.length)
    await sql`insert into dashboard_grupo (dashboard_id, grupo_id)
      select ${id}, unnest(${grupos}::int4[])`.execute(ctx.trx);
}

async function incluir(ctx: Ctx<EntradaDashboard>): Promise<void> {
  const e = ctx.entrada;
  const { rows } = await sql<{ id: number }>`
    insert into dashboard (usuario_id, nome, compartilhado, periodo_padrao, lojas)
    values (${usuario(ctx)}, ${e.nome}, ${e.compartilhado}, ${e.periodoPadrao}, ${e.lojas}::int4[]) returning id`.execute(
    ctx.trx,
  );
  const id = rows[0]!.id;
  await gravarGrupos(ctx, id);
  ctx.estado.dashboard = await lerDashboard(ctx.trx, ctx.auth, id);
  ctx.auditoria = { entidade: 'dashboard', depois: { id, ...e } };
}

async function alterar(ctx: Ctx<EntradaDashboard & { id: number; versao?: number | null }>): Promise<void> {
  const e = ctx.entrada;
  const antes = await doDono(ctx, e.id);
  if (e.versao != null && e.versao !== antes.versao)
    throw conflito('O dashboard foi alterado por outra pessoa; recarregue e tente de novo.');
  await sql`update dashboard set nome = ${e.nome}, compartilhado = ${e.compartilhado}, periodo_padrao = ${e.periodoPadrao},
      lojas = ${e.lojas}::int4[], versao = versao + 1, alterado_em = now() where id = ${e.id}`.execute(ctx.trx);
  await gravarGrupos(ctx, e.id);
  ctx.estado.dashboard = await lerDashboard(ctx.trx, ctx.auth, e.id);
  ctx.auditoria = { entidade: 'dashboard', antes, depois: ctx.estado.dashboard };
}

async function excluir(ctx: Ctx<{ id: number }>): Promise<void> {
  const antes = await doDono(ctx, ctx.entrada.id);
  await sql`delete from dashboard where id = ${ctx.entrada.id}`.execute(ctx.trx);
  ctx.auditoria = { entidade: 'dashboard', antes };
}

/** The indicator fits its chart; cost needs its permission; its own stores are the caller's. */
function validarIndicador(ctx: Ctx<EntradaIndicadorDashboard>): void {
  const e = ctx.entrada;
  if (INDICADORES[e.indicador].custo && !ctx.auth.permissoes.has(PERM_CUSTO)) throw proibido(MSG.custo);
  if (!visualizacoesDe(e.indicador).includes(e.visualizacao)) throw recusar('visualizacao', MSG.visualizacao);
  if (e.filtro.lojas) lojasDoFiltro(ctx.auth, e.filtro.lojas);
}

const filtroJson = (e: EntradaIndicadorDashboard) =>
  JSON.stringify({
    ...(e.filtro.periodo ? { periodo: e.filtro.periodo } : {}),
    ...(e.filtro.lojas ? { lojas: e.filtro.lojas } : {}),
    ...(e.filtro.limite ? { limite: e.filtro.limite } : {}),
  });

async function incluirIndicador(ctx: Ctx<EntradaIndicadorDashboard>): Promise<void> {
  const e = ctx.entrada;
  const d = await doDono(ctx, e.dashboardId);
  validarIndicador(ctx);
  if (d.indicadores.length >= MAX_INDICADORES_DASHBOARD)
    throw recusar('indicador', MSG.limiteIndicadores(MAX_INDICADORES_DASHBOARD));
  const ordem = e.ordem ?? Math.max(-1, ...d.indicadores.map((i) => i.ordem)) + 1;
  const { rows } = await sql<IndicadorDashboard>`
    insert into dashboard_indicador (dashboard_id, indicador, visualizacao, tamanho, ordem, titulo, filtro)
    values (${e.dashboardId}, ${e.indicador}, ${e.visualizacao}, ${e.tamanho}, ${ordem}, ${e.titulo}, ${filtroJson(e)}::jsonb)
    returning id, indicador, visualizacao, tamanho, ordem, titulo, filtro`.execute(ctx.trx);
  ctx.estado.indicador = rows[0]!;
  ctx.auditoria = { entidade: 'dashboard_indicador', depois: rows[0] };
}

async function alterarIndicador(ctx: Ctx<EntradaIndicadorDashboard & { indicadorId: number }>): Promise<void> {
  const e = ctx.entrada;
  const d = await doDono(ctx, e.dashboardId);
  const antes = d.indicadores.find((i) => i.id === e.indicadorId);
  if (!antes) throw naoEncontrado(MSG.indicadorNaoEncontrado);
  validarIndicador(ctx);
  const { rows } = await sql<IndicadorDashboard>`
    update dashboard_indicador set indicador = ${e.indicador}, visualizacao = ${e.visualizacao}, tamanho = ${e.tamanho},
           ordem = ${e.ordem ?? antes.ordem}, titulo = ${e.titulo}, filtro = ${filtroJson(e)}::jsonb
     where id = ${e.indicadorId} and dashboard_id = ${e.dashboardId}
    returning id, indicador, visualizacao, tamanho, ordem, titulo, filtro`.execute(ctx.trx);
  ctx.estado.indicador = rows[0]!;
  ctx.auditoria = { entidade: 'dashboard_indicador', antes, depois: rows[0] };
}

async function excluirIndicador(ctx: Ctx<{ dashboardId: number; indicadorId: number }>): Promise<void> {
  const d = await doDono(ctx, ctx.entrada.dashboardId);
  const antes = d.indicadores.find((i) => i.id === ctx.entrada.indicadorId);
  if (!antes) throw naoEncontrado(MSG.indicadorNaoEncontrado);
  await sql`delete from dashboard_indicador where id = ${antes.id} and dashboard_id = ${d.id}`.execute(ctx.trx);
  ctx.auditoria = { entidade: 'dashboard_indicador', antes };
}

export const incluirDashboard = defineWorkflow(comandoIncluirDashboard, {
  estadoInicial: estado,
  passos: [validarDashboard, incluir],
  resposta: (ctx) => ctx.estado.dashboard!,
});
export const alterarDashboard = defineWorkflow(comandoAlterarDashboard, {
  estadoInicial: estado,
  passos: [validarDashboard, alterar],
  resposta: (ctx) => ctx.estado.dashboard!,
});
export const excluirDashboard = defineWorkflow(comandoExcluirDashboard, {
  estadoInicial: estado,
  passos: [excluir],
  resposta: (ctx) => ({ id: ctx.entrada.id }),
});
export const incluirIndicadorDashboard = defineWorkflow(comandoIncluirIndicador, {
  estadoInicial: estado,
  passos: [incluirIndicador],
  resposta: (ctx) => ctx.estado.indicador!,
});
export const alterarIndicadorDashboard = defineWorkflow(comandoAlterarIndicador, {
  estadoInicial: estado,
  passos: [alterarIndicador],
  resposta: (ctx) => ctx.estado.indicador!,
});
export const excluirIndicadorDashboard = defineWorkflow(comandoExcluirIndicador, {
  estadoInicial: estado,
  passos: [excluirIndicador],
  resposta: (ctx) => ({ id: ctx.entrada.indicadorId }),
});
