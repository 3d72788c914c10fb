/** Steps of the inconsistency lot commands (domain.md §3.7); declarations in lote-inconsistencia.workflow.ts. */
import {
  type AcaoLote,
  CAMPO_DO_TIPO,
  type CampoLote,
  type EntradaCriarLote,
  type EntradaPropostasLote,
  falhaDeCampo,
  type ItemInvalidoLote,
  type LoteInconsistencia,
  MAX_PRODUTOS_LOTE,
  MSG_LOTE_INCONSISTENCIA as MSG,
  PARTICIPIO,
  type StatusLote,
  type TipoLote,
  transicaoLote,
} from '@retaguarda/domain';
import { sql } from 'kysely';
import { tarefasDe } from '../../jobs';
import { hasAnyPermission } from '../../plugins/auth';
import { conflito, naoEncontrado, proibido, recusar, recusarTudo, type Passo } from '../../workflows';
import {
  aplicarPropostas,
  fecharLote,
  pendentes,
  precisaDeTarefa,
  TAREFA_FINALIZACAO,
} from './lote-inconsistencia.aplicacao';
import { lojasDoEscopo, loteVisivel, noEscopo, siglasDe, siglasForaDoEscopo } from './lote-inconsistencia.escopo';
import { lerLote } from './lote-inconsistencia.leitura';
import { type Proposta, validarPropostas } from './lote-inconsistencia.validacao';

export interface EstadoLote {
  lote?: { id: number; tipo: TipoLote; campo: CampoLote; status: StatusLote; tarefaId: string | null };
  resposta?: LoteInconsistencia;
  atualizados: number;
  invalidos: ItemInvalidoLote[];
}
export const estadoLote = (): EstadoLote => ({ atualizados: 0, invalidos: [] });

type Ctx<E> = Parameters<Passo<E, EstadoLote>>[0];
/** at most this many refused rows are named in a 422 (the rest are counted) */
const MAX_LINHAS_NA_RECUSA = 200;

// ---------- criar ----------

export async function validarCriacao(ctx: Ctx<EntradaCriarLote>): Promise<void> {
  const e = ctx.entrada;
  if (e.tipoInconsistencia === 'CFOP_NAO_PERMITIDO_NFCE') throw recusar('tipoInconsistencia', MSG.tipoSemLote);
  const fora = e.filtros.lojas.filter((l) => !ctx.auth.lojas.includes(l));
  if (fora.length) throw proibido(MSG.lojaFora(await siglasDe(ctx.trx, fora)));
}

/** the current value of the lot's field for an inconsistency row `x` of product `p` */
const VALOR_ATUAL: Record<CampoLote, ReturnType<typeof sql>> = {
  ncm: sql`p.ncm_id`,
  cest: sql`p.cest::text`,
  natureza: sql`p.natureza_de_imposto_federal_id`,
  situacao: sql`p.situacao_fiscal_saida_id::text`,
  regime: sql`(select r.regime_estadual_id::text from produto_regime r where r.produto_id = p.id and r.loja_id = x.loja_id)`,
  gtin: sql`x.valor_atual`,
};

export async function gravarLote(ctx: Ctx<EntradaCriarLote>): Promise<void> {
  const e = ctx.entrada;
  const tipo = e.tipoInconsistencia as TipoLote;
  const campo = CAMPO_DO_TIPO[tipo];
  const f = e.filtros;
  const lojasDoUsuario = lojasDoEscopo(ctx.auth);
  const { rows } = await sql<{ id: number }>`
    insert into lote_inconsistencia (descricao, tipo, filtros, usuario_id, usuario_nome)
    values (${e.descricao}, ${tipo}, ${JSON.stringify(f)}::jsonb, ${ctx.usuarioId}::int,
            (select nome from usuario where id = ${ctx.usuarioId}::int))
    returning id`.execute(ctx.trx);
  const id = rows[0]!.id;
  const lojas = f.lojas.length ? f.lojas : null;
  // store rows: in the chosen stores (and the user's); product rows: products sold in a chosen store
  const daLoja = sql`(case when x.loja_id is null
      then (${lojas}::int4[] is null or exists (select 1 from preco pr where pr.produto_id = p.id and pr.loja_id = any (${lojas}::int4[])))
      else (${lojas}::int4[] is null or x.loja_id = any (${lojas}::int4[]))
       and x.loja_id = any (${lojasDoUsuario}::int4[]) end)`;
  const { rows: n } = await sql<{ itens: number; produtos: number }>`
    with novos as (
      insert into lote_inconsistencia_item (lote_id, produto_id, loja_id, campo, valor_atual)
      select distinct ${id}::int, p.id, x.loja_id, ${campo}, ${VALOR_ATUAL[campo]}
        from inconsistencia_produto x join produto p on p.id = x.produto_id
       where x.tipo = ${tipo} and x.resolvida_em is null and ${daLoja}
         and (${f.secaoId}::int is null or p.secao_id = ${f.secaoId}::int)
         and (${f.marcaId}::int is null or p.marca_id = ${f.marcaId}::int)
         and (${f.fornecedorId}::int is null or exists (select 1 from produto_fornecedor pf
               where pf.produto_id = p.id and pf.fornecedor_id = ${f.fornecedorId}::int and pf.ativo))
      returning produto_id)
    select count(*)::int as itens, count(distinct produto_id)::int as produtos from novos`.execute(ctx.trx);
  const { itens, produtos } = n[0]!;
  if (!itens) throw recusar('filtros', MSG.nenhumProduto);
  if (produtos > MAX_PRODUTOS_LOTE) throw recusar('filtros', MSG.muitosProdutos(MAX_PRODUTOS_LOTE));
  await sql`update lote_inconsistencia set quantidade_produtos = ${produtos} where id = ${id}`.execute(ctx.trx);
  ctx.estado.lote = { id, tipo, campo, status: 'RASCUNHO', tarefaId: null };
  ctx.auditoria = { entidade: 'lote_inconsistencia', entidadeId: id, operacao: 'INCLUSAO', depois: { ...e, produtos } };
}

// ---------- a lot that exists ----------

/**
 * Loads and locks the lot (404 when none of its rows is of the user's stores), refusing an action its
 * status does not allow (409) and, but for proposals (checked row by row), a lot with rows of stores the
 * user does not hold (403 naming them): analysis, finalization and cancellation act on every row.
 */
export const carregarLote =
  (acao: AcaoLote) =>
  async (ctx: Ctx<{ id: number }>): Promise<void> => {
    const lojas = lojasDoEscopo(ctx.auth);
    const { rows } = await sql<{ id: number; tipo: TipoLote; status: StatusLote; tarefaId: string | null }>`
      select l.id, l.tipo, l.status, l.tarefa_id::text as tarefa_id from lote_inconsistencia l
       where l.id = ${ctx.entrada.id} and ${loteVisivel('l', lojas)} for update`.execute(ctx.trx);
    const l = rows[0];
    if (!l) throw naoEncontrado(MSG.naoEncontrado);
    if (acao !== 'propor') {
      const fora = await siglasForaDoEscopo(ctx.trx, l.id, lojas);
      if (fora.length) throw proibido(MSG.loteDeOutrasLojas(fora, PARTICIPIO[acao]));
    }
    if (transicaoLote(l.status, acao) === null) throw conflito(MSG.statusNaoPermite(l.status, PARTICIPIO[acao]));
    if (l.tarefaId) throw conflito(MSG.emFinalizacao);
    ctx.estado.lote = { ...l, campo: CAMPO_DO_TIPO[l.tipo] };
    ctx.auditoria = {
      entidade: 'lote_inconsistencia',
      entidadeId: l.id,
      operacao: 'ALTERACAO',
      antes: { status: l.status },
    };
  };

// ---------- propostas ----------

export async function validarEGravarPropostas(ctx: Ctx<EntradaPropostasLote>): Promise<void> {
  const lote = ctx.estado.lote!;
  const e = ctx.entrada;
  if (e.valor === undefined && !e.itens.length) throw recusar('valor', MSG.semValor);
  const propostas = new Map<number, string | null>();
  const lojas = lojasDoEscopo(ctx.auth);
  if (e.valor !== undefined) {
    // every row means every row of the user's stores; a store they do not hold is refused by name
    if (e.lojaId !== null && e.lojaId !== undefined && !lojas.includes(e.lojaId)) {
      const fora = await siglasForaDoEscopo(ctx.trx, lote.id, lojas, sql`i.loja_id = ${e.lojaId}::int`);
      if (fora.length) throw proibido(MSG.linhasDeOutrasLojas(fora));
    }
    const { rows } = await sql<{ id: number }>`select id::float8 as id from lote_inconsistencia_item i
      where lote_id = ${lote.id} and (${e.lojaId}::int is null or loja_id = ${e.lojaId}::int) and ${noEscopo('i', lojas)}`.execute(
      ctx.trx,
    );
    for (const r of rows) propostas.set(r.id, e.valor ?? null);
  }
  if (e.itens.length) {
    const ids = e.itens.map((i) => i.itemId);
    const outras = await siglasForaDoEscopo(ctx.trx, lote.id, lojas, sql`i.id = any (${ids}::int8[])`);
    if (outras.length) throw proibido(MSG.linhasDeOutrasLojas(outras));
    const { rows } = await sql<{ id: number }>`select id::float8 as id from lote_inconsistencia_item
      where lote_id = ${lote.id} and id = any (${ids}::int8[])`.execute(ctx.trx);
    const doLote = new Set(rows.map((r) => r.id));
    const fora = ids.filter((i) => !doLote.has(i));
    if (fora.length) throw recusarTudo(fora.slice(0, MAX_LINHAS_NA_RECUSA).map((i) => MSG.itemNaoEncontrado(i)));
    for (const i of e.itens) propostas.set(i.itemId, i.valor);
  }
  const lista: Proposta[] = [...propostas].map(([itemId, valor]) => ({ itemId, valor }));
  const { validas, invalidas } = await validarPropostas(ctx.trx, lote.id, lote.campo, lista);
  if (invalidas.length && !e.aplicarValidos) {
    const nomeadas = invalidas.slice(0, MAX_LINHAS_NA_RECUSA);
    throw recusarTudo([
      MSG.invalidos(invalidas.length),
      ...nomeadas.map((i) => falhaDeCampo(`itens.${i.itemId}`, i.mensagem, `Produto ${i.produtoId}`)),
    ]);
  }
  if (validas.length) {
    await sql`update lote_inconsistencia_item i set valor_proposto = x.valor
      from unnest(${validas.map((v) => v.itemId)}::int8[], ${validas.map((v) => v.valor)}::text[]) as x(item_id, valor)
     where i.id = x.item_id and i.lote_id = ${lote.id}`.execute(ctx.trx);
  }
  await sql`update lote_inconsistencia set alterado_em = now() where id = ${lote.id}`.execute(ctx.trx);
  ctx.estado.atualizados = validas.length;
  ctx.estado.invalidos = invalidas;
  ctx.auditoria.depois = { atualizados: validas.length, invalidos: invalidas.length, valor: e.valor, lojaId: e.lojaId };
}

// ---------- transitions ----------

export async function enviarParaAnalise(ctx: Ctx<{ id: number }>): Promise<void> {
  const lote = ctx.estado.lote!;
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from lote_inconsistencia_item
    where lote_id = ${lote.id} and valor_proposto is not null`.execute(ctx.trx);
  if (!rows[0]?.n) throw recusar('itens', MSG.semPropostas);
  await mudarStatus(ctx, 'EM_ANALISE');
}

export async function cancelarLote(ctx: Ctx<{ id: number }>): Promise<void> {
  await mudarStatus(ctx, 'CANCELADO');
}

async function mudarStatus(ctx: Ctx<{ id: number }>, status: StatusLote): Promise<void> {
  await sql`update lote_inconsistencia set status = ${status}, alterado_em = now() where id = ${ctx.estado.lote!.id}`.execute(
    ctx.trx,
  );
  ctx.auditoria.depois = { status };
}

/** Finalizing changes products: it also needs PERM_PRODUTO_EDITAR (the route already checked the lot's EDITAR). */
export function exigirEdicaoDeProduto(ctx: Ctx<{ id: number }>): void {
  if (!ctx.auth.administrador && !hasAnyPermission(ctx.auth, ['PERM_PRODUTO_EDITAR']))
    throw proibido(MSG.precisaProdutoEditar);
}

export async function finalizarLote(ctx: Ctx<{ id: number }>): Promise<void> {
  const lote = ctx.estado.lote!;
  const n = await pendentes(ctx.trx, lote.id);
  if (!n) throw recusar('itens', MSG.semPropostas);
  if (precisaDeTarefa(n)) {
    if (ctx.previa) return;
    const tarefaId = await tarefasDe(ctx.db).enviarNa(
      ctx.trx,
      TAREFA_FINALIZACAO,
      { loteId: lote.id, campo: lote.campo },
      {
        assinanteId: ctx.assinanteId,
        usuarioId: ctx.usuarioId,
        singletonKey: `lote-${lote.id}`,
        titulo: `Finalização do lote de inconsistências ${lote.id}`,
        link: '/inconsistenciasTributarias/finalizacaoInconsitencias',
      },
    );
    await sql`update lote_inconsistencia set tarefa_id = ${tarefaId}::uuid where id = ${lote.id}`.execute(ctx.trx);
    ctx.auditoria.depois = { status: 'EM_ANALISE', tarefaId, itens: n };
    return;
  }
  await aplicarPropostas(ctx.trx, lote, ctx.usuarioId);
  await fecharLote(ctx.trx, ctx.assinanteId, lote.id, ctx.usuarioId);
  ctx.auditoria.depois = { status: 'FINALIZADO', itens: n };
}

export async function responderLote(ctx: Ctx<unknown>): Promise<LoteInconsistencia> {
  const l = await lerLote(ctx.trx, ctx.estado.lote!.id, lojasDoEscopo(ctx.auth));
  if (!l) throw naoEncontrado(MSG.naoEncontrado);
  return l;
}
