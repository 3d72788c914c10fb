/**
 * Steps of receiving (and cancelling) a stock transfer. Receipt: the destination store must be the
 * user's; what arrived leaves the origin's TRANSITO location and enters the destination location at the
 * SAME cost (the origin's average at that moment: the value the origin loses is the value the
 * destination gains); what did not arrive leaves TRANSITO as a loss (PERDA) of the origin and stays
 * recorded as the item's divergence (sent − received). Cancelling (before receipt) returns the goods
 * from TRANSITO to the origin location.
 */
import {
  conferirRecebimento,
  Decimal,
  divergencias,
  type EntradaRecebimentoTransferencia,
  falhaDeCampo,
  falhasDaDataDeRecebimento,
  type LinhaRecebida,
  MSG_TRANSFERENCIA as MSG,
  type RecebimentoTransferencia,
  type TransferenciaEstoqueDetalhe,
} from '@retaguarda/domain';
import { sql } from 'kysely';
import type { Tx } from '../../db/database';
import { hojeDaLoja } from '../../time';
import { type ContextoDoComando, conflito, naoEncontrado, recusar, recusarTudo, travar } from '../../workflows';
import { assertPeriodoAberto } from './fechamento.periodo';
import { chaveSaldos, type MovimentoALancar, lancarMovimentos } from './lancamento';
import { lerTransferencia } from './transferencia.consulta';
import { MAX_FALHAS } from './transferencia.passos';

interface Cabecalho {
  id: number;
  lojaOrigemId: number;
  localOrigemId: number;
  lojaDestinoId: number;
  localDestinoId: number;
  localTransitoId: number;
  data: string;
  status: string;
  dataRecebimento: string | null;
}

export interface EstadoRecebimento {
  t?: Cabecalho;
  data?: string;
  linhas?: LinhaRecebida[];
  resposta?: RecebimentoTransferencia;
  cancelada?: TransferenciaEstoqueDetalhe;
}
export const estadoRecebimento = (): EstadoRecebimento => ({});
type Ctx = ContextoDoComando<EntradaRecebimentoTransferencia, EstadoRecebimento>;
type CtxCancelar = ContextoDoComando<{ id: number }, EstadoRecebimento>;

/**
 * The transfer. The backbone already read it from the path (the face's `loja: { recurso }`): row-locked (a
 * second receipt waits, then sees it received), hidden outside both ends (404), refused outside the end
 * the command acts on (403), that store loaded as `ctx.loja`.
 */
async function carregar(ctx: Ctx | CtxCancelar, ponta: 'origem' | 'destino'): Promise<Cabecalho> {
  const { rows } = await sql<Cabecalho>`
    select id::float8 as id, loja_origem_id, local_origem_id, loja_destino_id, local_destino_id, local_transito_id,
           data::text as data, status, data_recebimento::text as data_recebimento
      from transferencia_estoque where id = ${ctx.entrada.id}`.execute(ctx.trx);
  const t = rows[0];
  if (!t) throw naoEncontrado(MSG.naoEncontrada);
  if (t.status === 'RECEBIDA' || t.status === 'RECEBIDA_COM_DIVERGENCIA')
    throw conflito(MSG.jaRecebida(t.id, t.dataRecebimento!));
  if (t.status === 'CANCELADA') throw conflito(MSG.cancelada(t.id));
  await exigirLocalAtivo(ctx.trx, ponta === 'destino' ? t.localDestinoId : t.localOrigemId, ponta);
  // both stores' balances, in the order every stock command takes them
  await travar(ctx.trx, ctx.assinanteId, [chaveSaldos(t.lojaOrigemId), chaveSaldos(t.lojaDestinoId)]);
  return t;
}

/**
 * The location the goods enter (the destination's on receipt, the origin's on cancelling) may have been
 * made inactive after the sending: an adjustment there is refused, so is this posting (by its name).
 */
async function exigirLocalAtivo(trx: Tx, localId: number, ponta: 'origem' | 'destino'): Promise<void> {
  const { rows } = await sql<{ descricao: string; sigla: string; ativo: boolean }>`
    select le.descricao, l.sigla, le.ativo from local_estoque le join loja l on l.id = le.loja_id
     where le.id = ${localId}`.execute(trx);
  const local = rows[0];
  if (local && !local.ativo)
    throw recusar(
      ponta === 'destino' ? 'localDestinoId' : 'localOrigemId',
      MSG.localDaPontaInativo(ponta, local.descricao, local.sigla),
    );
}

export async function carregarParaReceber(ctx: Ctx): Promise<void> {
  ctx.estado.t = await carregar(ctx, 'destino');
}

/** The date (default: the destination's today), not before the sending; both stores' periods open. */
export async function validarDataDoRecebimento(ctx: Ctx): Promise<void> {
  const t = ctx.estado.t!;
  const hoje = (await hojeDaLoja(ctx.trx, t.lojaDestinoId)).data;
  const data = ctx.entrada.data ?? hoje;
  const falhas = falhasDaDataDeRecebimento(data, t.data, hoje);
  if (falhas.length) throw recusarTudo(falhas);
  for (const loja of new Set([t.lojaOrigemId, t.lojaDestinoId]))
    await assertPeriodoAberto(ctx.trx, loja, data, { assinanteId: ctx.assinanteId, campo: 'data' });
  ctx.estado.data = data;
}

export async function conferir(ctx: Ctx): Promise<void> {
  const { rows } = await sql<{ produtoId: number; quantidade: string }>`
    select produto_id, quantidade::text as quantidade from item_transferencia_estoque
     where transferencia_id = ${ctx.estado.t!.id} order by ordem`.execute(ctx.trx);
  const { linhas, falhas } = conferirRecebimento(rows, ctx.entrada.itens);
  if (falhas.length) throw recusarTudo(falhas.slice(0, MAX_FALHAS));
  ctx.estado.linhas = linhas;
}

/** The origin's current average per product: the cost both postings of the receipt carry. */
async function custosDaOrigem(trx: Tx, lojaId: number, produtos: readonly number[]): Promise<Map<number, string>> {
  const { rows } = await sql<{ produtoId: number; custo: string }>`
    select p.id as produto_id, coalesce(c.custo_medio, 0)::text as custo
      from unnest(${[...produtos]}::int4[]) as p(id)
      left join custo_medio_estoque c on c.loja_id = ${lojaId} and c.produto_id = p.id`.execute(trx);
  return new Map(rows.map((r) => [r.produtoId, r.custo]));
}

export async function lancarRecebimento(ctx: Ctx): Promise<void> {
  const t = ctx.estado.t!;
  const data = ctx.estado.data!;
  const linhas = ctx.estado.linhas!;
  const custos = await custosDaOrigem(
    ctx.trx,
    t.lojaOrigemId,
    linhas.map((l) => l.produtoId),
  );
  const outraLoja = t.lojaOrigemId !== t.lojaDestinoId;
  const movimentos: MovimentoALancar[] = [];
  for (const l of linhas) {
    const base = { produtoId: l.produtoId, data };
    if (Decimal.de(l.recebida).sinal() > 0)
      movimentos.push(
        {
          ...base,
          lojaId: t.lojaOrigemId,
          localId: t.localTransitoId,
          tipo: 'TRANSFERENCIA_SAIDA',
          quantidade: Decimal.de(l.recebida).negativo().texto(),
        },
        // another store enters it at the origin's average (moving its own); the same store keeps its average
        {
          ...base,
          lojaId: t.lojaDestinoId,
          localId: t.localDestinoId,
          tipo: 'TRANSFERENCIA_ENTRADA',
          quantidade: l.recebida,
          custoUnitario: outraLoja ? custos.get(l.produtoId)! : null,
        },
      );
    if (Decimal.de(l.diferenca).sinal() > 0)
      movimentos.push({
        ...base,
        lojaId: t.lojaOrigemId,
        localId: t.localTransitoId,
        tipo: 'PERDA',
        quantidade: Decimal.de(l.diferenca).negativo().texto(),
      });
  }
  const negativos = await lancarMovimentos(ctx.trx, {
    documentoTipo: 'TRANSFERENCIA',
    documentoId: t.id,
    usuarioId: ctx.usuarioId,
    movimentos,
  });
  const recusados = negativos.filter((n) => n.recusado);
  if (recusados.length)
    throw recusarTudo(
      recusados.slice(0, MAX_FALHAS).map((n) => falhaDeCampo('itens', MSG.saldoNegativoTransito(n.produtoId))),
    );
  await sql`
    update item_transferencia_estoque i set quantidade_recebida = r.recebida, custo_recebimento = r.custo
      from unnest(${linhas.map((l) => l.produtoId)}::int4[], ${linhas.map((l) => l.recebida)}::numeric[],
                  ${linhas.map((l) => custos.get(l.produtoId)!)}::numeric[]) as r(produto_id, recebida, custo)
     where i.transferencia_id = ${t.id} and i.produto_id = r.produto_id`.execute(ctx.trx);
}

export async function gravarRecebimento(ctx: Ctx): Promise<void> {
  const t = ctx.estado.t!;
  const div = divergencias(ctx.estado.linhas!);
  const status = div.length ? 'RECEBIDA_COM_DIVERGENCIA' : 'RECEBIDA';
  await sql`update transferencia_estoque
       set status = ${status}, data_recebimento = ${ctx.estado.data!}::date, observacao_recebimento = ${ctx.entrada.observacao},
           usuario_recebimento_id = ${ctx.usuarioId}, recebido_em = now()
     where id = ${t.id}`.execute(ctx.trx);
  const d = (await lerTransferencia(ctx.trx, t.id, null))!;
  ctx.estado.resposta = {
    ...d,
    divergencias: div.map((l) => ({
      produtoId: l.produtoId,
      enviada: l.enviada,
      recebida: l.recebida,
      diferenca: l.diferenca,
    })),
    mensagem: div.length ? MSG.recebidaComDivergencia(t.id, div.length) : MSG.recebidaIntegral(t.id),
  };
  ctx.auditoria = {
    entidade: 'transferencia_estoque',
    entidadeId: t.id,
    operacao: 'ALTERACAO',
    antes: { status: t.status },
    depois: { status, dataRecebimento: ctx.estado.data, divergencias: ctx.estado.resposta.divergencias },
  };
}

export async function carregarParaCancelar(ctx: CtxCancelar): Promise<void> {
  ctx.estado.t = await carregar(ctx, 'origem');
}

/** The goods return from TRANSITO to the origin location, dated the origin's today (one store: same average). */
export async function lancarCancelamento(ctx: CtxCancelar): Promise<void> {
  const t = ctx.estado.t!;
  const { data } = await hojeDaLoja(ctx.trx, t.lojaOrigemId);
  await assertPeriodoAberto(ctx.trx, t.lojaOrigemId, data, { assinanteId: ctx.assinanteId, campo: 'id' });
  const { rows } = await sql<{ produtoId: number; quantidade: string }>`
    select produto_id, quantidade::text as quantidade from item_transferencia_estoque
     where transferencia_id = ${t.id} order by ordem`.execute(ctx.trx);
  const comum = { lojaId: t.lojaOrigemId, data };
  await lancarMovimentos(ctx.trx, {
    documentoTipo: 'TRANSFERENCIA',
    documentoId: t.id,
    usuarioId: ctx.usuarioId,
    movimentos: rows.flatMap((i) => [
      {
        ...comum,
        localId: t.localTransitoId,
        produtoId: i.produtoId,
        tipo: 'TRANSFERENCIA_SAIDA' as const,
        quantidade: Decimal.de(i.quantidade).negativo().texto(),
      },
      {
        ...comum,
        localId: t.localOrigemId,
        produtoId: i.produtoId,
        tipo: 'TRANSFERENCIA_ENTRADA' as const,
        quantidade: i.quantidade,
      },
    ]),
  });
  await sql`update transferencia_estoque set status = 'CANCELADA', cancelado_em = now(),
              usuario_cancelamento_id = ${ctx.usuarioId} where id = ${t.id}`.execute(ctx.trx);
  ctx.estado.cancelada = (await lerTransferencia(ctx.trx, t.id, null))!;
  ctx.auditoria = {
    entidade: 'transferencia_estoque',
    entidadeId: t.id,
    operacao: 'ALTERACAO',
    antes: { status: t.status },
    depois: { status: 'CANCELADA' },
  };
}
