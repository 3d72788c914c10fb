/**
 * Reads of purchase invoices, one query for every reader (the API list and detail, the legacy cookie
 * search, the commands' answers): the header with the integration's field names (api-compat.md C1), the
 * items with their tax fields and the parcels as JSON built in the same statement (no per-invoice round trip).
 */
import type { NotaFiscalCompra } from '@retaguarda/domain';
import { type Expression, type SqlBool, sql } from 'kysely';
import type { Tx } from '../../db/database';
import { localIsoText, zonaDaLojaSql } from '../../time';

const ITEM = sql`jsonb_build_object(
  'ordem', i.ordem, 'produtoId', i.produto_id, 'codigoFornecedor', i.codigo_fornecedor, 'ean', i.ean,
  'descricao', i.descricao, 'ncm', i.ncm, 'cest', i.cest, 'cfop', i.cfop, 'unidadeComercial', i.unidade_comercial,
  'quantidadeComercial', trim_scale(i.quantidade_comercial)::text, 'valorUnitario', trim_scale(i.valor_unitario)::text,
  'fator', trim_scale(i.fator)::text, 'quantidade', trim_scale(i.quantidade)::text, 'valorTotal', i.valor_total::text,
  'valorDesconto', i.valor_desconto::text, 'valorFrete', i.valor_frete::text, 'valorSeguro', i.valor_seguro::text,
  'valorOutras', i.valor_outras::text, 'origemMercadoria', i.origem_mercadoria, 'cstIcms', i.cst_icms,
  'baseIcms', i.base_icms::text, 'aliquotaIcms', trim_scale(i.aliquota_icms)::text, 'valorIcms', i.valor_icms::text,
  'baseIcmsSt', i.base_icms_st::text, 'aliquotaIcmsSt', trim_scale(i.aliquota_icms_st)::text,
  'valorIcmsSt', i.valor_icms_st::text, 'cstIpi', i.cst_ipi, 'aliquotaIpi', trim_scale(i.aliquota_ipi)::text,
  'valorIpi', i.valor_ipi::text, 'cstPis', i.cst_pis, 'aliquotaPis', trim_scale(i.aliquota_pis)::text,
  'valorPis', i.valor_pis::text, 'cstCofins', i.cst_cofins, 'aliquotaCofins', trim_scale(i.aliquota_cofins)::text,
  'valorCofins', i.valor_cofins::text, 'custoUnitario', trim_scale(i.custo_unitario)::text,
  'quantidadeRecebida', trim_scale(i.quantidade_recebida)::text)`;

export const NOTA_COLUNAS = sql`n.id, n.loja_id, n.fornecedor_id, f.nome as fornecedor, n.local_id, n.status, n.origem,
  n.modelo, n.serie, n.numero_nota::float8 as numero_nota, n.chave_da_nfe, n.natureza_operacao,
  to_char(n.data_emissao, 'YYYY-MM-DD"T"HH24:MI:SS') as data_emissao, to_char(n.data_entrada, 'YYYY-MM-DD') as data_entrada,
  n.valor_produtos::text as valor_produtos, n.valor_frete::text as valor_frete, n.valor_seguro::text as valor_seguro,
  n.valor_desconto::text as valor_desconto, n.valor_outras::text as valor_outras, n.base_icms::text as base_icms,
  n.valor_icms::text as valor_icms, n.base_icms_st::text as base_icms_st, n.valor_icms_st::text as valor_icms_st,
  n.valor_ipi::text as valor_ipi, n.valor_pis::text as valor_pis, n.valor_cofins::text as valor_cofins,
  n.valor_do_documento::text as valor_do_documento, n.quantidade_itens, n.arquivo_id::text as arquivo_id, n.observacao,
  ${localIsoText(sql.ref('n.confirmada_em'), zonaDaLojaSql('l'))} as confirmada_em,
  ${localIsoText(sql.ref('n.criado_em'), zonaDaLojaSql('l'))} as criado_em,
  coalesce((select jsonb_agg(${ITEM} order by i.ordem) from item_nota_fiscal_compra i where i.nota_id = n.id), '[]') as itens,
  coalesce((select jsonb_agg(jsonb_build_object('numero', p.numero, 'vencimento', to_char(p.vencimento, 'YYYY-MM-DD'),
    'valor', p.valor::text) order by p.vencimento, p.numero) from parcela_nota_fiscal_compra p where p.nota_id = n.id), '[]') as parcelas`;

/** The list's FROM: invoices of `lojas` matching `where`. */
export const notasFrom = (lojas: readonly number[], where: Expression<SqlBool>) =>
  sql`from nota_fiscal_compra n join loja l on l.id = n.loja_id join fornecedor f on f.id = n.fornecedor_id
   where n.loja_id = any(${[...lojas]}::int4[]) and ${where}`;

/** One invoice (null `lojas`: a command that already checked the store). */
export async function lerNotaCompra(
  trx: Tx,
  id: number,
  lojas: readonly number[] | null,
): Promise<NotaFiscalCompra | undefined> {
  const escopo = lojas ? sql`and n.loja_id = any(${[...lojas]}::int4[])` : sql``;
  const { rows } = await sql<NotaFiscalCompra>`
    select ${NOTA_COLUNAS} from nota_fiscal_compra n join loja l on l.id = n.loja_id
      join fornecedor f on f.id = n.fornecedor_id where n.id = ${id} ${escopo}`.execute(trx);
  return rows[0];
}
