/**
 * Steps of the inventory commands (inventario.workflow.ts) but the finalization (inventario-finalizacao.passos.ts):
 * create, start the count (the expected balance frozen per item), a count line, close the count, recount, cancel.
 * Every move checks the transition table (domain `transicaoInventario`): 409 with the status in the message.
 */
import {
  type AcaoInventario,
  casasPermitidas,
  Decimal,
  type EntradaInventario,
  type EntradaItemInventario,
  type EntradaRecontagem,
  type EscopoInventario,
  falhaDoEscopo,
  type Inventario,
  MSG_INVENTARIO as MSG,
  somarContagem,
  type StatusInventario,
  type TipoInventario,
  transicaoInventario,
  VERBO_ACAO,
} from '@retaguarda/domain';
import { type RawBuilder, sql } from 'kysely';
import type { Tx } from '../../db/database';
import { atLocalTime } from '../../time';
import { type ContextoDoComando, conflito, naoEncontrado, recusar } from '../../workflows';
import { resolverCodigos } from '../produto';
import { lerInventario } from './inventario.consulta';

/** The inventory row the commands act on. */
export interface CabecalhoInventario {
  id: number;
  lojaId: number;
  localId: number;
  tipo: TipoInventario;
  escopo: EscopoInventario | null;
  dataReferencia: string;
  numeroContagens: number;
  contagemAtual: number;
  status: StatusInventario;
}

export interface EstadoInventario {
  inv?: CabecalhoInventario;
  resposta?: Inventario;
  contagem?: { produtoId: number; n: number; quantidade: string };
}
export const estadoInventario = (): EstadoInventario => ({});
type Ctx<E = { id: number }> = ContextoDoComando<E, EstadoInventario>;

/**
 * The inventory of the path (the backbone already read it `for update` and checked its store), refused with
 * 409 when its status does not allow `acao`.
 */
export async function carregarInventario(ctx: Ctx<{ id: number }>, acao: AcaoInventario): Promise<CabecalhoInventario> {
  const { rows } = await sql<CabecalhoInventario>`
    select id, loja_id, local_id, tipo, escopo, to_char(data_referencia, 'YYYY-MM-DD"T"HH24:MI:SS') as data_referencia,
           numero_contagens, contagem_atual, status
      from inventario where id = ${ctx.entrada.id} for update`.execute(ctx.trx);
  const inv = rows[0];
  if (!inv) throw naoEncontrado(MSG.naoEncontrado);
  if (!transicaoInventario(inv.status, acao)) throw conflito(MSG.transicao(VERBO_ACAO[acao], inv.status));
  ctx.estado.inv = inv;
  return inv;
}

/** The products of a scope (any list matching), as a condition on `p` (a product row). */
export function noEscopo(e: EscopoInventario | null): RawBuilder<boolean> {
  if (!e) return sql<boolean>`true`;
  const lista = (v: number[] | undefined) => v ?? [];
  return sql<boolean>`(p.secao_id = any(${lista(e.secoes)}::int4[]) or p.grupo_id = any(${lista(e.grupos)}::int4[])
    or p.marca_id = any(${lista(e.marcas)}::int4[]) or p.id = any(${lista(e.produtos)}::int4[])
    or exists (select 1 from produto_fornecedor f where f.produto_id = p.id
                and f.fornecedor_id = any(${lista(e.fornecedores)}::int4[])))`;
}

/**
 * The expected balance at the store-local instant `ref` of the location's products `k` (alias with produto_id):
 * the closing balance of the day before + that day's movements that happened (`ocorrido_em`) up to `ref`.
 */
export function esperadoNaReferencia(
  inv: Pick<CabecalhoInventario, 'lojaId' | 'localId' | 'dataReferencia'>,
  zona: string,
) {
  const dia = inv.dataReferencia.slice(0, 10);
  return sql<string>`(coalesce((select d.saldo from saldo_estoque_dia d
        where d.loja_id = ${inv.lojaId} and d.local_id = ${inv.localId} and d.produto_id = k.produto_id
          and d.data < ${dia}::date order by d.data desc limit 1), 0)
    + coalesce((select sum(m.quantidade) from movimento_estoque m
        where m.loja_id = ${inv.lojaId} and m.local_id = ${inv.localId} and m.produto_id = k.produto_id
          and m.data = ${dia}::date
          and coalesce(m.ocorrido_em, m.lancado_em) <= ${atLocalTime(inv.dataReferencia, zona)}), 0))`;
}

// ---- create

/** An active, countable location of the command's store (not the transfers' TRANSITO), with no open inventory. */
export async function validarLocal(ctx: Ctx<EntradaInventario>): Promise<void> {
  const e = ctx.entrada;
  const { rows } = await sql<{ lojaId: number; ativo: boolean; tipo: string; inventariavel: boolean }>`
    select loja_id, ativo, tipo, inventariavel from local_estoque where id = ${e.localId}`.execute(ctx.trx);
  const l = rows[0];
  if (!l) throw recusar('localId', MSG.localNaoEncontrado);
  if (l.lojaId !== ctx.loja.id) throw recusar('localId', MSG.localDeOutraLoja);
  if (!l.ativo) throw recusar('localId', MSG.localInativo);
  if (l.tipo === 'TRANSITO') throw recusar('localId', MSG.localEmTransito);
  if (!l.inventariavel) throw recusar('localId', MSG.localNaoInventariavel);
  const { rows: abertos } = await sql<{ id: number }>`
    select id from inventario where local_id = ${e.localId}
       and status in ('ABERTO', 'EM_CONTAGEM', 'EM_CONFERENCIA') limit 1`.execute(ctx.trx);
  if (abertos[0]) throw conflito(MSG.jaAberto(abertos[0].id));
}

/** The scope fits the type; the reference instant is not in the store's future. */
export async function validarEscopoEReferencia(ctx: Ctx<EntradaInventario>): Promise<void> {
  const e = ctx.entrada;
  const falha = falhaDoEscopo(e.tipo, e.escopo);
  if (falha) throw recusar('escopo', falha === 'exigido' ? MSG.escopoExigido : MSG.escopoEmGeral);
  const { rows } = await sql<{ futura: boolean }>`
    select ${atLocalTime(e.dataReferencia, ctx.loja.zona)} > now() + interval '1 minute' as futura`.execute(ctx.trx);
  if (rows[0]?.futura) throw recusar('dataReferencia', MSG.referenciaFutura);
}

export async function gravarInventario(ctx: Ctx<EntradaInventario>): Promise<void> {
  const e = ctx.entrada;
  const { rows } = await sql<{ id: number }>`
    insert into inventario (loja_id, local_id, descricao, tipo, escopo, data_referencia, contagem_cega, numero_contagens, usuario_id)
    values (${e.lojaId}, ${e.localId}, ${e.descricao}, ${e.tipo}, ${e.escopo ? JSON.stringify(e.escopo) : null}::jsonb,
            ${e.dataReferencia}::timestamp, ${e.contagemCega}, ${e.numeroContagens}, ${ctx.usuarioId})
    returning id`.execute(ctx.trx);
  const id = rows[0]!.id;
  ctx.estado.resposta = await lerInventario(ctx.trx, id);
  ctx.auditoria = { entidade: 'inventario', entidadeId: id, operacao: 'INCLUSAO', depois: ctx.estado.resposta };
}

// ---- start counting

/**
 * The items: GERAL, every product the location ever held; PARCIAL / ROTATIVO, the scope's products (active, or
 * holding a balance there). Each with its expected balance at the reference instant, in one statement.
 */
export async function congelarEsperado(ctx: Ctx): Promise<void> {
  const inv = await carregarInventario(ctx, 'iniciar');
  const produtos =
    inv.tipo === 'GERAL'
      ? sql`select s.produto_id from saldo_estoque s where s.loja_id = ${inv.lojaId} and s.local_id = ${inv.localId}`
      : sql`select p.id as produto_id from produto p where ${noEscopo(inv.escopo)}
              and (p.ativo or exists (select 1 from saldo_estoque s where s.loja_id = ${inv.lojaId}
                                       and s.local_id = ${inv.localId} and s.produto_id = p.id and s.quantidade <> 0))`;
  const { numAffectedRows } = await sql`
    insert into item_inventario (inventario_id, produto_id, quantidade_sistema)
    select ${inv.id}, k.produto_id, ${esperadoNaReferencia(inv, ctx.loja.zona)}
      from (${produtos}) k order by k.produto_id`.execute(ctx.trx);
  if (inv.tipo !== 'GERAL' && !Number(numAffectedRows ?? 0)) throw recusar('escopo', MSG.escopoVazio);
  await mudarStatus(ctx, 'EM_CONTAGEM', sql`iniciado_em = now()`);
}

/** The new status (and any other column), the answer and the audit row. */
export async function mudarStatus(
  ctx: Ctx<{ id: number }>,
  status: StatusInventario,
  mais?: RawBuilder<unknown>,
): Promise<void> {
  const antes = ctx.estado.inv!;
  const extra = mais ? sql`, ${mais}` : sql``;
  await sql`update inventario set status = ${status} ${extra} where id = ${antes.id}`.execute(ctx.trx);
  ctx.estado.resposta = await lerInventario(ctx.trx, antes.id);
  ctx.auditoria = {
    entidade: 'inventario',
    entidadeId: antes.id,
    operacao: 'ALTERACAO',
    antes: { status: antes.status },
    depois: { status, contagemAtual: ctx.estado.resposta?.contagemAtual },
  };
}

// ---- a count line

interface ProdutoContado {
  produtoId: number;
  /** units per code (a box's EAN-14 counts `fator` units) */
  fator: string;
  casas: number;
}

async function produtoDaLinha(trx: Tx, e: EntradaItemInventario): Promise<ProdutoContado> {
  if (e.produtoId !== undefined) {
    const { rows } = await sql<{ permiteFracionamento: boolean | null; casasDecimais: number | null }>`
      select u.permite_fracionamento, u.casas_decimais from produto p left join unidade u on u.id = p.unidade_de_venda_id
       where p.id = ${e.produtoId}`.execute(trx);
    if (!rows[0]) throw recusar('produtoId', MSG.produtoDesconhecido(e.produtoId));
    const u = rows[0];
    const casas =
      u.casasDecimais === null
        ? 0
        : casasPermitidas({ permiteFracionamento: !!u.permiteFracionamento, casasDecimais: u.casasDecimais });
    return { produtoId: e.produtoId, fator: '1', casas };
  }
  if (!e.codigo) throw recusar('produtoId', MSG.informeProduto);
  const [r] = await resolverCodigos(trx, [e.codigo]);
  if (!r?.produtoId) throw recusar('codigo', MSG.codigoDesconhecido(e.codigo));
  return { produtoId: r.produtoId, fator: r.fator ?? '1', casas: r.casasDecimais ?? 0 };
}

/**
 * The line's product (by id or any code; a pack's code counts `fator` units), its quantity within the unit's
 * decimals, in the inventory (a GERAL one takes a product it did not list; PARCIAL / ROTATIVO only in scope; a
 * recount only the items asked for); then the count's quantity and the line, insert-only, beside it.
 */
export async function registrarContagem(ctx: Ctx<EntradaItemInventario>): Promise<void> {
  const inv = await carregarInventario(ctx, 'contar');
  const e = ctx.entrada;
  const p = await produtoDaLinha(ctx.trx, e);
  const quantidade = Decimal.de(e.quantidade).vezes(Decimal.de(p.fator));
  if (quantidade.casasUsadas() > p.casas) throw recusar('quantidade', MSG.casasDecimais(p.casas));
  const n = inv.contagemAtual;
  const { rows } = await sql<{ recontar: boolean; atual: string | null }>`
    select recontar, (case ${n}::int when 1 then contagem_1 when 2 then contagem_2 else contagem_3 end)::text as atual
      from item_inventario where inventario_id = ${inv.id} and produto_id = ${p.produtoId} for update`.execute(ctx.trx);
  let item = rows[0];
  if (!item) {
    if (n > 1) throw recusar('produtoId', MSG.naoRecontar(p.produtoId, n));
    if (inv.tipo !== 'GERAL') {
      const { rows: dentro } = await sql<{ ok: boolean }>`
        select ${noEscopo(inv.escopo)} as ok from produto p where p.id = ${p.produtoId}`.execute(ctx.trx);
      if (!dentro[0]?.ok) throw recusar('produtoId', MSG.foraDoEscopoDoInventario(p.produtoId));
    }
    // a product the location never held (or created after the start): its expected balance, read now
    await sql`insert into item_inventario (inventario_id, produto_id, quantidade_sistema)
      select ${inv.id}, k.produto_id, ${esperadoNaReferencia(inv, ctx.loja.zona)}
        from (select ${p.produtoId}::int4 as produto_id) k`.execute(ctx.trx);
    item = { recontar: false, atual: null };
  } else if (n > 1 && !item.recontar) throw recusar('produtoId', MSG.naoRecontar(p.produtoId, n));
  const nova = somarContagem(item.atual, quantidade.texto(), e.substituir);
  const coluna = sql.ref(`contagem_${n}`);
  await sql`update item_inventario set ${coluna} = ${nova}::numeric, usuario_id = ${ctx.usuarioId},
      dispositivo_id = ${ctx.auth.dispositivoId ?? null}, contado_em = now()
    where inventario_id = ${inv.id} and produto_id = ${p.produtoId}`.execute(ctx.trx);
  await sql`insert into contagem_inventario (inventario_id, produto_id, n, quantidade, modo, usuario_id, dispositivo_id)
    values (${inv.id}, ${p.produtoId}, ${n}, ${quantidade.texto()}::numeric, ${e.substituir ? 'SUBSTITUIR' : 'SOMAR'},
            ${ctx.usuarioId}, ${ctx.auth.dispositivoId ?? null})`.execute(ctx.trx);
  ctx.estado.contagem = { produtoId: p.produtoId, n, quantidade: nova };
  // the lines themselves are the history (contagem_inventario): the audit keeps the item's new count
  ctx.auditoria = {
    entidade: 'item_inventario',
    entidadeId: `${inv.id}:${p.produtoId}`,
    operacao: 'ALTERACAO',
    depois: ctx.estado.contagem,
  };
}

// ---- close the count, recount, cancel

export async function encerrarContagem(ctx: Ctx): Promise<void> {
  await carregarInventario(ctx, 'encerrarContagem');
  await sql`update item_inventario set recontar = false where inventario_id = ${ctx.entrada.id} and recontar`.execute(
    ctx.trx,
  );
  await mudarStatus(ctx, 'EM_CONFERENCIA');
}

/**
 * The next count (2nd, then 3rd) for the products named, or by default the divergent ones: counted with a
 * difference, or not counted while the system expected stock.
 */
export async function abrirRecontagem(ctx: Ctx<EntradaRecontagem>): Promise<void> {
  const inv = await carregarInventario(ctx, 'recontar');
  const n = inv.contagemAtual + 1;
  if (n > inv.numeroContagens) throw conflito(MSG.semNovaContagem(inv.numeroContagens));
  const alvo = ctx.entrada.produtoIds
    ? sql`produto_id = any(${ctx.entrada.produtoIds}::int4[])`
    : sql`(quantidade_final is distinct from quantidade_sistema and (quantidade_final is not null or quantidade_sistema <> 0))`;
  await sql`update item_inventario set recontar = ${alvo} where inventario_id = ${inv.id}`.execute(ctx.trx);
  await mudarStatus(ctx, 'EM_CONTAGEM', sql`contagem_atual = ${n}`);
}

export async function cancelarInventario(ctx: Ctx): Promise<void> {
  await carregarInventario(ctx, 'cancelar');
  await mudarStatus(ctx, 'CANCELADO', sql`cancelado_em = now()`);
}
