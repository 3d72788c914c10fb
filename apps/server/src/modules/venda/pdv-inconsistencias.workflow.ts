/**
 * The sales-upload inconsistencies as commands (PERM_INCONSISTENCIA_EDITAR): reprocess pending transactions
 * through the upload's own steps (their stored payloads; an accepted or already-received sale marks its row
 * REPROCESSADA, one still failing keeps its row with the new error and one more attempt), a whole error code
 * by a chunked job (one command per chunk of 200, resumable), and discard with a motivo.
 */
import {
  comandoDescartarSubida,
  comandoReconstruirResumos,
  comandoReprocessarCodigo,
  comandoReprocessarSubida,
  MAX_REPROCESSAR,
} from '@retaguarda/domain';
import { sql } from 'kysely';
import { defineWorkflow, recusarTudo } from '../../workflows';
import { defineCommandJob } from '../../workflows/em-partes';
import { chaveSaldos } from '../estoque/razao';
import type { ContextoDoComando } from '../../workflows/tipos';
import {
  conferirRecebidos,
  type EstadoVendasPdv,
  estadoVendasPdv,
  gravarPendentes,
  lerCupons,
  resposta,
  somarResumosDe,
  validarVendas,
} from './pdv-vendas.passos';
import { gravarAceitos } from './pdv-vendas.gravacao';

const NENHUMA = 'Nenhuma transação pendente entre as informadas (nas suas lojas).';

async function carregarTransacoes(ctx: ContextoDoComando<{ ids: number[] }, EstadoVendasPdv>): Promise<void> {
  const { rows } = await sql<{
    id: string;
    payload: unknown;
  }>`select id::text as id, payload from subida_venda_transacao
    where id = any(${ctx.entrada.ids}::int8[]) and status = 'PENDENTE' and loja_id = any(${[...ctx.auth.lojas]}::int4[])
    order by id for update`.execute(ctx.trx);
  if (!rows.length) throw recusarTudo([NENHUMA]);
  ctx.estado.cupons = rows.map((r) => r.payload);
  ctx.estado.transacoes = rows.map((r) => Number(r.id));
  ctx.auditoria = { entidade: 'subida_venda_transacao', depois: { ids: ctx.estado.transacoes } };
}

/** Accepted now or already received: the row is done (REPROCESSADA, with its cupom); unreadable: one more try. */
async function marcarReprocessadas(ctx: ContextoDoComando<{ ids: number[] }, EstadoVendasPdv>): Promise<void> {
  const t = ctx.estado.transacoes!;
  const feitas = ctx.estado.resultados
    .filter((r) => r.situacao === 'ACEITO' || r.situacao === 'DUPLICADO')
    .map((r) => ({ id: t[r.indice], ident: r.identificadorId ?? null }));
  const ilegiveis = ctx.estado.resultados.filter((r) => r.situacao === 'REJEITADO').map((r) => t[r.indice]!);
  if (feitas.length)
    await sql`update subida_venda_transacao s set status = 'REPROCESSADA', tentativas = s.tentativas + 1,
        alterado_em = now(), cupom_id = (select c.id from cupom_fiscal c where c.identificador_id = x.ident)
      from jsonb_to_recordset(${JSON.stringify(feitas)}::jsonb) as x(id int8, ident int8) where s.id = x.id`.execute(
      ctx.trx,
    );
  if (ilegiveis.length)
    await sql`update subida_venda_transacao set tentativas = tentativas + 1, alterado_em = now()
      where id = any(${ilegiveis}::int8[])`.execute(ctx.trx);
}

export const reprocessarSubida = defineWorkflow(comandoReprocessarSubida, {
  estadoInicial: estadoVendasPdv,
  passos: [
    carregarTransacoes,
    lerCupons,
    conferirRecebidos,
    validarVendas,
    gravarPendentes,
    gravarAceitos,
    marcarReprocessadas,
  ] as never,
  resposta: resposta as never,
});

/** A whole code: its pending ids taken now, in chunks of MAX_REPROCESSAR, one reprocessing command each. */
export const tarefaReprocessarCodigo = defineCommandJob<
  { partes: number[][] },
  { reprocessadas: number; pendentes: number }
>({
  tipo: 'pdv.subida-reprocessar-codigo',
  fila: 'geral',
  comando: reprocessarSubida,
  entradas: ({ dados }) => dados.partes.map((ids) => ({ ids })),
  fase: (rs) => `${rs.length} partes`,
  resultado: (rs) => ({
    reprocessadas: rs.reduce(
      (s: number, r) =>
        s + (r as { aceitos: number; duplicados: number }).aceitos + (r as { duplicados: number }).duplicados,
      0,
    ),
    pendentes: rs.reduce((s: number, r) => s + (r as { pendentes: number }).pendentes, 0),
  }),
});

export const reprocessarCodigo = defineWorkflow(comandoReprocessarCodigo, {
  estadoInicial: () => ({ tarefaId: '', transacoes: 0 }),
  passos: [
    async (ctx) => {
      const { rows } = await sql<{ id: string }>`select id::text as id from subida_venda_transacao
        where status = 'PENDENTE' and tipo_erro = ${ctx.entrada.tipoErro} and loja_id = any(${[...ctx.auth.lojas]}::int4[])
          ${ctx.entrada.lojaId ? sql`and loja_id = ${ctx.entrada.lojaId}` : sql``} order by id`.execute(ctx.trx);
      if (!rows.length) throw recusarTudo([NENHUMA]);
      const ids = rows.map((r) => Number(r.id));
      const partes: number[][] = [];
      for (let i = 0; i < ids.length; i += MAX_REPROCESSAR) partes.push(ids.slice(i, i + MAX_REPROCESSAR));
      ctx.estado.transacoes = ids.length;
      ctx.estado.tarefaId = await ctx.enfileirar(
        tarefaReprocessarCodigo.tipo,
        { partes },
        {
          titulo: `Reprocessar subida de vendas: ${ctx.entrada.tipoErro}`,
          link: `/frenteDeLoja/inconsistenciaSubidaDeVendas`,
        },
      );
    },
  ],
  resposta: (ctx) => ctx.estado,
});

export const descartarSubida = defineWorkflow(comandoDescartarSubida, {
  estadoInicial: () => ({ descartadas: 0 }),
  passos: [
    async (ctx) => {
      const { rows } = await sql<{ id: string }>`update subida_venda_transacao set status = 'DESCARTADA',
          motivo_descarte = ${ctx.entrada.motivo}, alterado_em = now()
        where id = any(${ctx.entrada.ids}::int8[]) and status = 'PENDENTE' and loja_id = any(${[...ctx.auth.lojas]}::int4[])
        returning id::text as id`.execute(ctx.trx);
      if (!rows.length) throw recusarTudo([NENHUMA]);
      ctx.estado.descartadas = rows.length;
      ctx.auditoria = {
        entidade: 'subida_venda_transacao',
        depois: { ids: rows.map((r) => r.id), motivo: ctx.entrada.motivo },
      };
    },
  ],
  resposta: (ctx) => ctx.estado,
});

/** The store's aggregates over the period, deleted and summed again from the cupons (same statements as the ingest). */
export const reconstruirResumos = defineWorkflow(comandoReconstruirResumos, {
  // the store's stock key: no upload of the store posts while its aggregates are rebuilt
  lock: (e) => chaveSaldos(e.lojaId),
  estadoInicial: () => ({ produtosDia: 0, formasHora: 0, lojaDias: 0 }),
  passos: [
    async (ctx) => {
      const { lojaId, dataInicio: de, dataFim: ate } = ctx.entrada;
      await sql`delete from venda_resumo_dia where loja_id = ${lojaId} and data between ${de}::date and ${ate}::date`.execute(
        ctx.trx,
      );
      await sql`delete from venda_forma_hora where loja_id = ${lojaId} and data between ${de}::date and ${ate}::date`.execute(
        ctx.trx,
      );
      await sql`delete from venda_loja_dia where loja_id = ${lojaId} and data between ${de}::date and ${ate}::date`.execute(
        ctx.trx,
      );
      const somas = await somarResumosDe(
        ctx.trx,
        sql`i.loja_id = ${lojaId} and i.data between ${de}::date and ${ate}::date`,
        sql`x.loja_id = ${lojaId} and x.data between ${de}::date and ${ate}::date`,
      );
      // the store × day totals, by the same SQL functions the cupom and item triggers call (migration 0545)
      await sql`select app_venda_loja_dia_somar_cupons(${lojaId}, ${de}::date, ${ate}::date),
                       app_venda_loja_dia_somar_itens(${lojaId}, ${de}::date, ${ate}::date)`.execute(ctx.trx);
      const { rows } = await sql<{ n: number }>`select count(*)::int as n from venda_loja_dia
        where loja_id = ${lojaId} and data between ${de}::date and ${ate}::date`.execute(ctx.trx);
      ctx.estado = { ...somas, lojaDias: rows[0]?.n ?? 0 };
      ctx.auditoria = { entidade: 'venda_resumo_dia', depois: { lojaId, de, ate, ...ctx.estado } };
    },
  ],
  resposta: (ctx) => ctx.estado,
});
