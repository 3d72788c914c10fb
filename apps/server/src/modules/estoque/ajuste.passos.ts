/** Steps of the stock adjustment command (ajuste.workflow.ts): each small, named, in one transaction. */
import {
  type AjusteEstoque,
  type EntradaAjusteEstoque,
  Decimal,
  falhaDeCampo,
  falhasDoCabecalho,
  falhasDosItens,
  hojeNaZona,
  MSG_AJUSTE,
  type TipoDeAjusteLido,
  tipoDoMovimento,
} from '@retaguarda/domain';
import { sql } from 'kysely';
import { type ContextoDoComando, recusar, recusarTudo } from '../../workflows';
import { validarLinhasDoDocumento } from '../produto';
import { avisosDeSaldoNegativo } from './avisos';
import { assertPeriodoAberto } from './fechamento.periodo';
import { lancarMovimentos } from './lancamento';

export interface EstadoAjuste {
  tipo?: TipoDeAjusteLido;
  /** the answer; `avisos`: balances left below zero where the store allows it (#27.5) */
  ajuste?: AjusteEstoque & { avisos?: string[] };
}
export const estadoAjuste = (): EstadoAjuste => ({});
type Ctx = ContextoDoComando<EntradaAjusteEstoque, EstadoAjuste>;

/** Most field errors answered for a big adjustment (the first ones; the rest are alike). */
const MAX_FALHAS = 100;

/** The location must be of the command's store, active and not in-transit; the type must exist, be active and agree. */
export async function validarCabecalho(ctx: Ctx): Promise<void> {
  const e = ctx.entrada;
  const { rows: locais } = await sql<{ lojaId: number; ativo: boolean; tipo: string }>`
    select loja_id, ativo, tipo from local_estoque where id = ${e.localId}`.execute(ctx.trx);
  const local = locais[0];
  if (!local) throw recusar('localId', MSG_AJUSTE.localNaoEncontrado);
  if (local.lojaId !== ctx.loja.id) throw recusar('localId', MSG_AJUSTE.localDeOutraLoja);
  if (!local.ativo) throw recusar('localId', MSG_AJUSTE.localInativo);
  // goods in transit belong to a transfer: only its receipt or cancellation moves them
  if (local.tipo === 'TRANSITO') throw recusar('localId', MSG_AJUSTE.localEmTransito);
  const { rows: tipos } = await sql<TipoDeAjusteLido & { ativo: boolean }>`
    select tipo, exige_observacao, afeta_custo_medio, ativo from tipo_ajuste where id = ${e.tipoDeAjusteId}`.execute(
    ctx.trx,
  );
  const tipo = tipos[0];
  if (!tipo) throw recusar('tipoDeAjusteId', MSG_AJUSTE.tipoNaoEncontrado);
  if (!tipo.ativo) throw recusar('tipoDeAjusteId', MSG_AJUSTE.tipoInativo);
  const falhas = falhasDoCabecalho(e, tipo, hojeNaZona(ctx.loja.zona));
  if (falhas.length) throw recusarTudo(falhas);
  ctx.estado.tipo = tipo;
}

/** A movement dated in the store's closed period is refused (and a closing waits for this posting). */
export async function validarPeriodo(ctx: Ctx): Promise<void> {
  await assertPeriodoAberto(ctx.trx, ctx.loja.id, ctx.entrada.dataDaMovimentacao, {
    assinanteId: ctx.assinanteId,
    campo: 'dataDaMovimentacao',
  });
}

/** The lines by the shared item-line validator: products of the tenant, active, units, costs (domain rules). */
export async function validarItens(ctx: Ctx): Promise<void> {
  const { itens, tipoDeOperacao } = ctx.entrada;
  await validarLinhasDoDocumento(ctx.trx, itens, (p) =>
    falhasDosItens(itens, tipoDeOperacao, ctx.estado.tipo!, p.porId),
  );
}

/** The document header. */
export async function gravarAjuste(ctx: Ctx): Promise<void> {
  const e = ctx.entrada;
  const { rows } = await sql<AjusteEstoque>`
    insert into ajuste_estoque (loja_id, local_id, tipo_ajuste_id, tipo_de_operacao, data, observacao,
                                quantidade_itens, usuario_id)
    values (${e.lojaId}, ${e.localId}, ${e.tipoDeAjusteId}, ${e.tipoDeOperacao}, ${e.dataDaMovimentacao}::date,
            ${e.observacao}, ${e.itens.length}, ${ctx.usuarioId})
    returning id::int8::float8 as id, loja_id, local_id, tipo_ajuste_id as tipo_de_ajuste_id, tipo_de_operacao,
              data::text as data_da_movimentacao, observacao, quantidade_itens, usuario_id, criado_em`.execute(ctx.trx);
  ctx.estado.ajuste = rows[0]!;
  // the items are the document's movements (ledger rows): the audit keeps the header, not 10 000 items twice
  ctx.auditoria = { entidade: 'ajuste_estoque', entidadeId: rows[0]!.id, operacao: 'INCLUSAO', depois: rows[0] };
}

/** One movement per item, set-based; a balance left negative in a store that refuses it rolls all back. */
export async function lancarItens(ctx: Ctx): Promise<void> {
  const e = ctx.entrada;
  const saida = e.tipoDeOperacao === 'SAIDA';
  const tipo = tipoDoMovimento(e.tipoDeOperacao);
  const negativos = await lancarMovimentos(ctx.trx, {
    documentoTipo: 'AJUSTE',
    documentoId: ctx.estado.ajuste!.id,
    usuarioId: ctx.usuarioId,
    movimentos: e.itens.map((i) => ({
      lojaId: e.lojaId,
      localId: e.localId,
      produtoId: i.produtoId,
      data: e.dataDaMovimentacao,
      tipo,
      quantidade: saida ? Decimal.de(i.quantidade).negativo().texto() : i.quantidade,
      custoUnitario: saida || !ctx.estado.tipo!.afetaCustoMedio ? null : (i.custoUnitario ?? null),
    })),
  });
  const recusados = negativos.filter((n) => n.recusado);
  if (recusados.length)
    throw recusarTudo(
      recusados
        .slice(0, MAX_FALHAS)
        .map((n) => falhaDeCampo('itens', MSG_AJUSTE.saldoNegativo(n.produtoId, Decimal.de(n.quantidade).texto()))),
    );
  const avisos = await avisosDeSaldoNegativo(ctx.trx, negativos);
  if (avisos.length) ctx.estado.ajuste = { ...ctx.estado.ajuste!, avisos };
}
