/** The small steps of closing and reopening a store's stock period (each tested on its own). */
import {
  type EntradaFechamentoEstoque,
  type EntradaReaberturaEstoque,
  hojeNaZona,
  type Recusa,
  recusaDaReabertura,
  recusaDoFechamento,
} from '@retaguarda/domain';
import { sql } from 'kysely';
import type { Tx } from '../../db/database';
import { type ContextoDoComando, conflito, type Passo, recusarTudo } from '../../workflows';

export interface EstadoFechamento {
  atual: string | null;
  nova: string | null;
  alteradoEm: Date | null;
}

export const estadoFechamento = (): EstadoFechamento => ({ atual: null, nova: null, alteradoEm: null });

type Ctx<E> = ContextoDoComando<E, EstadoFechamento>;

/** The store's closing date (null when never closed). */
export async function fechadoAteDaLoja(trx: Tx, lojaId: number): Promise<string | null> {
  const { rows } = await sql<{ fechadoAte: string | null }>`
    select to_char(fechado_ate, 'YYYY-MM-DD') as fechado_ate from fechamento_estoque where loja_id = ${lojaId}`.execute(
    trx,
  );
  return rows[0]?.fechadoAte ?? null;
}

function lancar(recusa: Recusa | undefined): void {
  if (!recusa) return;
  if (recusa.status === 409) throw conflito(recusa.mensagem);
  throw recusarTudo([recusa.falha]);
}

export const lerFechamento: Passo<{ lojaId: number }, EstadoFechamento> = async (ctx) => {
  ctx.estado.atual = await fechadoAteDaLoja(ctx.trx, ctx.loja.id);
};

export const validarFechamento: Passo<EntradaFechamentoEstoque, EstadoFechamento> = (ctx) => {
  const hoje = hojeNaZona(ctx.loja.zona);
  lancar(recusaDoFechamento(ctx.loja.sigla, ctx.estado.atual, ctx.entrada.fechadoAte, hoje));
  ctx.estado.nova = ctx.entrada.fechadoAte;
};

export const validarReabertura: Passo<EntradaReaberturaEstoque, EstadoFechamento> = (ctx) => {
  lancar(recusaDaReabertura(ctx.loja.sigla, ctx.estado.atual, ctx.entrada.fechadoAte));
  ctx.estado.nova = ctx.entrada.fechadoAte;
};

export const gravarFechamento: Passo<{ lojaId: number }, EstadoFechamento> = async (ctx: Ctx<{ lojaId: number }>) => {
  const { rows } = await sql<{ alteradoEm: Date }>`
    insert into fechamento_estoque (loja_id, fechado_ate, alterado_por, alterado_em)
    values (${ctx.loja.id}, ${ctx.estado.nova}::date, ${ctx.usuarioId}, now())
    on conflict (assinante_id, loja_id) do update
      set fechado_ate = excluded.fechado_ate, alterado_por = excluded.alterado_por, alterado_em = excluded.alterado_em
    returning alterado_em`.execute(ctx.trx);
  ctx.estado.alteradoEm = rows[0]!.alteradoEm;
  ctx.auditoria = {
    entidade: 'fechamentoEstoque',
    entidadeId: ctx.loja.id,
    operacao: 'ALTERACAO',
    antes: { fechadoAte: ctx.estado.atual },
    depois: { fechadoAte: ctx.estado.nova },
  };
};
