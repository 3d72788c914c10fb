/**
 * Steps of the POS sales upload (one command per batch, one transaction) up to the accepted sales: read each
 * cupom on its own (a malformed one is its own 422-shaped result), answer what was already received
 * (DUPLICADO) or received with other content (CUPOM_DUPLICADO), validate the rest against the master data in
 * a few set-based reads, and store the failing ones pending in `subida_venda_transacao` with their raw payload.
 * The accepted ones are written by `pdv-vendas.gravacao.ts`; the aggregates' rebuild sums are here.
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
  type TipoErroSubida,
} from '@retaguarda/domain';
import { type RawBuilder, sql } from 'kysely';
import type { Tx } from '../../db/database';
import { bodyOf, falhasDaEntrada } from '../../plugins/errors';
import { fechadoEm } from '../../ledger/periodo';
import type { ContextoDoComando } from '../../workflows/tipos';
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
  /** some item not cancelled was sold in offer */
  emOferta?: boolean;
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

export type CtxVendas = ContextoDoComando<{ cupons?: unknown[] }, EstadoVendasPdv>;
type Ctx = CtxVendas;

export const chaveDe = (c: Pick<CupomPdv, 'lojaId' | 'numeroCaixa' | 'sequencial'>) =>
  `${c.lojaId}|${c.numeroCaixa}|${c.sequencial}`;

export const identidade = (c: CupomPdv) => ({ lojaId: c.lojaId, numeroCaixa: c.numeroCaixa, sequencial: c.sequencial });

/** Each cupom by the contract; a malformed one (or of a store out of reach) answers its own 422 body. */
export function lerCupons(ctx: Ctx): void {
  const vistos = new Map<string, Venda>();
  const brutos = ctx.estado.cupons ?? ctx.entrada.cupons ?? [];
  // the audit row names the batch, not its whole content (kept in the cupons' own rows, or pending with its payload)
  ctx.auditoria.depois ??= { comando: ctx.nome, cupons: brutos.length };
  for (const [indice, bruto] of brutos.entries()) {
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
    const foraDoEscopo = [c.lojaId, c.lojaDestinoId].find((l) => l !== null && !ctx.auth.lojas.includes(l));
    if (foraDoEscopo !== undefined && foraDoEscopo !== null) {
      rejeitar({ message: MSG.lojaForaDoEscopo(foraDoEscopo), reasons: [MSG.lojaForaDoEscopo(foraDoEscopo)] }, c);
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
  // the stores' closing dates, read without the stock keys (the writing step takes them and reads again)
  const fechamentos = await fechamentosDasLojas(ctx.trx, [...new Set(vendas.flatMap((v) => lojasDoEstoque(v.cupom)))]);
  for (const v of vendas) v.erro = primeiroErro(v, cad, fechamentos);
}

/** Each store's closing date (absent: never closed), as `travarEscopos` reads it but without its locks. */
async function fechamentosDasLojas(trx: Tx, lojas: number[]): Promise<Map<number, string>> {
  const { rows } = await sql<{ lojaId: number; fechadoAte: string }>`
    select loja_id, to_char(fechado_ate, 'YYYY-MM-DD') as fechado_ate from fechamento_estoque
     where assinante_id = (select app_assinante()) and loja_id = any(${lojas}::int4[]) and fechado_ate is not null`.execute(
    trx,
  );
  return new Map(rows.map((r) => [r.lojaId, r.fechadoAte]));
}

/** The stores whose stock a cupom moves: its own, and the destination of a return sent to another store. */
export const lojasDoEstoque = (c: CupomPdv): number[] =>
  c.lojaDestinoId === null ? [c.lojaId] : [c.lojaId, c.lojaDestinoId];

function primeiroErro(v: Venda, cad: Cadastros, fechamentos: Map<number, string>): Venda['erro'] {
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
  for (const loja of lojasDoEstoque(c)) {
    const fechadoAte = fechamentos.get(loja) ?? null;
    if (fechadoEm(fechadoAte, data))
      return { tipo: 'MOVIMENTO_FECHADO', mensagem: MSG.movimentoFechado(data, fechadoAte!) };
  }
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
