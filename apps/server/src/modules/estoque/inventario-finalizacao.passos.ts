/**
 * Finalizing an inventory: the options checked, the expected balance re-read at the reference instant (a sale
 * uploaded late still counts), each item's difference (contado − esperado; a not-counted item of a GERAL one is
 * zero when asked) at the store's average cost, ONE posting of the INVENTARIO movements through the ledger
 * (closed period refused and the store locked there; a zero difference posts nothing) — each line typed SOBRA or
 * FALTA by its sign (the adjustment types of the options) —, the summary, and the
 * document read-only for good. `?previa=true` answers the same summary and posts nothing.
 */
import {
  type EntradaFinalizacaoInventario,
  hojeNaZona,
  MSG_INVENTARIO as MSG,
  type ResumoInventario,
} from '@retaguarda/domain';
import { sql } from 'kysely';
import { atLocalTime } from '../../time';
import { type ContextoDoComando, recusar, travar } from '../../workflows';
import { type EstadoInventario, carregarInventario, esperadoNaReferencia, mudarStatus } from './inventario.passos';
import { chaveSaldos, lancarMovimentos } from './lancamento';

export interface EstadoFinalizacao extends EstadoInventario {
  dataLancamento?: string;
  sobraId?: number | null;
  faltaId?: number | null;
}
export const estadoFinalizacao = (): EstadoFinalizacao => ({});
type Ctx = ContextoDoComando<EntradaFinalizacaoInventario, EstadoFinalizacao>;

/** The status, the options (zero the not counted: GERAL only; SOBRA / FALTA types; the posting date). */
export async function validarFinalizacao(ctx: Ctx): Promise<void> {
  const inv = await carregarInventario(ctx, 'finalizar');
  const e = ctx.entrada;
  if (e.zerarNaoContados && inv.tipo !== 'GERAL') throw recusar('zerarNaoContados', MSG.zerarSoGeral);
  const referencia = inv.dataReferencia.slice(0, 10);
  const hoje = hojeNaZona(ctx.loja.zona);
  const data = e.dataLancamento ?? referencia;
  if (data < referencia) throw recusar('dataLancamento', MSG.lancamentoAntesDaReferencia(referencia));
  if (data > hoje) throw recusar('dataLancamento', MSG.lancamentoFuturo(hoje));
  ctx.estado.dataLancamento = data;
  ctx.estado.sobraId = await tipoDeAjuste(ctx, 'SOBRA', e.tipoAjusteSobraId, 'tipoAjusteSobraId');
  ctx.estado.faltaId = await tipoDeAjuste(ctx, 'FALTA', e.tipoAjusteFaltaId, 'tipoAjusteFaltaId');
  // the store's balances now, before reading them: no posting slips between the reading and ours
  await travar(ctx.trx, ctx.assinanteId, [chaveSaldos(inv.lojaId)]);
}

/** The type given (active, of that use), or the tenant's default of the use (none: null). */
async function tipoDeAjuste(ctx: Ctx, uso: 'SOBRA' | 'FALTA', id: number | undefined, campo: string) {
  const { rows } = await sql<{ id: number }>`
    select id from tipo_ajuste where ativo and uso_inventario = ${uso}
       and (${id ?? null}::int4 is null or id = ${id ?? null}::int4) order by id limit 1`.execute(ctx.trx);
  if (id !== undefined && !rows[0]) throw recusar(campo, MSG.tipoAjusteInvalido(uso));
  return rows[0]?.id ?? null;
}

/**
 * Expected re-read and the average cost now (one pass, each item's own lookups), then each item's difference and
 * value from its own columns (a second pass). No self-join: on a freshly filled item table without statistics
 * the planner nested it, re-reading every expected balance once per item (20 k items took 100 s).
 */
export async function calcularDiferencas(ctx: Ctx): Promise<void> {
  const inv = ctx.estado.inv!;
  const zerar = ctx.entrada.zerarNaoContados;
  await sql`
    update item_inventario k set quantidade_sistema = ${esperadoNaReferencia(inv, ctx.loja.zona)},
           custo_medio = coalesce((select c.custo_medio from custo_medio_estoque c
                                    where c.loja_id = ${inv.lojaId} and c.produto_id = k.produto_id), 0)
     where k.inventario_id = ${inv.id}`.execute(ctx.trx);
  await sql`
    update item_inventario t set
           diferenca = coalesce(t.quantidade_final, case when ${zerar}::bool then 0 end) - t.quantidade_sistema,
           valor_diferenca = round((coalesce(t.quantidade_final, case when ${zerar}::bool then 0 end)
                                    - t.quantidade_sistema) * t.custo_medio, 2)
     where t.inventario_id = ${inv.id}`.execute(ctx.trx);
  // each posted line typed by its sign: a surplus under the SOBRA type, a shortage under the FALTA one
  await sql`
    update item_inventario t set tipo_ajuste_id = case when t.diferenca > 0 then ${ctx.estado.sobraId ?? null}::int4
                                                       when t.diferenca < 0 then ${ctx.estado.faltaId ?? null}::int4 end
     where t.inventario_id = ${inv.id} and t.diferenca <> 0`.execute(ctx.trx);
}

/** One INVENTARIO movement per item with a difference, dated the posting date, happened at the reference instant. */
export async function lancarDiferencas(ctx: Ctx): Promise<void> {
  const inv = ctx.estado.inv!;
  const { rows } = await sql<{ produtoId: number; diferenca: string }>`
    select produto_id, diferenca::text as diferenca from item_inventario
     where inventario_id = ${inv.id} and diferenca <> 0 order by produto_id`.execute(ctx.trx);
  if (!rows.length) return;
  const { rows: ref } = await sql<{ em: Date }>`select ${atLocalTime(inv.dataReferencia, ctx.loja.zona)} as em`.execute(
    ctx.trx,
  );
  // the count is the truth: a balance left negative by later sales is not a reason to refuse it
  await lancarMovimentos(ctx.trx, {
    documentoTipo: 'INVENTARIO',
    documentoId: inv.id,
    usuarioId: ctx.usuarioId,
    campoData: 'dataLancamento',
    movimentos: rows.map((r) => ({
      lojaId: inv.lojaId,
      localId: inv.localId,
      produtoId: r.produtoId,
      data: ctx.estado.dataLancamento!,
      tipo: 'INVENTARIO' as const,
      quantidade: r.diferenca,
      custoUnitario: null,
      ocorridoEm: ref[0]!.em,
    })),
  });
}

/** The summary (one aggregate), kept on the document; FINALIZADO, read-only from now on. */
export async function encerrarInventario(ctx: Ctx): Promise<void> {
  const inv = ctx.estado.inv!;
  const { rows } = await sql<ResumoInventario>`
    select count(*) filter (where quantidade_final is not null)::int as itens_contados,
           count(*) filter (where quantidade_final is null)::int as itens_nao_contados,
           jsonb_build_object('itens', count(*) filter (where diferenca > 0),
             'quantidade', coalesce(sum(diferenca) filter (where diferenca > 0), 0)::text,
             'valor', to_char(coalesce(sum(valor_diferenca) filter (where diferenca > 0), 0), 'FM9999999999999990.00')) as sobras,
           jsonb_build_object('itens', count(*) filter (where diferenca < 0),
             'quantidade', coalesce(-sum(diferenca) filter (where diferenca < 0), 0)::text,
             'valor', to_char(coalesce(-sum(valor_diferenca) filter (where diferenca < 0), 0), 'FM9999999999999990.00')) as faltas,
           to_char(coalesce(sum(valor_diferenca), 0), 'FM9999999999999990.00') as valor_liquido,
           count(*) filter (where diferenca <> 0)::int as movimentos
      from item_inventario where inventario_id = ${inv.id}`.execute(ctx.trx);
  const resumo = rows[0]!;
  const e = ctx.entrada;
  await mudarStatus(
    ctx,
    'FINALIZADO',
    sql`finalizado_em = now(), usuario_finalizacao_id = ${ctx.usuarioId}, data_lancamento = ${ctx.estado.dataLancamento!}::date,
        tipo_ajuste_sobra_id = ${ctx.estado.sobraId ?? null}, tipo_ajuste_falta_id = ${ctx.estado.faltaId ?? null},
        zerar_nao_contados = ${e.zerarNaoContados}, resumo = ${JSON.stringify(resumo)}::jsonb`,
  );
}
