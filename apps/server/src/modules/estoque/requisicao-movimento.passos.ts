/**
 * Steps of a requisition's moves after opening: approve, transfer, receive, cancel — each checked against
 * the transition table (packages/domain …/requisicao/regras.ts). The postings follow the transfer's rules
 * (transferencia*.passos.ts): the goods leave the origin location at its average into the origin store's
 * TRANSITO location; the receipt moves what arrived from TRANSITO into the destination at the SAME cost
 * (the origin's average then) and posts what did not arrive as a loss (PERDA) of the origin. All through
 * the ledger kit (lancarMovimentos: closed period refused, store locks), documento_tipo REQUISICAO.
 */
import {
  type AcaoRequisicao,
  conferirRecebimento,
  Decimal,
  divergencias,
  type EntradaRecebimentoRequisicao,
  falhaDeCampo,
  falhasDaDataDeRecebimento,
  hojeNaZona,
  type LinhaRecebida,
  MSG_REQUISICAO as MSG,
  type RequisicaoAlterada,
  type StatusRequisicao,
  regraDeAprovacao,
  transicaoRequisicao,
  VERBO_REQUISICAO,
} from '@retaguarda/domain';
import { sql } from 'kysely';
import type { Tx } from '../../db/database';
import { hojeDaLoja } from '../../time';
import { type ContextoDoComando, conflito, naoEncontrado, recusarTudo, travar } from '../../workflows';
import { avisosDeSaldoNegativo } from './avisos';
import { assertPeriodoAberto } from './fechamento.periodo';
import { chaveSaldos, type MovimentoALancar, lancarMovimentos } from './lancamento';
import { lerRequisicao } from './requisicao.consulta';
import { localTransitoDaLoja, MAX_FALHAS } from './transferencia.passos';

interface Cabecalho {
  id: number;
  status: StatusRequisicao;
  lojaOrigemId: number;
  localOrigemId: number;
  lojaDestinoId: number;
  localDestinoId: number;
  localTransitoId: number | null;
  dataTransferencia: string | null;
  exigeAprovacao: boolean;
  motivo: string;
}

export interface EstadoMovimento {
  r?: Cabecalho;
  para?: StatusRequisicao;
  data?: string;
  linhas?: LinhaRecebida[];
  avisos?: string[];
  resposta?: RequisicaoAlterada;
}
export const estadoMovimento = (): EstadoMovimento => ({});
type Ctx<E = { id: number }> = ContextoDoComando<E, EstadoMovimento>;
const DOCUMENTO = 'REQUISICAO';

/**
 * The requisition (already row-locked and scope-checked by the backbone from the path) and the move the
 * action makes: 409 when the transition table or the approval rule refuses it.
 */
async function carregar(ctx: Ctx<{ id: number }>, acao: AcaoRequisicao): Promise<Cabecalho> {
  const { rows } = await sql<Cabecalho>`
    select r.id, r.status, r.loja_origem_id, r.local_origem_id, r.loja_destino_id, r.local_destino_id,
           r.local_transito_id, r.data_transferencia::text as data_transferencia, m.exige_aprovacao,
           m.descricao as motivo
      from requisicao_estoque r join motivo_requisicao m on m.id = r.motivo_id
     where r.id = ${ctx.entrada.id}`.execute(ctx.trx);
  const r = rows[0];
  if (!r) throw naoEncontrado(MSG.naoEncontrada);
  const para = transicaoRequisicao(r.status, acao);
  if (!para)
    throw conflito(
      acao === 'cancelar' && r.status === 'TRANSFERIDA'
        ? MSG.jaTransferida(r.id)
        : MSG.transicaoInvalida(r.id, VERBO_REQUISICAO[acao], r.status),
    );
  const regra = regraDeAprovacao(acao, r.status, r.exigeAprovacao);
  if (regra === 'pendente') throw conflito(MSG.aguardandoAprovacao(r.id, r.motivo));
  if (regra === 'dispensada') throw conflito(MSG.naoExigeAprovacao(r.id, r.motivo));
  ctx.estado.r = r;
  ctx.estado.para = para;
  return r;
}

/** The answer and the audit row: the requisition as it now is. */
async function responder(ctx: Ctx<{ id: number }>, mensagem: string, depois: Record<string, unknown> = {}) {
  const r = ctx.estado.r!;
  const d = (await lerRequisicao(ctx.trx, r.id, null))!;
  ctx.estado.resposta = { ...d, mensagem, ...(ctx.estado.avisos?.length ? { avisos: ctx.estado.avisos } : {}) };
  ctx.auditoria = {
    entidade: 'requisicao_estoque',
    entidadeId: r.id,
    operacao: 'ALTERACAO',
    antes: { status: r.status },
    depois: { status: d.status, ...depois },
  };
}

export async function aprovarRequisicao(ctx: Ctx): Promise<void> {
  const r = await carregar(ctx, 'aprovar');
  await sql`update requisicao_estoque set status = 'APROVADA', aprovado_em = now(), usuario_aprovacao_id = ${ctx.usuarioId}
     where id = ${r.id}`.execute(ctx.trx);
  await responder(ctx, MSG.aprovada(r.id));
}

export async function cancelarRequisicao(ctx: Ctx<{ id: number; observacao: string | null }>): Promise<void> {
  const r = await carregar(ctx, 'cancelar');
  await sql`update requisicao_estoque set status = 'CANCELADA', cancelado_em = now(),
       usuario_cancelamento_id = ${ctx.usuarioId}, observacao_cancelamento = ${ctx.entrada.observacao}
     where id = ${r.id}`.execute(ctx.trx);
  await responder(ctx, MSG.cancelada(r.id));
}

/** Both stores' balances, in the order every stock command takes them. */
const travarLojas = (ctx: Ctx<unknown>, r: Cabecalho) =>
  travar(ctx.trx, ctx.assinanteId, [chaveSaldos(r.lojaOrigemId), chaveSaldos(r.lojaDestinoId)]);

/**
 * Transfer: dated the origin's today unless given (not in the future, the origin's period open); the lines
 * take the origin's average; exit at the origin location, entry into its TRANSITO location (one store: the
 * average stays). A balance below zero is refused where the store refuses it, a warning elsewhere.
 */
export async function transferirRequisicao(ctx: Ctx<{ id: number; data: string | null }>): Promise<void> {
  const r = await carregar(ctx, 'transferir');
  await travarLojas(ctx, r);
  const hoje = hojeNaZona(ctx.loja.zona);
  const data = ctx.entrada.data ?? hoje;
  if (data > hoje) throw recusarTudo([falhaDeCampo('data', MSG.dataFutura(hoje))]);
  await assertPeriodoAberto(ctx.trx, r.lojaOrigemId, data, { assinanteId: ctx.assinanteId, campo: 'data' });
  const transito = await localTransitoDaLoja(ctx.trx, r.lojaOrigemId);
  const { rows } = await sql<{ produtoId: number; quantidade: string }>`
    update item_requisicao_estoque i set custo_unitario = coalesce((select c.custo_medio from custo_medio_estoque c
             where c.loja_id = ${r.lojaOrigemId} and c.produto_id = i.produto_id), 0)
     where i.requisicao_id = ${r.id}
    returning i.produto_id, i.quantidade::text as quantidade`.execute(ctx.trx);
  const comum = { lojaId: r.lojaOrigemId, data, tipo: 'REQUISICAO' as const };
  const negativos = await lancarMovimentos(ctx.trx, {
    documentoTipo: DOCUMENTO,
    documentoId: r.id,
    usuarioId: ctx.usuarioId,
    movimentos: rows.flatMap((i) => [
      {
        ...comum,
        localId: r.localOrigemId,
        produtoId: i.produtoId,
        quantidade: Decimal.de(i.quantidade).negativo().texto(),
      },
      { ...comum, localId: transito, produtoId: i.produtoId, quantidade: i.quantidade },
    ]),
  });
  const recusados = negativos.filter((n) => n.recusado);
  if (recusados.length)
    throw recusarTudo(
      recusados
        .slice(0, MAX_FALHAS)
        .map((n) => falhaDeCampo('itens', MSG.saldoNegativo(n.produtoId, Decimal.de(n.quantidade).texto()))),
    );
  ctx.estado.avisos = await avisosDeSaldoNegativo(ctx.trx, negativos);
  await sql`update requisicao_estoque set status = 'TRANSFERIDA', local_transito_id = ${transito},
       data_transferencia = ${data}::date, usuario_transferencia_id = ${ctx.usuarioId}, transferido_em = now()
     where id = ${r.id}`.execute(ctx.trx);
  await responder(ctx, MSG.transferida(r.id), { dataTransferencia: data });
}

type CtxReceber = Ctx<EntradaRecebimentoRequisicao>;

/** The receipt's date (default: the destination's today), not before the transfer; both periods open. */
export async function carregarParaReceber(ctx: CtxReceber): Promise<void> {
  const r = await carregar(ctx, 'receber');
  await travarLojas(ctx, r);
  const hoje = (await hojeDaLoja(ctx.trx, r.lojaDestinoId)).data;
  const data = ctx.entrada.data ?? hoje;
  const falhas = falhasDaDataDeRecebimento(data, r.dataTransferencia!, hoje);
  if (falhas.length) throw recusarTudo(falhas);
  for (const loja of new Set([r.lojaOrigemId, r.lojaDestinoId]))
    await assertPeriodoAberto(ctx.trx, loja, data, { assinanteId: ctx.assinanteId, campo: 'data' });
  ctx.estado.data = data;
}

/** What arrived per line (the transfer's check, the requisition's messages). */
export async function conferirRequisicao(ctx: CtxReceber): Promise<void> {
  const { rows } = await sql<{ produtoId: number; quantidade: string }>`
    select produto_id, quantidade::text as quantidade from item_requisicao_estoque
     where requisicao_id = ${ctx.estado.r!.id} order by ordem`.execute(ctx.trx);
  const { linhas, falhas } = conferirRecebimento(rows, ctx.entrada.itens, {
    produtoFora: MSG.produtoForaDaRequisicao,
    recebidaMaior: MSG.recebidaMaiorQueEnviada,
  });
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

export async function lancarRecebimentoRequisicao(ctx: CtxReceber): Promise<void> {
  const r = ctx.estado.r!;
  const data = ctx.estado.data!;
  const linhas = ctx.estado.linhas!;
  const custos = await custosDaOrigem(
    ctx.trx,
    r.lojaOrigemId,
    linhas.map((l) => l.produtoId),
  );
  const outraLoja = r.lojaOrigemId !== r.lojaDestinoId;
  const movimentos: MovimentoALancar[] = [];
  for (const l of linhas) {
    const base = { produtoId: l.produtoId, data };
    if (Decimal.de(l.recebida).sinal() > 0)
      movimentos.push(
        {
          ...base,
          lojaId: r.lojaOrigemId,
          localId: r.localTransitoId!,
          tipo: 'REQUISICAO',
          quantidade: Decimal.de(l.recebida).negativo().texto(),
        },
        // another store enters it at the origin's average; the same store keeps its average
        {
          ...base,
          lojaId: r.lojaDestinoId,
          localId: r.localDestinoId,
          tipo: 'REQUISICAO',
          quantidade: l.recebida,
          custoUnitario: outraLoja ? custos.get(l.produtoId)! : null,
        },
      );
    if (Decimal.de(l.diferenca).sinal() > 0)
      movimentos.push({
        ...base,
        lojaId: r.lojaOrigemId,
        localId: r.localTransitoId!,
        tipo: 'PERDA',
        quantidade: Decimal.de(l.diferenca).negativo().texto(),
      });
  }
  const negativos = await lancarMovimentos(ctx.trx, {
    documentoTipo: DOCUMENTO,
    documentoId: r.id,
    usuarioId: ctx.usuarioId,
    movimentos,
  });
  const recusados = negativos.filter((n) => n.recusado);
  if (recusados.length)
    throw recusarTudo(
      recusados.slice(0, MAX_FALHAS).map((n) => falhaDeCampo('itens', MSG.saldoNegativoTransito(n.produtoId))),
    );
  await sql`
    update item_requisicao_estoque i set quantidade_recebida = x.recebida, custo_recebimento = x.custo
      from unnest(${linhas.map((l) => l.produtoId)}::int4[], ${linhas.map((l) => l.recebida)}::numeric[],
                  ${linhas.map((l) => custos.get(l.produtoId)!)}::numeric[]) as x(produto_id, recebida, custo)
     where i.requisicao_id = ${r.id} and i.produto_id = x.produto_id`.execute(ctx.trx);
  await sql`update requisicao_estoque set status = 'RECEBIDA', data_recebimento = ${data}::date,
       observacao_recebimento = ${ctx.entrada.observacao}, usuario_recebimento_id = ${ctx.usuarioId}, recebido_em = now()
     where id = ${r.id}`.execute(ctx.trx);
  const div = divergencias(linhas);
  await responder(ctx, div.length ? MSG.recebidaComDivergencia(r.id, div.length) : MSG.recebidaIntegral(r.id), {
    dataRecebimento: data,
    divergencias: div,
  });
  ctx.estado.resposta = { ...ctx.estado.resposta!, divergencias: div };
}
