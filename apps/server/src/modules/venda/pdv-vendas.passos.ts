/**
 * Steps of the POS sales upload (one command per batch, one transaction): read each cupom on its own (a
 * malformed one is its own 422-shaped result), answer what was already received (DUPLICADO) or received with
 * other content (CUPOM_DUPLICADO), validate the rest against the master data in a few set-based reads, store
 * the failing ones pending in `subida_venda_transacao` with their raw payload, and write the accepted ones:
 * key (dedup `on conflict do nothing`), identificadorId, cupom, items with their fiscal data, receipts, NFC-e
 * row, and the stock through the ledger kit — all in the same transaction.
 */
import { createHash } from 'node:crypto';
import {
  type CupomPdv,
  cupomPdv,
  conteudoCanonico,
  divergenciaDoCupom,
  MSG_VENDA_PDV as MSG,
  quantidadeEstoque,
  type ResultadoCupom,
  somarDias,
  statusDoEnvio,
  type TipoErroSubida,
} from '@retaguarda/domain';
import { type RawBuilder, sql } from 'kysely';
import type { Tx } from '../../db/database';
import { bodyOf, falhasDaEntrada } from '../../plugins/errors';
import { fechadoEm, travarEscopos } from '../../ledger/periodo';
import type { ContextoDoComando } from '../../workflows/tipos';
import { LEDGER_ESTOQUE } from '../estoque/razao';
import { lancarMovimentos, type MovimentoALancar } from '../estoque/lancamento';
import { resolverCodigos } from '../produto';
import { cadastrosDaVenda, type Cadastros, fiscalDoItem, instanteDaVenda } from './pdv-vendas.cadastros';

/** One sale of the batch on its way through the steps. */
export interface Venda {
  indice: number;
  bruto: unknown;
  cupom: CupomPdv;
  hash: string;
  /** per item: the product and the code's pack factor, once resolved */
  itens: { produtoId: number | null; fator: string; codigoAuxiliarId: number | null }[];
  erro?: { tipo: TipoErroSubida; mensagem: string };
  identificadorId?: number;
  cupomId?: number;
}

export interface EstadoVendasPdv {
  resultados: ResultadoCupom[];
  vendas: Venda[];
  cadastros?: Cadastros;
  /** reprocessing: the stored payloads and, index-aligned, the pending transactions they come from */
  cupons?: unknown[];
  transacoes?: number[];
}

export const estadoVendasPdv = (): EstadoVendasPdv => ({ resultados: [], vendas: [] });

type Ctx = ContextoDoComando<{ cupons?: unknown[] }, EstadoVendasPdv>;

const chaveDe = (c: Pick<CupomPdv, 'lojaId' | 'numeroCaixa' | 'sequencial'>) =>
  `${c.lojaId}|${c.numeroCaixa}|${c.sequencial}`;

const identidade = (c: CupomPdv) => ({ lojaId: c.lojaId, numeroCaixa: c.numeroCaixa, sequencial: c.sequencial });

/** Each cupom by the contract; a malformed one (or of a store out of reach) answers its own 422 body. */
export function lerCupons(ctx: Ctx): void {
  const vistos = new Map<string, Venda>();
  for (const [indice, bruto] of (ctx.estado.cupons ?? ctx.entrada.cupons ?? []).entries()) {
    const lido = cupomPdv.safeParse(bruto);
    const rejeitar = (corpo: ReturnType<typeof bodyOf>, c?: Partial<CupomPdv>) =>
      ctx.estado.resultados.push({
        indice,
        lojaId: c?.lojaId ?? null,
        numeroCaixa: c?.numeroCaixa ?? null,
        sequencial: c?.sequencial ?? null,
        situacao: 'REJEITADO',
        status: 422,
        mensagem: MSG.cupomInvalido(indice),
        ...corpo,
      });
    if (!lido.success) {
      const corpo = bodyOf(
        falhasDaEntrada(lido.error.issues.map((i) => ({ ...i, path: ['cupons', indice, ...i.path] }))),
      );
      const seq = (bruto as { sequencial?: unknown } | null)?.sequencial;
      rejeitar(corpo, { sequencial: typeof seq === 'number' ? seq : undefined });
      continue;
    }
    const c = lido.data;
    if (!ctx.auth.lojas.includes(c.lojaId)) {
      rejeitar({ message: MSG.lojaForaDoEscopo(c.lojaId), reasons: [MSG.lojaForaDoEscopo(c.lojaId)] }, c);
      continue;
    }
    const hash = createHash('sha256').update(conteudoCanonico(c)).digest('base64url');
    const venda: Venda = {
      indice,
      bruto,
      cupom: c,
      hash,
      itens: c.itensVenda.map(() => ({ produtoId: null, fator: '1', codigoAuxiliarId: null })),
    };
    // the same key twice in one batch: the second is a resend (same content) or another sale (pending)
    const antes = vistos.get(chaveDe(c));
    if (antes) {
      if (antes.hash === hash) {
        ctx.estado.resultados.push({ indice, ...identidade(c), situacao: 'DUPLICADO', mensagem: MSG.jaRecebido });
        continue;
      }
      venda.erro = { tipo: 'CUPOM_DUPLICADO', mensagem: MSG.cupomDuplicado(c.numeroCaixa, c.sequencial) };
    } else vistos.set(chaveDe(c), venda);
    ctx.estado.vendas.push(venda);
  }
}

/** Sales already received: accepted (the same content: DUPLICADO; other: CUPOM_DUPLICADO) or pending. */
export async function conferirRecebidos(ctx: Ctx): Promise<void> {
  const vendas = ctx.estado.vendas.filter((v) => !v.erro);
  if (!vendas.length) return;
  const cols = {
    l: vendas.map((v) => v.cupom.lojaId),
    c: vendas.map((v) => v.cupom.numeroCaixa),
    s: vendas.map((v) => v.cupom.sequencial),
  };
  const { rows: aceitos } = await sql<{ chave: string; hash: string; identificadorId: number }>`
    select k.loja_id || '|' || k.numero_caixa || '|' || k.sequencial as chave, k.conteudo_hash as hash,
           k.identificador_id::int8 as "identificadorId"
      from unnest(${cols.l}::int4[], ${cols.c}::int4[], ${cols.s}::int8[]) as x(l, c, s)
      join cupom_fiscal_chave k on k.assinante_id = (select app_assinante()) and k.loja_id = x.l and k.numero_caixa = x.c and k.sequencial = x.s`.execute(
    ctx.trx,
  );
  const { rows: pendentes } = await sql<{ chave: string; tipo: string }>`
    select t.loja_id || '|' || t.pdv || '|' || t.numero_cupom as chave, t.tipo_erro as tipo
      from unnest(${cols.l}::int4[], ${cols.c}::int4[], ${cols.s}::int8[]) as x(l, c, s)
      join subida_venda_transacao t on t.assinante_id = (select app_assinante()) and t.loja_id = x.l and t.pdv = x.c and t.numero_cupom = x.s and t.status = 'PENDENTE'
       where t.id <> all(${ctx.estado.transacoes ?? []}::int8[])`.execute(ctx.trx);
  const porChave = new Map(aceitos.map((a) => [a.chave, a]));
  const pendente = new Map(pendentes.map((p) => [p.chave, p.tipo]));
  ctx.estado.vendas = ctx.estado.vendas.filter((v) => {
    if (v.erro) return true;
    const k = chaveDe(v.cupom);
    const a = porChave.get(k);
    const p = pendente.get(k);
    if (a && a.hash !== v.hash)
      v.erro = { tipo: 'CUPOM_DUPLICADO', mensagem: MSG.cupomDuplicado(v.cupom.numeroCaixa, v.cupom.sequencial) };
    else if (a || p) {
      ctx.estado.resultados.push({
        indice: v.indice,
        ...identidade(v.cupom),
        situacao: 'DUPLICADO',
        ...(a ? { identificadorId: Number(a.identificadorId) } : {}),
        mensagem: a ? MSG.jaRecebido : MSG.jaRecebidoPendente(p!),
      });
      return false;
    }
    return true;
  });
}

/**
 * The master data the sales name, read once for the batch, then each sale's first failing check: POS,
 * operator, customer, products (registered, active), payment forms, totals, taxation, closed period.
 */
export async function validarVendas(ctx: Ctx): Promise<void> {
  const vendas = ctx.estado.vendas.filter((v) => !v.erro);
  if (!vendas.length) return;
  const codigos = vendas.flatMap((v) => v.cupom.itensVenda.filter((i) => i.produtoId === null).map((i) => i.codigo!));
  const resolvidos = new Map((await resolverCodigos(ctx.trx, codigos)).map((r) => [r.codigo, r]));
  for (const v of vendas)
    v.cupom.itensVenda.forEach((i, n) => {
      if (i.produtoId !== null) v.itens[n] = { produtoId: i.produtoId, fator: '1', codigoAuxiliarId: null };
      else {
        const r = resolvidos.get(i.codigo!);
        v.itens[n] = { produtoId: r?.produtoId ?? null, fator: r?.fator ?? '1', codigoAuxiliarId: null };
      }
    });
  const cad = await cadastrosDaVenda(ctx.trx, vendas);
  ctx.estado.cadastros = cad;
  // the stores' closing dates under the stock kit's locks (the same order as the posting takes them)
  const fechamentos = await travarEscopos(ctx.trx, LEDGER_ESTOQUE, [...new Set(vendas.map((v) => v.cupom.lojaId))]);
  for (const v of vendas) v.erro = primeiroErro(v, cad, fechamentos.get(v.cupom.lojaId) ?? null);
}

function primeiroErro(v: Venda, cad: Cadastros, fechadoAte: string | null): Venda['erro'] {
  const c = v.cupom;
  if (!cad.caixas.has(`${c.lojaId}|${c.numeroCaixa}`))
    return { tipo: 'PDV_NAO_CADASTRADO', mensagem: MSG.pdvNaoCadastrado(c.numeroCaixa) };
  if (c.funcionarioId !== null && !cad.funcionarios.has(c.funcionarioId))
    return { tipo: 'OPERADOR_NAO_CADASTRADO', mensagem: MSG.operadorNaoCadastrado(c.funcionarioId) };
  for (const i of c.itensVenda)
    if (i.funcionarioVendedorId !== null && !cad.funcionarios.has(i.funcionarioVendedorId))
      return { tipo: 'OPERADOR_NAO_CADASTRADO', mensagem: MSG.operadorNaoCadastrado(i.funcionarioVendedorId) };
  if (c.clienteId !== null && !cad.clientes.has(c.clienteId))
    return { tipo: 'CLIENTE_NAO_CADASTRADO', mensagem: MSG.clienteNaoCadastrado(c.clienteId) };
  for (const [n, i] of c.itensVenda.entries()) {
    const p = v.itens[n]!.produtoId;
    const nome = i.codigo ?? String(i.produtoId);
    const produto = p === null ? undefined : cad.produtos.get(p);
    if (!produto) return { tipo: 'PRODUTO_NAO_CADASTRADO', mensagem: MSG.produtoNaoCadastrado(nome) };
    if (!produto.ativo) return { tipo: 'PRODUTO_INATIVO', mensagem: MSG.produtoInativo(nome) };
  }
  for (const f of c.finalizacoes)
    if (!cad.formas.has(f.formaPagamentoId))
      return { tipo: 'FINALIZADORA_NAO_CADASTRADA', mensagem: MSG.finalizadoraNaoCadastrada(f.formaPagamentoId) };
  const divergencia = divergenciaDoCupom(c);
  if (divergencia) return { tipo: 'TOTAL_DIVERGENTE', mensagem: divergencia };
  if (!c.cancelada)
    for (const [n, i] of c.itensVenda.entries()) {
      if (i.cancelado) continue;
      const f = fiscalDoItem(cad, c, v.itens[n]!.produtoId!);
      if (f.faltando.length)
        return {
          tipo: 'TRIBUTACAO_AUSENTE',
          mensagem: MSG.tributacaoAusente(v.itens[n]!.produtoId!, f.faltando.join(' ')),
        };
    }
  const data = c.dataHoraAberturaCupom.slice(0, 10);
  if (fechadoEm(fechadoAte, data))
    return { tipo: 'MOVIMENTO_FECHADO', mensagem: MSG.movimentoFechado(data, fechadoAte!) };
  return undefined;
}

/** The failing sales, pending with their error type and raw payload (a resend meets its own row). */
export async function gravarPendentes(ctx: Ctx): Promise<void> {
  const pendentes = ctx.estado.vendas.filter((v) => v.erro);
  const transacoes = ctx.estado.transacoes;
  if (pendentes.length && transacoes) {
    // a reprocessed sale still failing keeps its row: the new error, one more attempt
    const linhas = pendentes.map((v) => ({ id: transacoes[v.indice], tipo: v.erro!.tipo, mensagem: v.erro!.mensagem }));
    await sql`update subida_venda_transacao t set tipo_erro = x.tipo, mensagem = x.mensagem,
        tentativas = t.tentativas + 1, alterado_em = now()
      from jsonb_to_recordset(${JSON.stringify(linhas)}::jsonb) as x(id int8, tipo text, mensagem text)
     where t.id = x.id`.execute(ctx.trx);
  } else if (pendentes.length) {
    const zonas = ctx.estado.cadastros?.zonas ?? new Map<number, string>();
    const linhas = pendentes.map((v) => ({
      loja_id: v.cupom.lojaId,
      pdv: v.cupom.numeroCaixa,
      numero_cupom: v.cupom.sequencial,
      chave: v.cupom.nfce?.chave ?? null,
      data_movimento: v.cupom.dataHoraAberturaCupom.slice(0, 10),
      data_hora: instanteDaVenda(v.cupom, zonas.get(v.cupom.lojaId)).toISOString(),
      operador: v.cupom.funcionarioId === null ? null : String(v.cupom.funcionarioId),
      valor: v.cupom.valor,
      tipo_erro: v.erro!.tipo,
      mensagem: v.erro!.mensagem,
      payload: v.bruto,
    }));
    // the batch may name stores the steps never loaded (all its sales failed early): their rows still land
    await sql`insert into subida_venda_transacao (assinante_id, loja_id, pdv, numero_cupom, chave, data_movimento, data_hora,
        operador, valor, tipo_erro, mensagem, payload)
      select (select app_assinante()), x.loja_id, x.pdv, x.numero_cupom, x.chave, x.data_movimento, x.data_hora,
             x.operador, x.valor, x.tipo_erro, x.mensagem, x.payload
        from jsonb_to_recordset(${JSON.stringify(linhas)}::jsonb) as x(loja_id int, pdv int, numero_cupom bigint,
             chave text, data_movimento date, data_hora timestamptz, operador text, valor numeric, tipo_erro text,
             mensagem text, payload jsonb)
       where exists (select 1 from loja l where l.assinante_id = (select app_assinante()) and l.id = x.loja_id)
      on conflict (assinante_id, loja_id, pdv, numero_cupom) where status = 'PENDENTE' and numero_cupom is not null
      do nothing`.execute(ctx.trx);
  }
  for (const v of pendentes)
    ctx.estado.resultados.push({
      indice: v.indice,
      ...identidade(v.cupom),
      situacao: 'PENDENTE',
      tipoErro: v.erro!.tipo,
      mensagem: v.erro!.mensagem,
    });
}

/**
 * The valid sales: their keys first (`on conflict do nothing`: a concurrent upload of the same sale wins
 * or loses here, the loser answers DUPLICADO), then the cursor numbers under the tenant's counter row (held
 * to the commit: numbers become visible in order), then cupons, items, receipts, NFC-e rows and the stock.
 */
export async function gravarAceitos(ctx: Ctx): Promise<void> {
  const validas = ctx.estado.vendas.filter((v) => !v.erro);
  if (!validas.length) return;
  const cad = ctx.estado.cadastros!;
  const { rows: n } = await sql<{ ultimo: string }>`
    insert into cupom_identificador as c (ultimo) values (${validas.length})
    on conflict (assinante_id) do update set ultimo = c.ultimo + excluded.ultimo returning ultimo::text`.execute(
    ctx.trx,
  );
  let proximo = Number(n[0]!.ultimo) - validas.length;
  for (const v of validas) v.identificadorId = ++proximo;
  const { rows: novas } = await sql<{ id: string }>`
    insert into cupom_fiscal_chave (loja_id, numero_caixa, sequencial, identificador_id, data, conteudo_hash)
    select * from unnest(${validas.map((v) => v.cupom.lojaId)}::int4[], ${validas.map((v) => v.cupom.numeroCaixa)}::int4[],
      ${validas.map((v) => v.cupom.sequencial)}::int8[], ${validas.map((v) => v.identificadorId)}::int8[],
      ${validas.map((v) => v.cupom.dataHoraAberturaCupom.slice(0, 10))}::date[], ${validas.map((v) => v.hash)}::text[])
    on conflict do nothing returning identificador_id::text as id`.execute(ctx.trx);
  const gravadas = new Set(novas.map((r) => Number(r.id)));
  const aceitas: Venda[] = [];
  for (const v of validas) {
    if (gravadas.has(v.identificadorId!)) aceitas.push(v);
    else
      ctx.estado.resultados.push({
        indice: v.indice,
        ...identidade(v.cupom),
        situacao: 'DUPLICADO',
        mensagem: MSG.jaRecebido,
      });
  }
  if (!aceitas.length) return;
  await gravarCupons(ctx, aceitas, cad);
  for (const v of aceitas)
    ctx.estado.resultados.push({
      indice: v.indice,
      ...identidade(v.cupom),
      situacao: 'ACEITO',
      identificadorId: v.identificadorId!,
    });
}

async function gravarCupons(ctx: Ctx, aceitas: Venda[], cad: Cadastros): Promise<void> {
  const cupons = aceitas.map((v) => {
    const c = v.cupom;
    const ativos = c.itensVenda.filter((i) => !i.cancelado);
    return {
      identificador_id: v.identificadorId,
      loja_id: c.lojaId,
      numero_caixa: c.numeroCaixa,
      sequencial: c.sequencial,
      tipo: c.tipo,
      data: c.dataHoraAberturaCupom.slice(0, 10),
      abertura: c.dataHoraAberturaCupom,
      fechamento: c.dataHoraFechamentoCupom,
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
      dispositivo_id: ctx.auth.dispositivoId ?? null,
    };
  });
  const { rows: ids } = await sql<{ id: string; ident: string }>`
    insert into cupom_fiscal (identificador_id, loja_id, numero_caixa, sequencial, tipo, data, data_hora_abertura,
      data_hora_fechamento, ocorrido_em, funcionario_id, cliente_id, cpf_na_nota, cancelada, valor, qtd_itens,
      qtd_unidades, chave, coo_venda, dispositivo_id)
    select x.identificador_id, x.loja_id, x.numero_caixa, x.sequencial, x.tipo, x.data, x.abertura, x.fechamento,
           x.ocorrido_em, x.funcionario_id, x.cliente_id, x.cpf_na_nota, x.cancelada, x.valor, x.qtd_itens,
           x.qtd_unidades, x.chave, x.coo_venda, x.dispositivo_id
      from jsonb_to_recordset(${JSON.stringify(cupons)}::jsonb) as x(identificador_id int8, loja_id int, numero_caixa int,
           sequencial int8, tipo text, data date, abertura timestamp, fechamento timestamp, ocorrido_em timestamptz,
           funcionario_id int, cliente_id int, cpf_na_nota text, cancelada boolean, valor numeric, qtd_itens int,
           qtd_unidades numeric, chave text, coo_venda int8, dispositivo_id int8)
    returning id::text as id, identificador_id::text as ident`.execute(ctx.trx);
  const idDe = new Map(ids.map((r) => [Number(r.ident), Number(r.id)]));
  for (const v of aceitas) v.cupomId = idDe.get(v.identificadorId!)!;

  const itens: Record<string, unknown>[] = [];
  const movimentos: MovimentoALancar[] = [];
  const recebimentos: Record<string, unknown>[] = [];
  const nfces: Record<string, unknown>[] = [];
  for (const v of aceitas) {
    const c = v.cupom;
    const data = c.dataHoraAberturaCupom.slice(0, 10);
    const ocorridoEm = instanteDaVenda(c, cad.zonas.get(c.lojaId));
    const localId = cad.locais.get(c.lojaId) ?? null;
    c.itensVenda.forEach((i, n) => {
      const produtoId = v.itens[n]!.produtoId!;
      const fator = v.itens[n]!.fator;
      const f = fiscalDoItem(cad, c, produtoId);
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
        ...f.colunas,
      });
      if (!c.cancelada && !i.cancelado && localId !== null)
        movimentos.push({
          lojaId: c.lojaId,
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
        emissao_local: c.dataHoraAberturaCupom,
        numero_caixa: c.numeroCaixa,
        operador_id: c.funcionarioId ?? null,
        valor: c.valor,
        cpf_consumidor: c.cpfNaNota ?? null,
        ocorrido_em: ocorridoEm.toISOString(),
      });
  }
  await sql`insert into item_cupom_fiscal (cupom_id, data, loja_id, sequencia, produto_id, codigo, fator, quantidade_venda,
      valor_unidade, valor_desconto, motivo_desconto, valor_acrescimo, valor_total, cancelado, funcionario_vendedor_id,
      preco_custo_medio, ncm, cest, origem, cfop, cst, csosn, aliquota_icms, cst_pis, aliquota_pis, cst_cofins, aliquota_cofins)
    select x.cupom_id, x.data, x.loja_id, x.sequencia, x.produto_id, x.codigo, x.fator, x.quantidade_venda, x.valor_unidade,
           x.valor_desconto, x.motivo_desconto, x.valor_acrescimo, x.valor_total, x.cancelado, x.funcionario_vendedor_id,
           x.preco_custo_medio, x.ncm, x.cest, x.origem, x.cfop, x.cst, x.csosn, x.aliquota_icms, x.cst_pis, x.aliquota_pis,
           x.cst_cofins, x.aliquota_cofins
      from jsonb_to_recordset(${JSON.stringify(itens)}::jsonb) as x(cupom_id int8, data date, loja_id int, sequencia int,
           produto_id int, codigo text, fator numeric, quantidade_venda numeric, valor_unidade numeric, valor_desconto numeric,
           motivo_desconto text, valor_acrescimo numeric, valor_total numeric, cancelado boolean, funcionario_vendedor_id int,
           preco_custo_medio numeric, ncm text, cest text, origem text, cfop text, cst text, csosn text, aliquota_icms numeric,
           cst_pis text, aliquota_pis numeric, cst_cofins text, aliquota_cofins numeric)`.execute(ctx.trx);
  if (recebimentos.length)
    await sql`insert into recebimento_pdv (cupom_id, data, loja_id, numero_caixa, forma_pagamento_id, plano_pagamento_id, valor,
        troco, parcelas, nsu, bandeira, taxa_administracao, valor_taxa, valor_liquido, data_prevista, ocorrido_em)
      select x.cupom_id, x.data, x.loja_id, x.numero_caixa, x.forma_pagamento_id, x.plano_pagamento_id, x.valor, x.troco,
             x.parcelas, x.nsu, x.bandeira, x.taxa_administracao, x.valor_taxa, x.valor_liquido, x.data_prevista, x.ocorrido_em
        from jsonb_to_recordset(${JSON.stringify(recebimentos)}::jsonb) as x(cupom_id int8, data date, loja_id int,
             numero_caixa int, forma_pagamento_id int, plano_pagamento_id int, valor numeric, troco numeric, parcelas int,
             nsu text, bandeira text, taxa_administracao numeric, valor_taxa numeric, valor_liquido numeric,
             data_prevista date, ocorrido_em timestamptz)`.execute(ctx.trx);
  if (nfces.length)
    await sql`insert into documento_nfce (chave, cupom_id, data, loja_id, serie, numero, tp_emis, status, c_stat, x_motivo,
        protocolo, xml, emissao_local, numero_caixa, operador_id, valor, cpf_consumidor)
      select x.chave, x.cupom_id, x.data, x.loja_id, x.serie, x.numero, x.tp_emis, x.status, x.c_stat, x.x_motivo,
             x.protocolo, x.xml, x.emissao_local, x.numero_caixa, x.operador_id, x.valor, x.cpf_consumidor
        from jsonb_to_recordset(${JSON.stringify(nfces)}::jsonb) as x(chave text, cupom_id int8, data date, loja_id int,
             serie int, numero int, tp_emis int, status text, c_stat int, x_motivo text, protocolo text, xml text,
             emissao_local timestamp, numero_caixa int, operador_id int, valor numeric, cpf_consumidor text)
      on conflict (assinante_id, chave) do nothing`.execute(ctx.trx);
  // the document's timeline starts with its emission as uploaded (a chave already known keeps its own)
  if (nfces.length)
    await sql`insert into evento_nfce (chave, tipo, c_stat, x_motivo, protocolo, status, ocorrido_em)
      select x.chave, 'EMISSAO', x.c_stat, x.x_motivo, x.protocolo, x.status, x.ocorrido_em
        from jsonb_to_recordset(${JSON.stringify(nfces)}::jsonb) as x(chave text, c_stat int, x_motivo text, protocolo text,
             status text, ocorrido_em timestamptz)
       where not exists (select 1 from evento_nfce e where e.chave = x.chave)`.execute(ctx.trx);
  await somarResumos(ctx);
  // the sale happened: a balance below zero is posted as it is (the POS cannot take a sale back)
  if (movimentos.length)
    await lancarMovimentos(ctx.trx, {
      documentoTipo: 'CUPOM_FISCAL',
      documentoId: null,
      usuarioId: ctx.usuarioId,
      movimentos,
    });
}

/**
 * The daily aggregates of this batch's cupons, in the same transaction: one grouped upsert per table from the
 * rows just written (items not cancelled of cupons not cancelled; a return subtracts), the cost at the time.
 */
async function somarResumos(ctx: Ctx): Promise<void> {
  const gravadas = ctx.estado.vendas.filter((v) => v.cupomId !== undefined);
  const ids = gravadas.map((v) => v.cupomId!);
  // the batch's sale dates too: the monthly partitions outside them are pruned, not probed
  const datas = [...new Set(gravadas.map((v) => v.cupom.dataHoraAberturaCupom.slice(0, 10)))];
  if (ids.length)
    await somarResumosDe(
      ctx.trx,
      sql`i.cupom_id = any(${ids}::int8[]) and i.data = any(${datas}::date[])`,
      sql`x.cupom_id = any(${ids}::int8[]) and x.data = any(${datas}::date[])`,
    );
}

/**
 * The aggregates' upserts over the cupons a condition names (`i.` items, `x.` receipts): the ingest's batch,
 * or a store's period being rebuilt (its rows deleted first).
 */
export async function somarResumosDe(trx: Tx, dosItens: RawBuilder<unknown>, dosRecebimentos: RawBuilder<unknown>) {
  const a = await sql`insert into venda_resumo_dia as r (loja_id, produto_id, data, quantidade, valor, custo, cupons)
    select i.loja_id, i.produto_id, i.data, sum(s.sinal * i.quantidade_venda * i.fator), sum(s.sinal * i.valor_total),
           sum(s.sinal * i.quantidade_venda * i.fator * coalesce(i.preco_custo_medio, 0)), count(distinct i.cupom_id)
      from item_cupom_fiscal i join cupom_fiscal c on c.assinante_id = i.assinante_id and c.id = i.cupom_id and c.data = i.data
      cross join lateral (select case when c.tipo = 'DEVOLUCAO' then -1 else 1 end as sinal) s
     where ${dosItens} and not i.cancelado and not c.cancelada
     group by i.loja_id, i.produto_id, i.data order by 1, 3, 2
    on conflict (assinante_id, loja_id, data, produto_id) do update set quantidade = r.quantidade + excluded.quantidade,
      valor = r.valor + excluded.valor, custo = r.custo + excluded.custo, cupons = r.cupons + excluded.cupons`.execute(
    trx,
  );
  const b = await sql`insert into venda_forma_hora as r (loja_id, forma_pagamento_id, data, hora, valor, recebimentos)
    select c.loja_id, x.forma_pagamento_id, x.data, extract(hour from c.data_hora_abertura)::int2, sum(x.valor), count(*)
      from recebimento_pdv x join cupom_fiscal c on c.assinante_id = x.assinante_id and c.id = x.cupom_id and c.data = x.data
     where ${dosRecebimentos}
     group by 1, 2, 3, 4 order by 1, 3, 4, 2
    on conflict (assinante_id, loja_id, data, hora, forma_pagamento_id) do update
      set valor = r.valor + excluded.valor, recebimentos = r.recebimentos + excluded.recebimentos`.execute(trx);
  return { produtosDia: Number(a.numAffectedRows ?? 0), formasHora: Number(b.numAffectedRows ?? 0) };
}

export function resposta(ctx: Ctx) {
  const r = [...ctx.estado.resultados].sort((a, b) => a.indice - b.indice);
  const conta = (s: ResultadoCupom['situacao']) => r.filter((x) => x.situacao === s).length;
  return {
    aceitos: conta('ACEITO'),
    pendentes: conta('PENDENTE'),
    duplicados: conta('DUPLICADO'),
    rejeitados: conta('REJEITADO'),
    resultados: r,
  };
}
