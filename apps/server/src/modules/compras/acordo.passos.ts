/**
 * Steps of the commercial-agreement commands (acordo.workflow.ts). An agreement spans stores: every command
 * first checks that the user holds all of them (none: 404, some: 403 naming the others). The apuração reads
 * real data set-based — sell-in: items of CONFIRMED purchase invoices of the supplier (or the holding's
 * suppliers); sell-out: the daily sales aggregate `venda_resumo_dia`, never raw cupom items — grouped per
 * store × month × product into the lines it keeps, then the pure `apurarAcordo` gives the figures.
 */
import {
  type AcordoComercialDetalhe,
  aplicarRecebimento,
  apurarAcordo,
  Decimal,
  type EntradaAcordo,
  type EntradaAlterarAcordo,
  type EntradaRecebimentoAcordo,
  hojeNaZona,
  type LinhaBaseAcordo,
  MSG_ACORDO as MSG,
  podeAcordo,
  type StatusAcordo,
  statusAposApuracao,
} from '@retaguarda/domain';
import { type RawBuilder, sql } from 'kysely';
import type { Tx } from '../../db/database';
import { zonaDaLojaId } from '../../time';
import { type ContextoDoComando, conflito, naoEncontrado, proibido, recusar } from '../../workflows';
import { lerAcordo } from './acordo.consulta';

export interface EstadoAcordo {
  resultado?: AcordoComercialDetalhe;
}
export const estadoAcordo = (): EstadoAcordo => ({});
type Ctx<E> = ContextoDoComando<E, EstadoAcordo>;

interface AcordoTravado {
  id: number;
  status: StatusAcordo;
  lojas: number[];
  fornecedorId: number | null;
  holdingId: number | null;
  escopoTipo: string;
  vigenciaInicio: string;
  vigenciaFim: string;
  dataVencimento: string;
  base: 'SELL_IN' | 'SELL_OUT';
  formaValor: 'PERCENTUAL' | 'VALOR_POR_UNIDADE' | 'VALOR_FIXO';
  valor: string;
  metaTipo: 'VALOR' | 'QUANTIDADE';
  formaRecebimento: string;
  valorApurado: string;
  valorRecebido: string;
}

/** 403 naming the stores of `lojas` the user does not hold (their siglas). */
async function conferirLojas(ctx: Ctx<unknown>, lojas: readonly number[]): Promise<void> {
  const fora = lojas.filter((l) => !ctx.auth.lojas.includes(l));
  if (!fora.length) return;
  const { rows } = await sql<{ sigla: string }>`
    select sigla from loja where id = any(${fora}::int4[]) order by sigla`.execute(ctx.trx);
  throw proibido(MSG.foraDoEscopo(rows.map((r) => r.sigla).join(', ') || fora.join(', ')));
}

/** The agreement locked for the command; 404 unless the user holds at least one of its stores. */
async function travarAcordo(ctx: Ctx<{ id: number }>): Promise<AcordoTravado> {
  const { rows } = await sql<AcordoTravado>`
    select a.id, a.status, array(select loja_id from acordo_comercial_loja l where l.acordo_id = a.id order by 1) as lojas,
           a.fornecedor_id, a.holding_id, a.escopo_tipo, to_char(a.vigencia_inicio, 'YYYY-MM-DD') as vigencia_inicio,
           to_char(a.vigencia_fim, 'YYYY-MM-DD') as vigencia_fim, to_char(a.data_vencimento, 'YYYY-MM-DD') as data_vencimento,
           a.base, a.forma_valor, trim_scale(a.valor)::text as valor, a.meta_tipo, a.forma_recebimento,
           a.valor_apurado::text as valor_apurado, a.valor_recebido::text as valor_recebido
      from acordo_comercial a where a.id = ${ctx.entrada.id} for update`.execute(ctx.trx);
  const a = rows[0];
  if (!a || !a.lojas.some((l) => ctx.auth.lojas.includes(l))) throw naoEncontrado(MSG.naoEncontrado);
  await conferirLojas(ctx, a.lojas);
  return a;
}

function permitir(a: AcordoTravado, acao: Parameters<typeof podeAcordo>[1]) {
  const p = podeAcordo(a.status, acao);
  if ('falha' in p) throw conflito(p.falha);
}

async function responder(ctx: Ctx<unknown>, id: number, operacao: 'INCLUSAO' | 'ALTERACAO', depois: unknown) {
  ctx.estado.resultado = (await lerAcordo(ctx.trx, id, null))!;
  ctx.auditoria = { entidade: 'acordo_comercial', entidadeId: id, operacao, depois };
}

/** The suppliers an agreement covers: its supplier, or every supplier of its holding. */
const fornecedoresDo = (a: { fornecedorId?: number | null; holdingId?: number | null }): RawBuilder<unknown> =>
  a.fornecedorId
    ? sql`select ${a.fornecedorId}::int as id`
    : sql`select id from fornecedor where holding_id = ${a.holdingId!}`;

/** The products of the scope (the supplier's line through produto_fornecedor; seções, marcas or a list). */
function produtosDoEscopo(
  a: { fornecedorId?: number | null; holdingId?: number | null; escopoTipo: string },
  escopo: RawBuilder<unknown>,
): RawBuilder<unknown> {
  switch (a.escopoTipo) {
    case 'LINHA_FORNECEDOR':
      return sql`select distinct pf.produto_id as id from produto_fornecedor pf where pf.fornecedor_id in (${fornecedoresDo(a)})`;
    case 'SECOES':
      return sql`select p.id from produto p where p.secao_id in (${escopo})`;
    case 'MARCAS':
      return sql`select p.id from produto p where p.marca_id in (${escopo})`;
    default:
      return sql`select p.id from produto p where p.id in (${escopo})`;
  }
}

/** Create and edit share the checks: references active, stores held, scope items exist and hold a product. */
async function validarCadastro(ctx: Ctx<EntradaAcordo>): Promise<void> {
  const e = ctx.entrada;
  await conferirLojas(ctx, e.lojas);
  const { rows: lojas } = await sql<{ id: number }>`select id from loja where id = any(${e.lojas}::int4[])`.execute(
    ctx.trx,
  );
  const faltam = e.lojas.filter((l) => !lojas.some((x) => x.id === l));
  if (faltam.length) throw recusar('lojas', MSG.lojaNaoEncontrada(faltam.join(', ')));
  const { rows: ref } = await sql<{ tipo: boolean; parceiro: boolean; comprador: boolean }>`
    select exists(select 1 from tipo_acordo where id = ${e.tipoAcordoId} and ativo) as tipo,
           ${
             e.fornecedorId
               ? sql`exists(select 1 from fornecedor where id = ${e.fornecedorId} and ativo)`
               : sql`exists(select 1 from holding where id = ${e.holdingId!} and ativo)`
           } as parceiro,
           ${e.compradorId ? sql`exists(select 1 from usuario where id = ${e.compradorId})` : sql`true`} as comprador`.execute(
    ctx.trx,
  );
  if (!ref[0]!.tipo) throw recusar('tipoAcordoId', MSG.tipoNaoEncontrado);
  if (!ref[0]!.parceiro)
    throw e.fornecedorId
      ? recusar('fornecedorId', MSG.fornecedorNaoEncontrado)
      : recusar('holdingId', MSG.holdingNaoEncontrada);
  if (!ref[0]!.comprador) throw recusar('compradorId', MSG.compradorNaoEncontrado);
  if (e.escopoTipo !== 'LINHA_FORNECEDOR') {
    const tabela = sql.table(e.escopoTipo === 'SECOES' ? 'secao' : e.escopoTipo === 'MARCAS' ? 'marca' : 'produto');
    const { rows } = await sql<{ id: number }>`select id from ${tabela} where id = any(${e.escopoIds}::int4[])`.execute(
      ctx.trx,
    );
    const nao = e.escopoIds.filter((i) => !rows.some((r) => r.id === i));
    if (nao.length) throw recusar('escopoIds', MSG.escopoNaoEncontrado(nao.join(', ')));
  }
  const escopo = sql`select unnest(${e.escopoIds}::int4[])`;
  const { rows: n } = await sql<{ n: number }>`
    select count(*)::int as n from (${produtosDoEscopo(e, escopo)} limit 1) x`.execute(ctx.trx);
  if (!n[0]!.n) throw recusar('escopoIds', MSG.escopoVazio);
}

async function gravarFilhos(trx: Tx, id: number, e: EntradaAcordo): Promise<void> {
  await sql`delete from acordo_comercial_loja where acordo_id = ${id}`.execute(trx);
  await sql`delete from acordo_comercial_escopo where acordo_id = ${id}`.execute(trx);
  await sql`delete from acordo_comercial_faixa where acordo_id = ${id}`.execute(trx);
  await sql`insert into acordo_comercial_loja (acordo_id, loja_id) select ${id}, unnest(${e.lojas}::int4[])`.execute(
    trx,
  );
  if (e.escopoTipo !== 'LINHA_FORNECEDOR' && e.escopoIds.length)
    await sql`insert into acordo_comercial_escopo (acordo_id, ref_id) select ${id}, unnest(${e.escopoIds}::int4[])`.execute(
      trx,
    );
  if (e.faixas.length)
    await sql`insert into acordo_comercial_faixa (acordo_id, ordem, meta, valor)
      select ${id}, x.ordem, x.meta, x.valor
        from jsonb_to_recordset(${JSON.stringify(e.faixas.map((f, i) => ({ ...f, ordem: i + 1 })))}::jsonb)
          as x(ordem int, meta numeric, valor numeric)`.execute(trx);
}

export async function criarAcordo(ctx: Ctx<EntradaAcordo>): Promise<void> {
  await validarCadastro(ctx);
  const e = ctx.entrada;
  const { rows } = await sql<{ id: number }>`
    insert into acordo_comercial (tipo_acordo_id, fornecedor_id, holding_id, comprador_id, descricao, escopo_tipo,
      vigencia_inicio, vigencia_fim, data_vencimento, base, forma_valor, valor, meta_tipo, forma_recebimento,
      valor_previsto, observacao, usuario_id)
    values (${e.tipoAcordoId}, ${e.fornecedorId ?? null}, ${e.holdingId ?? null}, ${e.compradorId ?? ctx.usuarioId},
      ${e.descricao},
      ${e.escopoTipo}, ${e.vigenciaInicio}, ${e.vigenciaFim}, ${e.dataVencimento}, ${e.base}, ${e.formaValor}, ${e.valor},
      ${e.metaTipo}, ${e.formaRecebimento}, ${e.valorPrevisto}, ${e.observacao}, ${ctx.usuarioId})
    returning id`.execute(ctx.trx);
  const id = rows[0]!.id;
  await gravarFilhos(ctx.trx, id, e);
  await responder(ctx, id, 'INCLUSAO', e);
}

export async function alterarAcordo(ctx: Ctx<EntradaAlterarAcordo>): Promise<void> {
  const a = await travarAcordo(ctx);
  permitir(a, 'editar');
  await validarCadastro(ctx);
  const e = ctx.entrada;
  await sql`
    update acordo_comercial set tipo_acordo_id = ${e.tipoAcordoId}, fornecedor_id = ${e.fornecedorId ?? null},
      holding_id = ${e.holdingId ?? null}, comprador_id = coalesce(${e.compradorId ?? null}::int, comprador_id),
      descricao = ${e.descricao},
      escopo_tipo = ${e.escopoTipo}, vigencia_inicio = ${e.vigenciaInicio}, vigencia_fim = ${e.vigenciaFim},
      data_vencimento = ${e.dataVencimento}, base = ${e.base}, forma_valor = ${e.formaValor}, valor = ${e.valor},
      meta_tipo = ${e.metaTipo}, forma_recebimento = ${e.formaRecebimento}, valor_previsto = ${e.valorPrevisto},
      observacao = ${e.observacao}, alterado_em = now(), versao = versao + 1
    where id = ${a.id}`.execute(ctx.trx);
  await gravarFilhos(ctx.trx, a.id, e);
  await responder(ctx, a.id, 'ALTERACAO', e);
}

export async function aprovarAcordo(ctx: Ctx<{ id: number }>): Promise<void> {
  const a = await travarAcordo(ctx);
  permitir(a, 'aprovar');
  await sql`update acordo_comercial set status = 'VIGENTE', alterado_em = now(), versao = versao + 1
             where id = ${a.id}`.execute(ctx.trx);
  await responder(ctx, a.id, 'ALTERACAO', { status: 'VIGENTE' });
}

export async function cancelarAcordo(ctx: Ctx<{ id: number; motivo: string }>): Promise<void> {
  const a = await travarAcordo(ctx);
  permitir(a, 'cancelar');
  await sql`update acordo_comercial set status = 'CANCELADO', motivo_cancelamento = ${ctx.entrada.motivo},
             alterado_em = now(), versao = versao + 1 where id = ${a.id}`.execute(ctx.trx);
  await responder(ctx, a.id, 'ALTERACAO', { status: 'CANCELADO', motivo: ctx.entrada.motivo });
}

/** The store-local today of the agreement (its first store's zone: the chain's stores share it in practice). */
async function hojeDo(ctx: Ctx<unknown>, a: AcordoTravado): Promise<string> {
  return hojeNaZona(await zonaDaLojaId(ctx.trx, a.lojas[0]!));
}

/**
 * Re-runs the apuração: the lines replaced by one grouped insert (store × month × product within the period
 * and stores), the per store-month figures and the header from `apurarAcordo`.
 */
export async function apurar(ctx: Ctx<{ id: number }>): Promise<void> {
  const a = await travarAcordo(ctx);
  permitir(a, 'apurar');
  const hoje = await hojeDo(ctx, a);
  if (a.vigenciaInicio > hoje) throw conflito(MSG.antesDaVigencia);
  const escopo = sql`select e.ref_id from acordo_comercial_escopo e where e.acordo_id = ${a.id}`;
  const produtos = produtosDoEscopo(a, escopo);
  const lojas = sql`select l.loja_id from acordo_comercial_loja l where l.acordo_id = ${a.id}`;
  const origem =
    a.base === 'SELL_IN'
      ? sql`select n.loja_id, date_trunc('month', n.data_entrada)::date as mes, i.produto_id,
               sum(i.quantidade) as quantidade, sum(i.valor_total - i.valor_desconto) as valor
          from nota_fiscal_compra n join item_nota_fiscal_compra i on i.nota_id = n.id
         where n.status = 'CONFIRMADA' and n.fornecedor_id in (${fornecedoresDo(a)})
           and n.loja_id in (${lojas}) and n.data_entrada between ${a.vigenciaInicio}::date and ${a.vigenciaFim}::date
           and i.produto_id in (${produtos})
         group by 1, 2, 3`
      : sql`select v.loja_id, date_trunc('month', v.data)::date as mes, v.produto_id,
               sum(v.quantidade) as quantidade, sum(v.valor) as valor
          from venda_resumo_dia v
         where v.loja_id in (${lojas}) and v.data between ${a.vigenciaInicio}::date and ${a.vigenciaFim}::date
           and v.produto_id in (${produtos})
         group by 1, 2, 3`;
  await sql`delete from acordo_apuracao_linha where acordo_id = ${a.id}`.execute(ctx.trx);
  await sql`delete from acordo_apuracao where acordo_id = ${a.id}`.execute(ctx.trx);
  const { rows: linhas } = await sql<LinhaBaseAcordo>`
    insert into acordo_apuracao_linha (acordo_id, loja_id, mes, produto_id, quantidade, valor)
    select ${a.id}, o.loja_id, o.mes, o.produto_id, o.quantidade, o.valor from (${origem}) o
    returning loja_id, to_char(mes, 'YYYY-MM-DD') as mes, produto_id, quantidade::text as quantidade, valor::text as valor`.execute(
    ctx.trx,
  );
  const { rows: faixas } = await sql<{ meta: string; valor: string }>`
    select trim_scale(meta)::text as meta, trim_scale(valor)::text as valor from acordo_comercial_faixa
     where acordo_id = ${a.id} order by ordem`.execute(ctx.trx);
  const r = apurarAcordo(
    {
      formaValor: a.formaValor,
      valor: a.valor,
      metaTipo: a.metaTipo,
      faixas,
      semBase: { lojaId: a.lojas[0]!, mes: `${a.vigenciaInicio.slice(0, 7)}-01` },
    },
    linhas,
  );
  if (Decimal.de(r.valorApurado).comparar(a.valorRecebido) < 0)
    throw conflito(`O novo valor apurado (${r.valorApurado}) é menor que o já recebido (${a.valorRecebido}).`);
  const contagem = new Map<string, number>();
  for (const l of linhas) contagem.set(`${l.lojaId}|${l.mes}`, (contagem.get(`${l.lojaId}|${l.mes}`) ?? 0) + 1);
  if (r.porLojaMes.length)
    await sql`insert into acordo_apuracao (acordo_id, loja_id, mes, base_valor, base_quantidade, valor_apurado, linhas)
      select ${a.id}, x.loja_id, x.mes, x.base_valor, x.base_quantidade, x.valor_apurado, x.linhas
        from jsonb_to_recordset(${JSON.stringify(
          r.porLojaMes.map((p) => ({
            loja_id: p.lojaId,
            mes: p.mes,
            base_valor: p.baseValor,
            base_quantidade: p.baseQuantidade,
            valor_apurado: p.valorApurado,
            linhas: contagem.get(`${p.lojaId}|${p.mes}`) ?? 0,
          })),
        )}::jsonb) as x(loja_id int, mes date, base_valor numeric, base_quantidade numeric, valor_apurado numeric, linhas int)`.execute(
      ctx.trx,
    );
  const status = statusAposApuracao({
    periodoEncerrado: a.vigenciaFim < hoje,
    apurado: r.valorApurado,
    recebido: a.valorRecebido,
    vencido: a.dataVencimento < hoje,
  });
  await sql`
    update acordo_comercial set base_valor = ${r.baseValor}, base_quantidade = ${r.baseQuantidade},
      faixa_atingida = ${r.faixaAtingida}, valor_apurado = ${r.valorApurado}, status = ${status}, apurado_em = now(),
      alterado_em = now(), versao = versao + 1
    where id = ${a.id}`.execute(ctx.trx);
  await responder(ctx, a.id, 'ALTERACAO', {
    baseValor: r.baseValor,
    baseQuantidade: r.baseQuantidade,
    faixaAtingida: r.faixaAtingida,
    valorApurado: r.valorApurado,
    status,
  });
}

export async function receber(ctx: Ctx<EntradaRecebimentoAcordo>): Promise<void> {
  const a = await travarAcordo(ctx);
  permitir(a, 'receber');
  const e = ctx.entrada;
  const r = aplicarRecebimento({ apurado: a.valorApurado, recebido: a.valorRecebido, valor: e.valor });
  if ('falha' in r) throw recusar('valor', r.falha);
  await sql`
    insert into acordo_recebimento (acordo_id, data, valor, forma, documento, observacao, usuario_id)
    values (${a.id}, ${e.data}, ${e.valor}, ${e.forma ?? a.formaRecebimento}, ${e.documento}, ${e.observacao},
            ${ctx.usuarioId})`.execute(ctx.trx);
  // a partial receipt of an overdue agreement keeps it VENCIDO while a balance is past due
  const hoje = await hojeDo(ctx, a);
  const status = r.status === 'RECEBIDO_PARCIAL' && a.dataVencimento < hoje ? 'VENCIDO' : r.status;
  await sql`update acordo_comercial set valor_recebido = ${r.recebido}, status = ${status}, alterado_em = now(),
             versao = versao + 1 where id = ${a.id}`.execute(ctx.trx);
  await responder(ctx, a.id, 'ALTERACAO', { recebido: e.valor, status });
}
