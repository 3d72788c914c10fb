/**
 * The accepted sales of a POS upload, written in the upload's transaction, in an order that keeps the two
 * serialising locks as short as possible (bench/pdv-vendas.ts: 20 terminals of one store wait on the same
 * store key, every upload of a tenant on the same counter row):
 *  1. their keys (dedup `on conflict do nothing`: a concurrent upload of the same sale waits here for the other's
 *     commit, then loses and answers DUPLICADO), and the cupons' ids from the table's identity;
 *  2. items (fiscal data as sold), receipts and NFC-e rows — outside any lock: terminals write side by side;
 *  3. the stores' stock keys (the ledger kit's), the closing date read again under them, the stock posting and
 *     the daily aggregates from the rows at hand (never read back from the partitioned tables);
 *  4. last, the tenant's counter row (held to the commit: `identificadorId` becomes visible in order), the
 *     cupons themselves with their numbers, and the keys' numbers.
 * A closing committed between the validation's read and step 3 fails the upload with a 409 (nothing kept): the
 * POS resends and the sale is then pending MOVIMENTO_FECHADO.
 */
import {
  autorizacaoDoEnvio,
  MSG_VENDA_PDV as MSG,
  quantidadeEstoque,
  somarDias,
  statusDoEnvio,
} from '@retaguarda/domain';
import { sql } from 'kysely';
import type { Tx } from '../../db/database';
import { fechadoEm, travarEscopos } from '../../ledger/periodo';
import { conflito } from '../../workflows';
import { LEDGER_ESTOQUE } from '../estoque/razao';
import { lancarMovimentos, type MovimentoALancar } from '../estoque/lancamento';
import { type Cadastros, emOferta, fiscalDoItem, instanteDaVenda } from './pdv-vendas.cadastros';
import { CUPOM, EVENTO_EMISSAO, emColunas, ITEM, lista, NFCE, RECEBIMENTO, type Tipo } from './pdv-vendas.colunas';
import { type CtxVendas, chaveDe, identidade, lojasDoEstoque, type Venda } from './pdv-vendas.passos';

/**
 * What the ingest spent, summed since the process started (read by bench/pdv-vendas.ts): the steps' time
 * without the waits on the store and counter locks, and the aggregates' share of it.
 */
export const MEDIDAS_INGESTAO = { lotes: 0, trabalhoMs: 0, esperaMs: 0, resumosMs: 0 };

/** The valid sales: keys, rows, stock, aggregates, numbers (see the file's comment for the order). */
export async function gravarAceitos(ctx: CtxVendas): Promise<void> {
  const inicio = performance.now();
  const validas = ctx.estado.vendas.filter((v) => !v.erro);
  if (!validas.length) return;
  const cad = ctx.estado.cadastros!;
  const { rows: novas } = await sql<{ k: string }>`
    insert into cupom_fiscal_chave (loja_id, numero_caixa, sequencial, data, conteudo_hash)
    select * from unnest(${validas.map((v) => v.cupom.lojaId)}::int4[], ${validas.map((v) => v.cupom.numeroCaixa)}::int4[],
      ${validas.map((v) => v.cupom.sequencial)}::int8[], ${validas.map((v) => v.cupom.dataHoraAberturaCupom.slice(0, 10))}::date[],
      ${validas.map((v) => v.hash)}::text[])
    on conflict do nothing returning loja_id || '|' || numero_caixa || '|' || sequencial as k`.execute(ctx.trx);
  const gravadas = new Set(novas.map((r) => r.k));
  const aceitas: Venda[] = [];
  for (const v of validas) {
    if (gravadas.has(chaveDe(v.cupom))) aceitas.push(v);
    else
      ctx.estado.resultados.push({
        indice: v.indice,
        ...identidade(v.cupom),
        situacao: 'DUPLICADO',
        mensagem: MSG.jaRecebido,
      });
  }
  if (!aceitas.length) return;
  const { rows: ids } = await sql<{ id: string }>`
    select nextval(pg_get_serial_sequence('cupom_fiscal', 'id'))::text as id
      from generate_series(1, ${aceitas.length}::int)`.execute(ctx.trx);
  aceitas.forEach((v, n) => {
    v.cupomId = Number(ids[n]!.id);
  });
  const linhas = linhasDasVendas(aceitas, cad);
  await sql`insert into item_cupom_fiscal (${lista(ITEM)})
    select ${lista(ITEM, 'x.')} from ${emColunas('x', linhas.itens, ITEM)}`.execute(ctx.trx);
  if (linhas.recebimentos.length)
    await sql`insert into recebimento_pdv (${lista(RECEBIMENTO)})
      select ${lista(RECEBIMENTO, 'x.')} from ${emColunas('x', linhas.recebimentos, RECEBIMENTO)}`.execute(ctx.trx);
  if (linhas.nfces.length)
    await sql`insert into documento_nfce (${lista(NFCE)})
      select ${lista(NFCE, 'x.')} from ${emColunas('x', linhas.nfces, NFCE)}
      on conflict (assinante_id, chave) do nothing`.execute(ctx.trx);
  // the document's timeline starts with its emission as uploaded (a chave already known keeps its own)
  if (linhas.nfces.length)
    await sql`insert into evento_nfce (${lista(EVENTO_EMISSAO)}, tipo)
      select ${lista(EVENTO_EMISSAO, 'x.')}, 'EMISSAO' from ${emColunas('x', linhas.nfces, EVENTO_EMISSAO)}
       where not exists (select 1 from evento_nfce e where e.chave = x.chave)`.execute(ctx.trx);

  // the stores' stock keys, held to the commit (the ledger kit takes the same ones again: re-entrant)
  const antes = performance.now();
  const lojas = [...new Set(aceitas.flatMap((v) => lojasDoEstoque(v.cupom)))];
  const fechamentos = await travarEscopos(ctx.trx, LEDGER_ESTOQUE, lojas);
  let espera = performance.now() - antes;
  for (const v of aceitas)
    for (const loja of lojasDoEstoque(v.cupom)) {
      const fechadoAte = fechamentos.get(loja) ?? null;
      const data = v.cupom.dataHoraAberturaCupom.slice(0, 10);
      if (fechadoEm(fechadoAte, data)) throw conflito(MSG.fechadoDuranteEnvio(data, fechadoAte!));
    }
  // the sale happened: a balance below zero is posted as it is (the POS cannot take a sale back)
  if (linhas.movimentos.length)
    await lancarMovimentos(ctx.trx, {
      documentoTipo: 'CUPOM_FISCAL',
      documentoId: null,
      usuarioId: ctx.usuarioId,
      movimentos: linhas.movimentos,
    });
  const resumos = performance.now();
  await somarResumosDoLote(ctx.trx, linhas.itens, linhas.recebimentos, aceitas);
  MEDIDAS_INGESTAO.resumosMs += performance.now() - resumos;

  const contador = performance.now();
  const { rows: n } = await sql<{ ultimo: string }>`
    insert into cupom_identificador as c (ultimo) values (${aceitas.length})
    on conflict (assinante_id) do update set ultimo = c.ultimo + excluded.ultimo returning ultimo::text`.execute(
    ctx.trx,
  );
  espera += performance.now() - contador;
  let proximo = Number(n[0]!.ultimo) - aceitas.length;
  for (const v of aceitas) v.identificadorId = ++proximo;
  const cupons = aceitas.map((v) => cupomDaVenda(ctx, v, cad));
  await sql`insert into cupom_fiscal (${lista(CUPOM)}) overriding system value
    select ${lista(CUPOM, 'x.')} from ${emColunas('x', cupons, CUPOM)}`.execute(ctx.trx);
  await sql`update cupom_fiscal_chave k set identificador_id = x.i
      from unnest(${aceitas.map((v) => v.cupom.lojaId)}::int4[], ${aceitas.map((v) => v.cupom.numeroCaixa)}::int4[],
           ${aceitas.map((v) => v.cupom.sequencial)}::int8[], ${aceitas.map((v) => v.identificadorId)}::int8[]) as x(l, c, s, i)
     where k.assinante_id = (select app_assinante()) and k.loja_id = x.l and k.numero_caixa = x.c and k.sequencial = x.s`.execute(
    ctx.trx,
  );
  for (const v of aceitas)
    ctx.estado.resultados.push({
      indice: v.indice,
      ...identidade(v.cupom),
      situacao: 'ACEITO',
      identificadorId: v.identificadorId!,
    });
  MEDIDAS_INGESTAO.lotes++;
  MEDIDAS_INGESTAO.esperaMs += espera;
  MEDIDAS_INGESTAO.trabalhoMs += performance.now() - inicio - espera;
}

function cupomDaVenda(ctx: CtxVendas, v: Venda, cad: Cadastros): Record<string, unknown> {
  const c = v.cupom;
  const ativos = c.itensVenda.filter((i) => !i.cancelado);
  return {
    id: v.cupomId,
    identificador_id: v.identificadorId,
    loja_id: c.lojaId,
    numero_caixa: c.numeroCaixa,
    sequencial: c.sequencial,
    tipo: c.tipo,
    data: c.dataHoraAberturaCupom.slice(0, 10),
    data_hora_abertura: c.dataHoraAberturaCupom,
    data_hora_fechamento: c.dataHoraFechamentoCupom,
    ocorrido_em: instanteDaVenda(c, cad.zonas.get(c.lojaId)).toISOString(),
    funcionario_id: c.funcionarioId,
    cliente_id: c.clienteId,
    cpf_na_nota: c.cpfNaNota,
    cancelada: c.cancelada,
    valor: c.valor,
    qtd_itens: ativos.length,
    qtd_unidades: ativos.reduce((s, i) => s + Number(i.quantidadeVenda), 0),
    chave: c.nfce?.chave ?? null,
    coo_venda: c.cooVenda ?? null,
    loja_destino_id: c.lojaDestinoId,
    em_oferta: v.emOferta === true,
    dispositivo_id: ctx.auth.dispositivoId ?? null,
  };
}

/** Items, stock movements, receipts and NFC-e rows of the accepted sales (their cupom ids already taken). */
function linhasDasVendas(aceitas: Venda[], cad: Cadastros) {
  const itens: Record<string, unknown>[] = [];
  const movimentos: MovimentoALancar[] = [];
  const recebimentos: Record<string, unknown>[] = [];
  const nfces: Record<string, unknown>[] = [];
  for (const v of aceitas) {
    const c = v.cupom;
    const data = c.dataHoraAberturaCupom.slice(0, 10);
    const ocorridoEm = instanteDaVenda(c, cad.zonas.get(c.lojaId));
    // a return to another store: its goods go back into that store's sales location
    const lojaEstoque = c.lojaDestinoId ?? c.lojaId;
    const localId = cad.locais.get(lojaEstoque) ?? null;
    c.itensVenda.forEach((i, n) => {
      const produtoId = v.itens[n]!.produtoId!;
      const fator = v.itens[n]!.fator;
      const f = fiscalDoItem(cad, c, produtoId);
      const oferta = emOferta(cad, c, produtoId, i.foiVendidoEmOferta);
      if (oferta && !i.cancelado) v.emOferta = true;
      itens.push({
        cupom_id: v.cupomId,
        data,
        loja_id: c.lojaId,
        sequencia: i.sequencia,
        produto_id: produtoId,
        codigo: i.codigo,
        fator,
        quantidade_venda: i.quantidadeVenda,
        valor_unidade: i.valorUnidade,
        valor_desconto: i.valorDesconto,
        motivo_desconto: i.motivoDesconto,
        valor_acrescimo: i.valorAcrescimo,
        valor_total: i.valorTotal,
        cancelado: i.cancelado,
        funcionario_vendedor_id: i.funcionarioVendedorId,
        preco_custo_medio: cad.custos.get(`${c.lojaId}|${produtoId}`) ?? null,
        em_oferta: oferta,
        ...f.colunas,
      });
      if (!c.cancelada && !i.cancelado && localId !== null)
        movimentos.push({
          lojaId: lojaEstoque,
          localId,
          produtoId,
          data,
          tipo: c.tipo === 'DEVOLUCAO' ? 'DEVOLUCAO_VENDA' : 'VENDA',
          quantidade: quantidadeEstoque(c, i.quantidadeVenda, fator),
          ocorridoEm,
          documentoId: v.cupomId,
        });
    });
    if (!c.cancelada)
      for (const f of c.finalizacoes) {
        const condicao = cad.condicoes(f.formaPagamentoId, f.planoPagamentoId);
        const sinal = c.tipo === 'DEVOLUCAO' ? -1 : 1;
        const liquido = Math.round((Number(f.valor) - Number(f.troco)) * 100);
        const taxa = condicao.taxa === null ? 0 : Math.round((liquido * Number(condicao.taxa)) / 100);
        recebimentos.push({
          cupom_id: v.cupomId,
          data,
          loja_id: c.lojaId,
          numero_caixa: c.numeroCaixa,
          forma_pagamento_id: f.formaPagamentoId,
          plano_pagamento_id: condicao.planoId,
          valor: ((sinal * liquido) / 100).toFixed(2),
          troco: f.troco,
          parcelas: f.parcelas,
          nsu: f.nsu,
          bandeira: f.bandeira,
          taxa_administracao: condicao.taxa,
          valor_taxa: ((sinal * taxa) / 100).toFixed(2),
          valor_liquido: ((sinal * (liquido - taxa)) / 100).toFixed(2),
          data_prevista: condicao.prazo === null ? null : somarDias(data, condicao.prazo),
          ocorrido_em: ocorridoEm.toISOString(),
        });
      }
    if (c.nfce)
      nfces.push({
        chave: c.nfce.chave,
        cupom_id: v.cupomId,
        data,
        loja_id: c.lojaId,
        serie: c.nfce.serie ?? null,
        numero: c.nfce.numero ?? null,
        tp_emis: c.nfce.tpEmis ?? null,
        // the POS writes free text: the monitor filters on the document statuses (domain status table)
        status: statusDoEnvio(c.nfce),
        c_stat: c.nfce.cStat ?? null,
        x_motivo: c.nfce.xMotivo,
        protocolo: c.nfce.protocolo,
        xml: c.nfce.xml ?? null,
        // the cancel deadline counts from SEFAZ's authorisation when the POS tells it (else from the upload)
        autorizado_em: autorizacaoDoEnvio(c.nfce),
        emissao_local: c.dataHoraAberturaCupom,
        numero_caixa: c.numeroCaixa,
        operador_id: c.funcionarioId ?? null,
        valor: c.valor,
        cpf_consumidor: c.cpfNaNota ?? null,
        ocorrido_em: ocorridoEm.toISOString(),
      });
  }
  return { itens, movimentos, recebimentos, nfces };
}

/**
 * The daily aggregates of the batch from the rows just built (the same sums `somarResumosDe` takes from the
 * tables when a store's period is rebuilt: items not cancelled of cupons not cancelled, a return subtracts, the
 * cost at the time), one grouped upsert per table in key order, under the stores' stock keys.
 */
async function somarResumosDoLote(
  trx: Tx,
  itens: readonly Record<string, unknown>[],
  recebimentos: readonly Record<string, unknown>[],
  aceitas: readonly Venda[],
): Promise<void> {
  const porCupom = new Map(aceitas.map((v) => [v.cupomId!, v.cupom]));
  const vendidos = itens
    .filter((i) => !i.cancelado && !porCupom.get(i.cupom_id as number)!.cancelada)
    .map((i) => ({ ...i, sinal: porCupom.get(i.cupom_id as number)!.tipo === 'DEVOLUCAO' ? -1 : 1 }));
  if (vendidos.length) {
    const t: Record<string, Tipo> = {
      loja_id: 'int4',
      produto_id: 'int4',
      data: 'date',
      sinal: 'int4',
      quantidade_venda: 'numeric',
      fator: 'numeric',
      valor_total: 'numeric',
      preco_custo_medio: 'numeric',
      cupom_id: 'int8',
    };
    await sql`insert into venda_resumo_dia as r (loja_id, produto_id, data, quantidade, valor, custo, cupons)
      select i.loja_id, i.produto_id, i.data, sum(i.sinal * i.quantidade_venda * i.fator), sum(i.sinal * i.valor_total),
             sum(i.sinal * i.quantidade_venda * i.fator * coalesce(i.preco_custo_medio, 0)), count(distinct i.cupom_id)
        from ${emColunas('i', vendidos, t)}
       group by i.loja_id, i.produto_id, i.data order by 1, 3, 2
      on conflict (assinante_id, loja_id, data, produto_id) do update set quantidade = r.quantidade + excluded.quantidade,
        valor = r.valor + excluded.valor, custo = r.custo + excluded.custo, cupons = r.cupons + excluded.cupons`.execute(
      trx,
    );
  }
  if (recebimentos.length) {
    const linhas = recebimentos.map((x) => ({
      ...x,
      hora: Number(porCupom.get(x.cupom_id as number)!.dataHoraAberturaCupom.slice(11, 13)),
    }));
    const t: Record<string, Tipo> = {
      loja_id: 'int4',
      forma_pagamento_id: 'int4',
      data: 'date',
      hora: 'int4',
      valor: 'numeric',
    };
    await sql`insert into venda_forma_hora as r (loja_id, forma_pagamento_id, data, hora, valor, recebimentos)
      select x.loja_id, x.forma_pagamento_id, x.data, x.hora, sum(x.valor), count(*)
        from ${emColunas('x', linhas, t)}
       group by 1, 2, 3, 4 order by 1, 3, 4, 2
      on conflict (assinante_id, loja_id, data, hora, forma_pagamento_id) do update
        set valor = r.valor + excluded.valor, recebimentos = r.recebimentos + excluded.recebimentos`.execute(trx);
  }
}
