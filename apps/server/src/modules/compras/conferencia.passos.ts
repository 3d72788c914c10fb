/**
 * Steps of the conferência commands (conferencia.workflow.ts): open on a DIGITADA invoice, count (the
 * product by id or by a code, the supplier's reference included; only products of the invoice), close
 * (the counted quantities spread over the invoice's lines, divergences kept, the entry posted by the
 * invoice's `darEntrada`).
 */
import {
  type ConferenciaCompra,
  Decimal,
  divergenciasDaConferencia,
  type EntradaContarProduto,
  MSG_CONFERENCIA as MSG,
  transicaoNotaCompra,
} from '@retaguarda/domain';
import { sql } from 'kysely';
import { type ContextoDoComando, conflito, recusar } from '../../workflows';
import { resolverCodigos } from '../produto';
import { lerConferencia } from './conferencia.consulta';
import { darEntrada, lerParaEntrada } from './nota.passos';

export interface EstadoConferencia {
  resultado?: ConferenciaCompra;
  contagem?: { conferenciaId: number; produtoId: number; quantidade: string };
}
export const estadoConferencia = (): EstadoConferencia => ({});
type Ctx<E> = ContextoDoComando<E, EstadoConferencia>;

export async function abrirConferencia(ctx: Ctx<{ id: number; observacao: string | null }>): Promise<void> {
  const nota = await lerParaEntrada(ctx.trx, ctx.entrada.id);
  const { rows: existente } = await sql<{ id: number }>`
    select id from conferencia_compra where nota_id = ${nota.id} and status <> 'CANCELADA'`.execute(ctx.trx);
  if (existente[0]) throw conflito(MSG.jaTemConferencia(existente[0].id));
  const t = transicaoNotaCompra(nota.status, 'abrirConferencia');
  if ('falha' in t) throw conflito(t.falha);
  const { rows } = await sql<{ id: number }>`
    insert into conferencia_compra (loja_id, nota_id, observacao, usuario_id)
    values (${nota.lojaId}, ${nota.id}, ${ctx.entrada.observacao}, ${ctx.usuarioId}) returning id`.execute(ctx.trx);
  await sql`update nota_fiscal_compra set status = ${t.para}, alterado_em = now(), versao = versao + 1
             where id = ${nota.id}`.execute(ctx.trx);
  ctx.estado.resultado = (await lerConferencia(ctx.trx, rows[0]!.id, null))!;
  ctx.auditoria = {
    entidade: 'conferencia_compra',
    entidadeId: rows[0]!.id,
    operacao: 'INCLUSAO',
    depois: { notaId: nota.id },
  };
}

async function conferenciaAberta(ctx: Ctx<{ id: number }>) {
  const { rows } = await sql<{ id: number; notaId: number; status: string; fornecedorId: number }>`
    select c.id, c.nota_id, c.status, n.fornecedor_id from conferencia_compra c
      join nota_fiscal_compra n on n.id = c.nota_id where c.id = ${ctx.entrada.id} for update of c`.execute(ctx.trx);
  const c = rows[0]!;
  if (c.status !== 'ABERTA') throw conflito(`A conferência ${c.id} não está aberta.`);
  return c;
}

/** Adds the counted quantity to the product's count (one row per product, upserted). */
export async function contarProduto(ctx: Ctx<EntradaContarProduto>): Promise<void> {
  const c = await conferenciaAberta(ctx);
  let produtoId = ctx.entrada.produtoId;
  if (produtoId === undefined) {
    const [r] = await resolverCodigos(ctx.trx, [ctx.entrada.codigo!], { fornecedorId: c.fornecedorId });
    if (!r?.produtoId) throw recusar('codigo', MSG.codigoNaoEncontrado(ctx.entrada.codigo!));
    produtoId = r.produtoId;
  }
  const { rows: naNota } = await sql<{ n: number }>`
    select count(*)::int as n from item_nota_fiscal_compra where nota_id = ${c.notaId} and produto_id = ${produtoId}`.execute(
    ctx.trx,
  );
  if (!naNota[0]?.n) throw recusar('produtoId', MSG.produtoForaDaNota(produtoId));
  const { rows } = await sql<{ quantidade: string }>`
    insert into item_conferencia_compra (conferencia_id, produto_id, quantidade)
    values (${c.id}, ${produtoId}, ${ctx.entrada.quantidade})
    on conflict (assinante_id, conferencia_id, produto_id) do update
      set quantidade = item_conferencia_compra.quantidade + excluded.quantidade,
          contagens = item_conferencia_compra.contagens + 1, contado_em = now()
    returning trim_scale(quantidade)::text as quantidade`.execute(ctx.trx);
  ctx.estado.contagem = { conferenciaId: c.id, produtoId, quantidade: rows[0]!.quantidade };
  ctx.auditoria = {
    entidade: 'conferencia_compra',
    entidadeId: c.id,
    operacao: 'ALTERACAO',
    depois: { produtoId, contado: ctx.entrada.quantidade, total: rows[0]!.quantidade },
  };
}

/**
 * Closes: each product's count spread over its invoice lines in order (each line up to its quantity, the
 * last one takes any excess), the divergences counted, the entry posted with the received quantities.
 */
export async function fecharConferencia(ctx: Ctx<{ id: number }>): Promise<void> {
  const c = await conferenciaAberta(ctx);
  const nota = await lerParaEntrada(ctx.trx, c.notaId);
  const { rows: linhas } = await sql<{ ordem: number; produtoId: number; quantidade: string }>`
    select ordem, produto_id, quantidade::text as quantidade from item_nota_fiscal_compra
     where nota_id = ${c.notaId} order by ordem`.execute(ctx.trx);
  const { rows: contadas } = await sql<{ produtoId: number; quantidade: string }>`
    select produto_id, quantidade::text as quantidade from item_conferencia_compra where conferencia_id = ${c.id}`.execute(
    ctx.trx,
  );
  const contado = new Map(contadas.map((x) => [x.produtoId, x.quantidade]));
  const restante = new Map(contadas.map((x) => [x.produtoId, Decimal.de(x.quantidade)]));
  const ultima = new Map(linhas.map((l) => [l.produtoId, l.ordem]));
  const recebidas = linhas.map((l) => {
    const r = restante.get(l.produtoId) ?? Decimal.de('0');
    const q = ultima.get(l.produtoId) === l.ordem || r.comparar(l.quantidade) < 0 ? r : Decimal.de(l.quantidade);
    restante.set(l.produtoId, r.menos(q));
    return { ordem: l.ordem, recebida: q.texto(4) };
  });
  await sql`
    update item_nota_fiscal_compra i set quantidade_recebida = x.recebida
      from jsonb_to_recordset(${JSON.stringify(recebidas)}::jsonb) as x(ordem int, recebida numeric)
     where i.nota_id = ${c.notaId} and i.ordem = x.ordem`.execute(ctx.trx);
  const div = divergenciasDaConferencia(linhas, contado);
  await darEntrada(ctx.trx, nota, ctx.usuarioId, 'fecharConferencia');
  await sql`update conferencia_compra set status = 'FECHADA', fechada_em = now(), divergencias = ${div.length},
             versao = versao + 1 where id = ${c.id}`.execute(ctx.trx);
  ctx.estado.resultado = (await lerConferencia(ctx.trx, c.id, null))!;
  ctx.auditoria = {
    entidade: 'conferencia_compra',
    entidadeId: c.id,
    operacao: 'ALTERACAO',
    depois: { divergencias: div },
  };
}
