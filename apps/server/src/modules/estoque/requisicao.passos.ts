/**
 * Steps of opening a stock requisition (requisicao.workflow.ts), one transaction: both stores of one company
 * and both locations valid and distinct (the transfer's rules), an active motivo, products and quantities,
 * then the header and the lines. Nothing is posted until the transfer (requisicao-movimento.passos.ts).
 */
import {
  type EntradaRequisicaoEstoque,
  falhasDasLojas,
  falhasDoLocal,
  linhasDeEstoque,
  type LocalLido,
  type LojaLida,
  MSG_REQUISICAO as MSG,
  type RequisicaoAlterada,
  validarLinhas,
} from '@retaguarda/domain';
import { sql } from 'kysely';
import { type ContextoDoComando, recusar, recusarTudo } from '../../workflows';
import { validarLinhasDoDocumento } from '../produto';
import { lerRequisicao } from './requisicao.consulta';

export interface EstadoAbertura {
  exigeAprovacao?: boolean;
  resposta?: RequisicaoAlterada;
}
export const estadoAbertura = (): EstadoAbertura => ({});
type Ctx = ContextoDoComando<EntradaRequisicaoEstoque, EstadoAbertura>;

/** The origin exists and both stores are active and of one company (between companies it is a sale). */
export async function validarLojasDaRequisicao(ctx: Ctx): Promise<void> {
  const e = ctx.entrada;
  const { rows } = await sql<LojaLida>`select id, sigla, ativo, numero_do_documento from loja
    where id in (${e.lojaOrigemId}, ${e.lojaDestinoId})`.execute(ctx.trx);
  const destino = rows.find((l) => l.id === e.lojaDestinoId)!;
  const origem = rows.find((l) => l.id === e.lojaOrigemId);
  if (!origem) throw recusar('lojaOrigemId', 'loja não encontrada.');
  const falhas = falhasDasLojas(origem, destino);
  if (falhas.length) throw recusarTudo(falhas);
}

/** Each location of its store, active, not a TRANSITO one. */
export async function validarLocaisDaRequisicao(ctx: Ctx): Promise<void> {
  const e = ctx.entrada;
  const { rows } = await sql<LocalLido>`select id, loja_id, ativo, tipo from local_estoque
    where id in (${e.localOrigemId}, ${e.localDestinoId})`.execute(ctx.trx);
  const falhas = [
    ...falhasDoLocal(
      'localOrigemId',
      rows.find((l) => l.id === e.localOrigemId),
      e.lojaOrigemId,
    ),
    ...falhasDoLocal(
      'localDestinoId',
      rows.find((l) => l.id === e.localDestinoId),
      e.lojaDestinoId,
    ),
  ];
  if (falhas.length) throw recusarTudo(falhas);
}

/** The motivo of the register, active; it says whether the requisition waits for an approval. */
export async function validarMotivo(ctx: Ctx): Promise<void> {
  const { rows } = await sql<{ ativo: boolean; exigeAprovacao: boolean }>`
    select ativo, exige_aprovacao from motivo_requisicao where id = ${ctx.entrada.motivoId}`.execute(ctx.trx);
  const m = rows[0];
  if (!m) throw recusar('motivoId', MSG.motivoNaoEncontrado);
  if (!m.ativo) throw recusar('motivoId', MSG.motivoInativo);
  ctx.estado.exigeAprovacao = m.exigeAprovacao;
}

/** The lines by the shared item-line validator (products of the tenant, active, the unit's decimals). */
export async function validarItensDaRequisicao(ctx: Ctx): Promise<void> {
  const { itens } = ctx.entrada;
  await validarLinhasDoDocumento(
    ctx.trx,
    itens,
    (p) => validarLinhas(linhasDeEstoque('requisicao'), itens, { porId: p.porId }).falhas,
  );
}

export async function gravarRequisicao(ctx: Ctx): Promise<void> {
  const e = ctx.entrada;
  const { rows } = await sql<{ id: number }>`
    insert into requisicao_estoque (loja_destino_id, local_destino_id, loja_origem_id, local_origem_id, motivo_id,
      observacao, quantidade_itens, usuario_id)
    values (${e.lojaDestinoId}, ${e.localDestinoId}, ${e.lojaOrigemId}, ${e.localOrigemId}, ${e.motivoId},
      ${e.observacao}, ${e.itens.length}, ${ctx.usuarioId})
    returning id`.execute(ctx.trx);
  const id = rows[0]!.id;
  await sql`
    insert into item_requisicao_estoque (requisicao_id, produto_id, ordem, quantidade)
    select ${id}, i.produto_id, i.ordem, i.quantidade
      from unnest(${e.itens.map((i) => i.produtoId)}::int4[], ${e.itens.map((i) => i.quantidade)}::numeric[])
           with ordinality as i(produto_id, quantidade, ordem)`.execute(ctx.trx);
  const d = (await lerRequisicao(ctx.trx, id, null))!;
  ctx.estado.resposta = { ...d, mensagem: MSG.incluida(id, ctx.estado.exigeAprovacao!) };
  const { itens: _itens, ...cabecalho } = d;
  ctx.auditoria = { entidade: 'requisicao_estoque', entidadeId: id, operacao: 'INCLUSAO', depois: cabecalho };
}
