/**
 * Steps of the purchase-invoice commands (nota.workflow.ts): the typed entry and the NF-e XML entry build
 * the same document (`estado.nota`), then share the location, duplicate and writing steps; the confirmation
 * posts ENTRADA_NF through the stock ledger's posting (`darEntrada`, also the conferência's close).
 */
import {
  CAMINHO_NOTAS_COMPRA,
  custoDeEntrada,
  Decimal,
  type EntradaNotaFiscalCompra,
  type EntradaNotaFiscalCompraXml,
  falhaDeCampo,
  type FalhaDeCampo,
  hojeNaZona,
  MSG_NOTA_COMPRA as MSG,
  type NotaFiscalCompra,
  normalizarCnpj,
  type StatusNotaCompra,
  transicaoNotaCompra,
  valorDoDocumento,
} from '@retaguarda/domain';
import { sql } from 'kysely';
import type { Tx } from '../../db/database';
import { type ContextoDoComando, conflito, recusar, recusarTudo } from '../../workflows';
import { vincularArquivo } from '../../http/upload';
import { lancarMovimentos } from '../estoque/lancamento';
import { resolverCodigos } from '../produto';
import { lerNfe, type NotaDoXml } from './nfe.leitura';
import { lerNotaCompra } from './nota.consulta';

/** One item row as inserted (snake_case: the columns of item_nota_fiscal_compra). */
export interface ItemMontado {
  ordem: number;
  produto_id: number;
  codigo_fornecedor: string | null;
  ean: string | null;
  descricao: string;
  ncm: string | null;
  cest: string | null;
  cfop: string | null;
  unidade_comercial: string | null;
  quantidade_comercial: string;
  valor_unitario: string;
  fator: string;
  quantidade: string;
  valor_total: string;
  valor_desconto: string;
  valor_frete: string;
  valor_seguro: string;
  valor_outras: string;
  origem_mercadoria: string | null;
  cst_icms: string | null;
  base_icms: string;
  aliquota_icms: string;
  valor_icms: string;
  base_icms_st: string;
  aliquota_icms_st: string;
  valor_icms_st: string;
  cst_ipi: string | null;
  aliquota_ipi: string;
  valor_ipi: string;
  cst_pis: string | null;
  aliquota_pis: string;
  valor_pis: string;
  cst_cofins: string | null;
  aliquota_cofins: string;
  valor_cofins: string;
  custo_unitario: string;
}

export interface NotaMontada {
  fornecedorId: number;
  origem: 'XML' | 'DIGITACAO';
  serie: string;
  numeroNota: number;
  chave: string | null;
  natOp: string | null;
  dataEmissao: string;
  dataEntrada: string;
  observacao: string | null;
  totais: {
    valor_produtos: string;
    valor_frete: string;
    valor_seguro: string;
    valor_desconto: string;
    valor_outras: string;
    base_icms: string;
    valor_icms: string;
    base_icms_st: string;
    valor_icms_st: string;
    valor_ipi: string;
    valor_pis: string;
    valor_cofins: string;
    valor_do_documento: string;
  };
  itens: ItemMontado[];
  parcelas: Array<{ numero: string; vencimento: string; valor: string }>;
}

export interface EstadoNota {
  xml?: NotaDoXml;
  nota?: NotaMontada;
  localId?: number;
  resultado?: NotaFiscalCompra;
}
export const estadoNota = (): EstadoNota => ({});
type Ctx<E> = ContextoDoComando<E, EstadoNota>;

const soma = (vs: readonly (string | undefined)[]) => vs.reduce((s, v) => s.mais(v ?? '0'), Decimal.de('0')).texto(2);

// ---------------------------------------------------------------- typed entry

/** The supplier must exist and be active. */
export async function validarFornecedorDigitado(ctx: Ctx<EntradaNotaFiscalCompra>): Promise<void> {
  const { rows } = await sql<{ ativo: boolean }>`
    select ativo from fornecedor where id = ${ctx.entrada.fornecedorId}`.execute(ctx.trx);
  if (!rows[0]) throw recusar('fornecedorId', MSG.fornecedorNaoEncontrado);
  if (!rows[0].ativo) throw recusar('fornecedorId', MSG.fornecedorInativo);
}

/** Products of the tenant and active; the header's dates; the parcels adding up to the document. */
export async function montarDigitada(ctx: Ctx<EntradaNotaFiscalCompra>): Promise<void> {
  const e = ctx.entrada;
  const ids = [...new Set(e.itens.map((i) => i.produtoId))];
  const { rows } = await sql<{ id: number; ativo: boolean; descricao: string }>`
    select id, ativo, descricao from produto where id = any(${ids}::int4[])`.execute(ctx.trx);
  const porId = new Map(rows.map((r) => [r.id, r]));
  const falhas: FalhaDeCampo[] = [];
  e.itens.forEach((i, n) => {
    const p = porId.get(i.produtoId);
    if (!p) falhas.push(falhaDeCampo(`itens.${n}.produtoId`, MSG.produtoNaoEncontrado));
    else if (!p.ativo) falhas.push(falhaDeCampo(`itens.${n}.produtoId`, MSG.produtoInativo));
  });
  const hoje = hojeNaZona(ctx.loja.zona);
  const dataEntrada = e.dataEntrada ?? hoje;
  if (dataEntrada < e.dataEmissao.slice(0, 10)) falhas.push(falhaDeCampo('dataEntrada', MSG.entradaAntesDaEmissao));
  if (dataEntrada > hoje) falhas.push(falhaDeCampo('dataEntrada', 'a data de entrada não pode ser posterior a hoje.'));
  const total = valorDoDocumento(e.itens);
  if (e.parcelas?.length) {
    const s = soma(e.parcelas.map((p) => p.valor));
    if (!Decimal.de(s).igual(total)) falhas.push(falhaDeCampo('parcelas', MSG.parcelasNaoFecham(s, total)));
  }
  if (falhas.length) throw recusarTudo(falhas);
  const itens: ItemMontado[] = e.itens.map((i, n) => ({
    ordem: n + 1,
    produto_id: i.produtoId,
    codigo_fornecedor: i.codigoFornecedor,
    ean: null,
    descricao: porId.get(i.produtoId)!.descricao,
    ncm: i.ncm,
    cest: null,
    cfop: i.cfop,
    unidade_comercial: null,
    quantidade_comercial: i.quantidade,
    valor_unitario: Decimal.de(i.valorTotal).divididoPor(i.quantidade, 10, 'HALF_UP').texto(),
    fator: '1',
    quantidade: i.quantidade,
    valor_total: i.valorTotal,
    valor_desconto: i.valorDesconto ?? '0',
    valor_frete: i.valorFrete ?? '0',
    valor_seguro: i.valorSeguro ?? '0',
    valor_outras: i.valorOutras ?? '0',
    origem_mercadoria: i.origemMercadoria,
    cst_icms: i.cstIcms,
    base_icms: i.baseIcms ?? '0',
    aliquota_icms: i.aliquotaIcms ?? '0',
    valor_icms: i.valorIcms ?? '0',
    base_icms_st: i.baseIcmsSt ?? '0',
    aliquota_icms_st: i.aliquotaIcmsSt ?? '0',
    valor_icms_st: i.valorIcmsSt ?? '0',
    cst_ipi: i.cstIpi,
    aliquota_ipi: i.aliquotaIpi ?? '0',
    valor_ipi: i.valorIpi ?? '0',
    cst_pis: i.cstPis,
    aliquota_pis: i.aliquotaPis ?? '0',
    valor_pis: i.valorPis ?? '0',
    cst_cofins: i.cstCofins,
    aliquota_cofins: i.aliquotaCofins ?? '0',
    valor_cofins: i.valorCofins ?? '0',
    custo_unitario: custoDeEntrada(i, i.quantidade),
  }));
  const col = (k: keyof ItemMontado) => soma(itens.map((i) => i[k] as string));
  ctx.estado.nota = {
    fornecedorId: e.fornecedorId,
    origem: 'DIGITACAO',
    serie: e.serie,
    numeroNota: e.numeroNota,
    chave: e.chaveDaNfe,
    natOp: e.naturezaOperacao,
    dataEmissao: e.dataEmissao.length > 10 ? e.dataEmissao : `${e.dataEmissao}T00:00:00`,
    dataEntrada,
    observacao: e.observacao,
    totais: {
      valor_produtos: col('valor_total'),
      valor_frete: col('valor_frete'),
      valor_seguro: col('valor_seguro'),
      valor_desconto: col('valor_desconto'),
      valor_outras: col('valor_outras'),
      base_icms: col('base_icms'),
      valor_icms: col('valor_icms'),
      base_icms_st: col('base_icms_st'),
      valor_icms_st: col('valor_icms_st'),
      valor_ipi: col('valor_ipi'),
      valor_pis: col('valor_pis'),
      valor_cofins: col('valor_cofins'),
      valor_do_documento: total,
    },
    itens,
    parcelas: e.parcelas ?? [],
  };
}

// ---------------------------------------------------------------- NF-e XML entry

/** The layout (an NF-e), the chave (digit, agreement), the decimals: `arquivo`/field errors otherwise. */
export function lerXml(ctx: Ctx<EntradaNotaFiscalCompraXml>): void {
  const r = lerNfe(ctx.entrada.conteudo);
  if ('falhas' in r) throw recusarTudo(r.falhas);
  ctx.estado.xml = r.nota;
}

/** The NF-e's addressee must be the store (same CNPJ) when the XML names a CNPJ. */
export async function conferirDestinatario(ctx: Ctx<EntradaNotaFiscalCompraXml>): Promise<void> {
  const dest = ctx.estado.xml!.destinatarioCnpj;
  if (!dest) return;
  const { rows } = await sql<{ doc: string }>`
    select numero_do_documento as doc from loja where id = ${ctx.loja.id}`.execute(ctx.trx);
  if (rows[0] && normalizarCnpj(rows[0].doc) !== normalizarCnpj(dest))
    throw recusar('lojaId', MSG.destinatarioOutraLoja(dest, ctx.loja.sigla));
}

/**
 * The supplier by the issuer's CNPJ (masked or not as registered), and the items matched by the kit's
 * resolver: the GTIN first, then the supplier's code (its reference in produto_fornecedor wins over the
 * store's own codes); the quantity in the product's unit by the code's pack factor.
 */
export async function montarDoXml(ctx: Ctx<EntradaNotaFiscalCompraXml>): Promise<void> {
  const x = ctx.estado.xml!;
  const { rows: fs } = await sql<{ id: number; ativo: boolean }>`
    select id, ativo from fornecedor
     where upper(regexp_replace(numero_do_documento, '[.\\-/ ]', '', 'g')) = ${x.emitente.cnpj}
     order by ativo desc, id limit 1`.execute(ctx.trx);
  const f = fs[0];
  if (!f) throw recusar('fornecedorId', MSG.fornecedorNaoCadastrado(x.emitente.cnpj, x.emitente.nome));
  if (!f.ativo) throw recusar('fornecedorId', MSG.fornecedorInativo);

  const porEan = await resolverCodigos(
    ctx.trx,
    x.itens.map((i) => i.cEAN ?? ''),
  );
  const porReferencia = await resolverCodigos(
    ctx.trx,
    x.itens.map((i) => i.cProd),
    { fornecedorId: f.id },
  );
  const falhas: FalhaDeCampo[] = [];
  const itens: ItemMontado[] = [];
  x.itens.forEach((i, n) => {
    const r = [porEan[n]!, porReferencia[n]!].find((c) => c.produtoId !== null);
    if (!r || r.produtoId === null) {
      falhas.push(falhaDeCampo(`itens.${n}.produtoId`, MSG.itemSemProduto(i.nItem, i.cProd, i.xProd)));
      return;
    }
    if (!r.ativoNaLoja) {
      falhas.push(falhaDeCampo(`itens.${n}.produtoId`, `item ${i.nItem} (${i.cProd}): ${r.motivo}`));
      return;
    }
    const fator = r.fator ?? '1';
    const quantidade = Decimal.de(i.qCom).vezes(fator).arredondar(4, 'HALF_UP').texto();
    if (Decimal.de(quantidade).sinal() <= 0) {
      falhas.push(falhaDeCampo(`itens.${n}.quantidade`, `item ${i.nItem}: quantidade deve ser maior que zero.`));
      return;
    }
    const valores = {
      valorTotal: i.vProd,
      valorDesconto: i.vDesc,
      valorFrete: i.vFrete,
      valorSeguro: i.vSeg,
      valorOutras: i.vOutro,
      valorIpi: i.vIPI,
      valorIcmsSt: i.vICMSST,
    };
    itens.push({
      ordem: i.nItem,
      produto_id: r.produtoId,
      codigo_fornecedor: i.cProd,
      ean: i.cEAN,
      descricao: i.xProd,
      ncm: i.ncm,
      cest: i.cest,
      cfop: i.cfop,
      unidade_comercial: i.uCom,
      quantidade_comercial: i.qCom,
      valor_unitario: i.vUnCom,
      fator,
      quantidade,
      valor_total: i.vProd,
      valor_desconto: i.vDesc,
      valor_frete: i.vFrete,
      valor_seguro: i.vSeg,
      valor_outras: i.vOutro,
      origem_mercadoria: i.origem,
      cst_icms: i.cstIcms,
      base_icms: i.vBC,
      aliquota_icms: i.pICMS,
      valor_icms: i.vICMS,
      base_icms_st: i.vBCST,
      aliquota_icms_st: i.pICMSST,
      valor_icms_st: i.vICMSST,
      cst_ipi: i.cstIpi,
      aliquota_ipi: i.pIPI,
      valor_ipi: i.vIPI,
      cst_pis: i.cstPis,
      aliquota_pis: i.pPIS,
      valor_pis: i.vPIS,
      cst_cofins: i.cstCofins,
      aliquota_cofins: i.pCOFINS,
      valor_cofins: i.vCOFINS,
      custo_unitario: custoDeEntrada(valores, quantidade),
    });
  });
  if (falhas.length) throw recusarTudo(falhas.slice(0, 100));
  const hoje = hojeNaZona(ctx.loja.zona);
  const dataEntrada = ctx.entrada.dataEntrada ?? hoje;
  if (dataEntrada < x.dataEmissao.slice(0, 10)) throw recusar('dataEntrada', MSG.entradaAntesDaEmissao);
  if (dataEntrada > hoje) throw recusar('dataEntrada', 'a data de entrada não pode ser posterior a hoje.');
  const t = x.totais;
  ctx.estado.nota = {
    fornecedorId: f.id,
    origem: 'XML',
    serie: x.serie,
    numeroNota: x.numero,
    chave: x.chave,
    natOp: x.natOp,
    dataEmissao: x.dataEmissao,
    dataEntrada,
    observacao: null,
    totais: {
      valor_produtos: t.vProd,
      valor_frete: t.vFrete,
      valor_seguro: t.vSeg,
      valor_desconto: t.vDesc,
      valor_outras: t.vOutro,
      base_icms: t.vBC,
      valor_icms: t.vICMS,
      base_icms_st: t.vBCST,
      valor_icms_st: t.vST,
      valor_ipi: t.vIPI,
      valor_pis: t.vPIS,
      valor_cofins: t.vCOFINS,
      valor_do_documento: t.vNF,
    },
    itens,
    parcelas: x.duplicatas.filter((d) => /^\d{4}-\d{2}-\d{2}$/.test(d.vencimento) && Decimal.de(d.valor).sinal() > 0),
  };
}

// ---------------------------------------------------------------- shared

/** The location: the one given (of the store, active, not in transit) or the store's default entry location. */
export async function validarLocal(ctx: Ctx<{ localId?: number | null }>): Promise<void> {
  const pedido = ctx.entrada.localId;
  const { rows } = await sql<{ id: number; lojaId: number; ativo: boolean; tipo: string }>`
    select id, loja_id, ativo, tipo from local_estoque
     where ${pedido ? sql`id = ${pedido}` : sql`loja_id = ${ctx.loja.id} and ativo and tipo not in ('TRANSITO', 'AVARIA', 'TROCA')`}
     order by padrao_entrada desc, (tipo = 'DEPOSITO') desc, (tipo = 'LOJA') desc, id limit 1`.execute(ctx.trx);
  const l = rows[0];
  if (!l) throw recusar('localId', pedido ? MSG.localNaoEncontrado : MSG.semLocalDeEntrada);
  if (l.lojaId !== ctx.loja.id) throw recusar('localId', MSG.localDeOutraLoja);
  if (!l.ativo || l.tipo === 'TRANSITO') throw recusar('localId', MSG.localInativo);
  ctx.estado.localId = l.id;
}

/** The same chave, or the same supplier + série + number, already entered: 409 naming the invoice. */
export async function recusarRepetida(ctx: Ctx<unknown>): Promise<void> {
  const n = ctx.estado.nota!;
  const { rows } = await sql<{ id: number; mesmaChave: boolean }>`
    select id, chave_da_nfe is not distinct from ${n.chave} and ${n.chave}::text is not null as mesma_chave
      from nota_fiscal_compra
     where (${n.chave}::text is not null and chave_da_nfe = ${n.chave})
        or (fornecedor_id = ${n.fornecedorId} and modelo = '55' and serie = ${n.serie}
            and numero_nota = ${n.numeroNota} and status <> 'CANCELADA')
     order by mesma_chave desc limit 1`.execute(ctx.trx);
  const r = rows[0];
  if (r)
    throw conflito(r.mesmaChave ? MSG.chaveRepetida(r.id) : MSG.numeroRepetido(r.id), [
      falhaDeCampo(r.mesmaChave ? 'chaveDaNfe' : 'numeroNota', 'já lançada.'),
    ]).comCabecalhos({ location: `${CAMINHO_NOTAS_COMPRA}/${r.id}` });
}

const COLUNAS_ITEM = sql.raw(`ordem, produto_id, codigo_fornecedor, ean, descricao, ncm, cest, cfop, unidade_comercial,
  quantidade_comercial, valor_unitario, fator, quantidade, valor_total, valor_desconto, valor_frete, valor_seguro,
  valor_outras, origem_mercadoria, cst_icms, base_icms, aliquota_icms, valor_icms, base_icms_st, aliquota_icms_st,
  valor_icms_st, cst_ipi, aliquota_ipi, valor_ipi, cst_pis, aliquota_pis, valor_pis, cst_cofins, aliquota_cofins,
  valor_cofins, custo_unitario`);

/** Header, items and parcels: three statements whatever the number of items. */
export async function gravarNota(ctx: Ctx<unknown>): Promise<void> {
  const n = ctx.estado.nota!;
  const t = n.totais;
  const { rows } = await sql<{ id: number }>`
    insert into nota_fiscal_compra (loja_id, fornecedor_id, local_id, origem, serie, numero_nota, chave_da_nfe,
      natureza_operacao, data_emissao, data_entrada, valor_produtos, valor_frete, valor_seguro, valor_desconto,
      valor_outras, base_icms, valor_icms, base_icms_st, valor_icms_st, valor_ipi, valor_pis, valor_cofins,
      valor_do_documento, quantidade_itens, observacao, usuario_id)
    values (${ctx.loja.id}, ${n.fornecedorId}, ${ctx.estado.localId!}, ${n.origem}, ${n.serie}, ${n.numeroNota},
      ${n.chave}, ${n.natOp}, ${n.dataEmissao}::timestamp, ${n.dataEntrada}::date, ${t.valor_produtos},
      ${t.valor_frete}, ${t.valor_seguro}, ${t.valor_desconto}, ${t.valor_outras}, ${t.base_icms}, ${t.valor_icms},
      ${t.base_icms_st}, ${t.valor_icms_st}, ${t.valor_ipi}, ${t.valor_pis}, ${t.valor_cofins},
      ${t.valor_do_documento}, ${n.itens.length}, ${n.observacao}, ${ctx.usuarioId})
    returning id`.execute(ctx.trx);
  const id = rows[0]!.id;
  await sql`
    insert into item_nota_fiscal_compra (nota_id, ${COLUNAS_ITEM})
    select ${id}, ${COLUNAS_ITEM}
      from jsonb_populate_recordset(null::item_nota_fiscal_compra, ${JSON.stringify(n.itens)}::jsonb)`.execute(ctx.trx);
  if (n.parcelas.length)
    await sql`
      insert into parcela_nota_fiscal_compra (nota_id, numero, vencimento, valor)
      select ${id}, x.numero, x.vencimento, x.valor
        from jsonb_to_recordset(${JSON.stringify(n.parcelas)}::jsonb) as x(numero text, vencimento date, valor numeric)`.execute(
      ctx.trx,
    );
  ctx.estado.resultado = (await lerNotaCompra(ctx.trx, id, null))!;
  const { itens: _i, ...cabecalho } = ctx.estado.resultado;
  // the items are the document's lines: the audit keeps the header, not 500 items twice
  ctx.auditoria = { entidade: 'nota_fiscal_compra', entidadeId: id, operacao: 'INCLUSAO', depois: cabecalho };
}

/** The XML as sent stays with the invoice (the upload kit's retention follows the document). */
export async function guardarXml(ctx: Ctx<EntradaNotaFiscalCompraXml>): Promise<void> {
  const arquivoId = ctx.entrada.arquivoId;
  const id = ctx.estado.resultado!.id;
  if (!arquivoId || !(await vincularArquivo(ctx.trx, arquivoId, `nota-compra:${id}`))) return;
  await sql`update nota_fiscal_compra set arquivo_id = ${arquivoId}::uuid where id = ${id}`.execute(ctx.trx);
  ctx.estado.resultado = { ...ctx.estado.resultado!, arquivoId };
}

// ---------------------------------------------------------------- confirmation

interface NotaParaEntrada {
  id: number;
  lojaId: number;
  localId: number;
  status: StatusNotaCompra;
  dataEntrada: string;
}

async function lerParaEntrada(trx: Tx, id: number): Promise<NotaParaEntrada> {
  const { rows } = await sql<NotaParaEntrada>`
    select id, loja_id, local_id, status, to_char(data_entrada, 'YYYY-MM-DD') as data_entrada
      from nota_fiscal_compra where assinante_id = app_assinante() and id = ${id} for update`.execute(trx);
  return rows[0]!;
}

/**
 * Posts the entry: one ENTRADA_NF per item (the received quantity when a conferência counted it) at the
 * item's entry cost (the average moves), then the invoice → CONFIRMADA. The ledger kit takes the store's
 * lock and refuses a closed period.
 */
export async function darEntrada(
  trx: Tx,
  nota: NotaParaEntrada,
  usuarioId: number | null,
  acao: 'confirmar' | 'fecharConferencia',
): Promise<void> {
  const t = transicaoNotaCompra(nota.status, acao);
  if ('falha' in t) throw conflito(t.falha);
  const { rows: itens } = await sql<{ produtoId: number; quantidade: string; custo: string }>`
    select produto_id, coalesce(quantidade_recebida, quantidade)::text as quantidade, custo_unitario::text as custo
      from item_nota_fiscal_compra where assinante_id = app_assinante() and nota_id = ${nota.id} order by ordem`.execute(
    trx,
  );
  await lancarMovimentos(trx, {
    documentoTipo: 'NOTA_FISCAL_COMPRA',
    documentoId: nota.id,
    usuarioId,
    campoData: 'dataEntrada',
    movimentos: itens
      .filter((i) => Decimal.de(i.quantidade).sinal() > 0)
      .map((i) => ({
        lojaId: nota.lojaId,
        localId: nota.localId,
        produtoId: i.produtoId,
        data: nota.dataEntrada,
        tipo: 'ENTRADA_NF' as const,
        quantidade: i.quantidade,
        custoUnitario: i.custo,
      })),
  });
  await sql`
    update nota_fiscal_compra set status = ${t.para}, confirmada_em = now(), alterado_em = now(), versao = versao + 1
     where assinante_id = app_assinante() and id = ${nota.id}`.execute(trx);
}

export async function confirmarNota(ctx: Ctx<{ id: number }>): Promise<void> {
  const nota = await lerParaEntrada(ctx.trx, ctx.entrada.id);
  await darEntrada(ctx.trx, nota, ctx.usuarioId, 'confirmar');
  ctx.estado.resultado = (await lerNotaCompra(ctx.trx, nota.id, null))!;
  ctx.auditoria = {
    entidade: 'nota_fiscal_compra',
    entidadeId: nota.id,
    operacao: 'ALTERACAO',
    antes: { status: nota.status },
    depois: { status: ctx.estado.resultado.status },
  };
}

export { lerParaEntrada };
