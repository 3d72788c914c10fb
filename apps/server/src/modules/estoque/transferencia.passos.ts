/**
 * Steps of sending a stock transfer (transferencia.workflow.ts), one transaction: both stores of one
 * company, both locations valid and distinct, products and quantities, then the header, the items at the
 * origin's average, and the postings — exit at the origin location, entry into the origin store's TRANSITO
 * location (created on the store's first transfer). The goods stay the origin's until received.
 * Between two locations of one store nothing travels (#27.8): the entry goes straight into the destination
 * location in the same command and the transfer is written already received (at the sending's date, by its user).
 */
import {
  Decimal,
  type EntradaTransferenciaEstoque,
  falhaDeCampo,
  falhasDasLojas,
  falhasDoLocal,
  falhasDosItensTransferidos,
  hojeNaZona,
  type LocalLido,
  type LojaLida,
  MSG_TRANSFERENCIA as MSG,
  type TransferenciaEstoqueDetalhe,
} from '@retaguarda/domain';
import { sql } from 'kysely';
import type { Tx } from '../../db/database';
import { type ContextoDoComando, recusar, recusarTudo } from '../../workflows';
import { validarLinhasDoDocumento } from '../produto';
import { avisosDeSaldoNegativo } from './avisos';
import { assertPeriodoAberto } from './fechamento.periodo';
import { lancarMovimentos } from './lancamento';
import { lerTransferencia } from './transferencia.consulta';

export interface EstadoTransferencia {
  localTransitoId?: number;
  id?: number;
  detalhe?: TransferenciaEstoqueDetalhe & { avisos?: string[] };
  /** balances left below zero where the store allows it (#27.5) */
  avisos?: string[];
}
export const estadoTransferencia = (): EstadoTransferencia => ({});
type Ctx = ContextoDoComando<EntradaTransferenciaEstoque, EstadoTransferencia>;

/** Most field errors answered for a big transfer (the first ones; the rest are alike). */
export const MAX_FALHAS = 100;

/** The destination exists and both stores are active and of one company (CNPJ root). */
export async function validarLojas(ctx: Ctx): Promise<void> {
  const e = ctx.entrada;
  const { rows } = await sql<LojaLida>`select id, sigla, ativo, numero_do_documento from loja
    where id in (${e.lojaOrigemId}, ${e.lojaDestinoId})`.execute(ctx.trx);
  const origem = rows.find((l) => l.id === e.lojaOrigemId)!;
  const destino = rows.find((l) => l.id === e.lojaDestinoId);
  if (!destino) throw recusar('lojaDestinoId', MSG.lojaNaoEncontrada);
  const falhas = falhasDasLojas(origem, destino);
  if (falhas.length) throw recusarTudo(falhas);
}

/** Each location of its store, active, not a TRANSITO one; the date not after the origin's today. */
export async function validarLocais(ctx: Ctx): Promise<void> {
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
  const hoje = hojeNaZona(ctx.loja.zona);
  if (e.data > hoje) falhas.push(falhaDeCampo('data', MSG.dataFutura(hoje)));
  if (falhas.length) throw recusarTudo(falhas);
}

/** Sending posts at the origin only: its period must be open at the date. */
export async function validarPeriodo(ctx: Ctx): Promise<void> {
  await assertPeriodoAberto(ctx.trx, ctx.entrada.lojaOrigemId, ctx.entrada.data, {
    assinanteId: ctx.assinanteId,
    campo: 'data',
  });
}

/** The lines by the shared item-line validator (products of the tenant, active, the unit's decimals). */
export async function validarItens(ctx: Ctx): Promise<void> {
  const { itens } = ctx.entrada;
  await validarLinhasDoDocumento(ctx.trx, itens, (p) => falhasDosItensTransferidos(itens, p.porId));
}

/**
 * The store's TRANSITO location, created on its first transfer ('Em trânsito', not for sale, not counted;
 * a location of another type already called so keeps its name and ours takes a longer one). The store's
 * balance lock, held by the command, makes two first transfers create one.
 */
export async function localTransitoDaLoja(trx: Tx, lojaId: number): Promise<number> {
  const { rows } = await sql<{ id: number }>`select id from local_estoque
    where loja_id = ${lojaId} and tipo = 'TRANSITO' and ativo order by id limit 1`.execute(trx);
  if (rows[0]) return rows[0].id;
  for (const descricao of ['Em trânsito', 'Em trânsito (transferências)']) {
    const { rows: novo } = await sql<{ id: number }>`
      insert into local_estoque (loja_id, descricao, tipo, permite_venda, padrao_venda, padrao_entrada, inventariavel)
      values (${lojaId}, ${descricao}, 'TRANSITO', false, false, false, false)
      on conflict do nothing returning id`.execute(trx);
    if (novo[0]) return novo[0].id;
  }
  throw new Error(`não foi possível criar o local de trânsito da loja ${lojaId}`);
}

export async function garantirTransito(ctx: Ctx): Promise<void> {
  ctx.estado.localTransitoId = await localTransitoDaLoja(ctx.trx, ctx.entrada.lojaOrigemId);
}

/** One store at both ends: the goods go from one location to the other at once, no receipt step. */
export const mesmaLoja = (e: { lojaOrigemId: number; lojaDestinoId: number }) => e.lojaOrigemId === e.lojaDestinoId;

/**
 * The header and the items, each at the origin's current average (the cost its exit is posted at); one
 * store's transfer is written received at the sending (status, date, user, instant, each line whole).
 */
export async function gravarTransferencia(ctx: Ctx): Promise<void> {
  const e = ctx.entrada;
  const recebida = mesmaLoja(e);
  const { rows } = await sql<{ id: number }>`
    insert into transferencia_estoque (loja_origem_id, local_origem_id, loja_destino_id, local_destino_id,
      local_transito_id, data, observacao, quantidade_itens, usuario_id,
      status, data_recebimento, usuario_recebimento_id, recebido_em)
    values (${e.lojaOrigemId}, ${e.localOrigemId}, ${e.lojaDestinoId}, ${e.localDestinoId},
      ${ctx.estado.localTransitoId!}, ${e.data}::date, ${e.observacao}, ${e.itens.length}, ${ctx.usuarioId},
      ${recebida ? 'RECEBIDA' : 'EM_TRANSITO'}, ${recebida ? e.data : null}::date,
      ${recebida ? ctx.usuarioId : null}::int4, case when ${recebida} then now() end)
    returning id::float8 as id`.execute(ctx.trx);
  const id = rows[0]!.id;
  ctx.estado.id = id;
  await sql`
    insert into item_transferencia_estoque (transferencia_id, produto_id, ordem, quantidade, custo_unitario,
      quantidade_recebida, custo_recebimento)
    select ${id}, i.produto_id, i.ordem, i.quantidade, coalesce(c.custo_medio, 0),
           case when ${recebida} then i.quantidade end, case when ${recebida} then coalesce(c.custo_medio, 0) end
      from unnest(${e.itens.map((i) => i.produtoId)}::int4[], ${e.itens.map((i) => i.quantidade)}::numeric[])
           with ordinality as i(produto_id, quantidade, ordem)
      left join custo_medio_estoque c on c.loja_id = ${e.lojaOrigemId} and c.produto_id = i.produto_id`.execute(
    ctx.trx,
  );
}

/**
 * Exit at the origin location, entry into its TRANSITO location (into the destination location when both
 * are of one store): one store, so its average stays.
 */
export async function lancarEnvio(ctx: Ctx): Promise<void> {
  const e = ctx.entrada;
  const comum = { lojaId: e.lojaOrigemId, data: e.data };
  const localEntrada = mesmaLoja(e) ? e.localDestinoId : ctx.estado.localTransitoId!;
  const negativos = await lancarMovimentos(ctx.trx, {
    documentoTipo: 'TRANSFERENCIA',
    documentoId: ctx.estado.id!,
    usuarioId: ctx.usuarioId,
    movimentos: e.itens.flatMap((i) => [
      {
        ...comum,
        localId: e.localOrigemId,
        produtoId: i.produtoId,
        tipo: 'TRANSFERENCIA_SAIDA' as const,
        quantidade: Decimal.de(i.quantidade).negativo().texto(),
      },
      {
        ...comum,
        localId: localEntrada,
        produtoId: i.produtoId,
        tipo: 'TRANSFERENCIA_ENTRADA' as const,
        quantidade: i.quantidade,
      },
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
}

export async function lerResultado(ctx: Ctx): Promise<void> {
  const d = await lerTransferencia(ctx.trx, ctx.estado.id!, null);
  ctx.estado.detalhe = ctx.estado.avisos?.length ? { ...d!, avisos: ctx.estado.avisos } : d!;
  // the items are in the answer and the ledger: the audit keeps the header
  const { itens: _itens, ...cabecalho } = d!;
  ctx.auditoria = { entidade: 'transferencia_estoque', entidadeId: d!.id, operacao: 'INCLUSAO', depois: cabecalho };
}
