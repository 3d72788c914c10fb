/**
 * Steps of the board's moves (pedido.workflow.ts): the order's row is already locked by the backbone (the
 * path's resource, `for update`), so of two simultaneous moves the second reads the first's result and gets
 * 409 with the order's current stage and version (stale `versao`, or a transition no longer valid). Then
 * the transition table, the move's own checks (motivo, condutor), the row, the history, the stock.
 */
import {
  type AcaoPedido,
  CAMINHO_PEDIDOS,
  type EntradaMovimentoPedido,
  type EtapaPedido,
  EVENTO_PEDIDO_VENDA,
  falhaDeCampo,
  MSG_PEDIDO as MSG,
  type PedidoVendaDetalhe,
  transicao,
} from '@retaguarda/domain';
import { sql } from 'kysely';
import { eventoDeArea } from '../../plugins/events';
import { conflito, type ContextoDoComando, recusar, recusarTudo } from '../../workflows';
import { lerPedido } from './pedido.consulta';
import { faturar, liberar, reservar } from './pedido.estoque';
import { inconsistenciasDosItens, registrarHistorico } from './pedido.passos';
import { enfileirarWebhook } from './pedido.webhook';

interface Atual {
  id: number;
  lojaId: number;
  etapa: EtapaPedido;
  retiradaNaLoja: boolean;
  itensInconsistentes: number;
  versao: number;
}

export interface EstadoMovimento {
  atual?: Atual;
  para?: EtapaPedido;
  detalhe?: PedidoVendaDetalhe;
}
export const estadoMovimento = (): EstadoMovimento => ({});
type Ctx<E = EntradaMovimentoPedido> = ContextoDoComando<E, EstadoMovimento>;

/** 409 with the order as it now is (its address in Location: the board reloads it). */
const jaMovido = (a: Atual, motivo?: string) =>
  conflito(MSG.jaMovido(a.id, a.etapa, a.versao), [
    ...(motivo ? [motivo] : []),
    MSG.estadoAtual(a.etapa, a.versao),
  ]).comCabecalhos({ location: `${CAMINHO_PEDIDOS}/${a.id}` });

/** The order as it is now (its row is locked) and the client's version against it. */
export async function carregarPedido(ctx: Ctx): Promise<void> {
  const { rows } = await sql<Atual>`select id, loja_id, etapa, retirada_na_loja, itens_inconsistentes, versao
    from pedido_venda where id = ${ctx.entrada.id}`.execute(ctx.trx);
  const a = rows[0]!;
  ctx.estado.atual = a;
  if (ctx.entrada.versao !== undefined && ctx.entrada.versao !== a.versao) throw jaMovido(a);
}

/** The transition table decides; an invalid move is a conflict with the current state. */
export const validarTransicao =
  (acao: AcaoPedido) =>
  (ctx: Ctx): void => {
    const a = ctx.estado.atual!;
    const t = transicao(
      { etapa: a.etapa, retiradaNaLoja: a.retiradaNaLoja, inconsistente: a.itensInconsistentes > 0 },
      acao,
    );
    if ('falha' in t)
      throw conflito(MSG.transicaoInvalida(a.id), [t.falha, MSG.estadoAtual(a.etapa, a.versao)]).comCabecalhos({
        location: `${CAMINHO_PEDIDOS}/${a.id}`,
      });
    ctx.estado.para = t.para;
  };

/** Cancelling or refusing: an active reason for sales orders (and its note when the reason asks for one). */
export async function validarMotivo(ctx: Ctx): Promise<void> {
  const e = ctx.entrada;
  const { rows } = await sql<{ exigeObservacao: boolean }>`select exige_observacao from motivo_cancelamento
    where id = ${e.motivoCancelamentoId!} and ativo and 'PEDIDO_VENDA' = any(aplicacao)`.execute(ctx.trx);
  if (!rows[0]) throw recusar('motivoCancelamentoId', MSG.motivoNaoEncontrado);
  if (rows[0].exigeObservacao && !e.observacao) throw recusar('observacao', MSG.motivoExigeObservacao);
}

export async function validarCondutor(ctx: Ctx): Promise<void> {
  const c = ctx.entrada.condutorId;
  if (!c) return;
  const { rows } = await sql`select 1 from condutor where id = ${c} and ativo`.execute(ctx.trx);
  if (!rows.length) throw recusar('condutorId', MSG.condutorNaoEncontrado);
}

/** The row (stage, version, reason, driver) and the history line. */
export const aplicarMovimento =
  (acao: AcaoPedido) =>
  async (ctx: Ctx): Promise<void> => {
    const e = ctx.entrada;
    const para = ctx.estado.para!;
    await sql`update pedido_venda set etapa = ${para}, etapa_desde = now(), alterado_em = now(), versao = versao + 1,
        recusado = ${acao === 'recusar'},
        motivo_cancelamento_id = coalesce(${e.motivoCancelamentoId ?? null}::int4, motivo_cancelamento_id),
        observacao_cancelamento = coalesce(${e.observacao ?? null}, observacao_cancelamento),
        condutor_id = coalesce(${e.condutorId ?? null}::int4, condutor_id)
      where id = ${e.id}`.execute(ctx.trx);
    await registrarHistorico(ctx.trx, e.id, para, acao, ctx.usuarioId, e.observacao ?? null);
  };

/** Accepting reserves; cancelling releases; leaving PRONTO (delivery, or pickup concluded) invoices. */
export async function estoqueDoMovimento(ctx: Ctx): Promise<void> {
  const a = ctx.estado.atual!;
  const para = ctx.estado.para!;
  if (para === 'CONFIRMADO') await reservar(ctx.trx, a.id, a.lojaId);
  else if (para === 'CANCELADO') await liberar(ctx.trx, a.id);
  else if (a.etapa === 'PRONTO') await faturar(ctx.trx, a.id, a.lojaId, ctx.loja.zona, ctx.usuarioId);
}

export async function lerMovido(ctx: Ctx): Promise<void> {
  const a = ctx.estado.atual!;
  const d = (await lerPedido(ctx.trx, a.id, null, ctx.loja.zona))!;
  ctx.estado.detalhe = d;
  ctx.auditoria = {
    entidade: 'pedido_venda',
    entidadeId: d.id,
    operacao: 'ALTERACAO',
    antes: { etapa: a.etapa, versao: a.versao },
    depois: { etapa: d.etapa, versao: d.versao },
  };
  if (d.etapa !== a.etapa)
    await enfileirarWebhook(ctx, {
      pedidoId: d.id,
      lojaId: d.lojaId,
      idExterno: d.idExterno,
      etapa: d.etapa,
      status: d.status,
      versao: d.versao,
    });
  ctx.publicar(
    eventoDeArea(
      EVENTO_PEDIDO_VENDA,
      { assinanteId: ctx.assinanteId, lojaId: d.lojaId },
      { id: d.id, etapa: d.etapa, versao: d.versao, novo: false },
    ),
  );
}

type EntradaCorrecao = EntradaMovimentoPedido & { ordem: number; produtoId: number };

/** Fixing an item of a new order: the product given must resolve; the order's count goes down. */
export async function corrigirItem(ctx: Ctx<EntradaCorrecao>): Promise<void> {
  const a = ctx.estado.atual!;
  const e = ctx.entrada;
  if (a.etapa !== 'NOVO') throw conflito(MSG.transicaoInvalida(a.id), [MSG.estadoAtual(a.etapa, a.versao)]);
  const { rows } = await sql<{ quantidade: string; inconsistencia: string | null }>`
    select quantidade::text as quantidade, inconsistencia from item_pedido_venda
     where pedido_id = ${a.id} and ordem = ${e.ordem}`.execute(ctx.trx);
  const item = rows[0];
  if (!item) throw recusar('ordem', MSG.itemNaoEncontrado(e.ordem));
  if (!item.inconsistencia) throw recusar('ordem', MSG.itemJaConsistente(e.ordem));
  const [falha] = await inconsistenciasDosItens(ctx.trx, a.lojaId, [
    { produtoId: e.produtoId, quantidade: item.quantidade },
  ]);
  if (falha) throw recusarTudo([falhaDeCampo('produtoId', falha)]);
  await sql`update item_pedido_venda set produto_id = ${e.produtoId}, inconsistencia = null
    where pedido_id = ${a.id} and ordem = ${e.ordem}`.execute(ctx.trx);
  await sql`update pedido_venda set itens_inconsistentes = itens_inconsistentes - 1, versao = versao + 1,
      alterado_em = now() where id = ${a.id}`.execute(ctx.trx);
  await registrarHistorico(
    ctx.trx,
    a.id,
    'NOVO',
    'corrigir-item',
    ctx.usuarioId,
    `Item ${e.ordem}: produto ${e.produtoId}.`,
  );
}
