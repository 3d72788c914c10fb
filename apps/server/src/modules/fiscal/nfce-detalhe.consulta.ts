/**
 * Informações do cupom (domain §3.8 informacoesCupom): the document's header, the cupom's items with the
 * fiscal data as sold (NCM, CFOP, CST/CSOSN, rates — `item_cupom_fiscal`), its payments (`recebimento_pdv`),
 * the consumer, the QR code URL and the SEFAZ events timeline (`evento_nfce`). Only the caller's stores:
 * another store's chave is "not found", as if it did not exist.
 */
import type { DetalheNfce } from '@retaguarda/domain';
import { sql } from 'kysely';
import type { Tx } from '../../db/database';
import type { AuthContext } from '../../plugins/auth/context';
import { localIsoText } from '../../time';
import { urlQrCodeNfce } from './nfce-qrcode';
import { lerCsc } from './sefaz/segredos';

const lojasDe = (auth: AuthContext) => (auth.lojas.length ? [...auth.lojas] : [-1]);

export async function lerDetalheNfce(trx: Tx, auth: AuthContext, chave: string): Promise<DetalheNfce | null> {
  const { rows } = await sql<
    DetalheNfce['documento'] & {
      cnpj: string | null;
      razaoSocial: string | null;
      fantasia: string | null;
      codigoIbge: string | null;
      cliente: string | null;
      xml: string | null;
      ambienteLoja: number;
      cscId: string | null;
    }
  >`select d.chave, d.loja_id, l.sigla as loja, d.modelo, d.serie, d.numero, d.tp_emis,
      to_char(d.emissao_local, 'YYYY-MM-DD"T"HH24:MI:SS') as data_emissao, d.numero_caixa, f.nome as operador,
      d.valor::text as valor_total, d.cpf_consumidor, d.status, d.c_stat, d.x_motivo, d.protocolo, d.tentativas,
      d.cupom_id::int8 as cupom_id, to_char(d.data, 'YYYY-MM-DD') as data, c.sequencial::int8 as sequencial,
      ${localIsoText(sql.ref('d.autorizado_em'))} as autorizado_em, ${localIsoText(sql.ref('d.atualizado_em'))} as atualizado_em,
      d.versao, d.xml is not null as tem_xml, d.xml, l.uf, l.numero_do_documento as cnpj, l.nome as razao_social,
      l.fantasia, l.codigo_ibge, cl.nome as cliente, l.nfce_ambiente as ambiente_loja, l.nfce_csc_id as csc_id
    from documento_nfce d join loja l on l.id = d.loja_id
    left join funcionario f on f.id = d.operador_id
    left join cupom_fiscal c on c.data = d.data and c.id = d.cupom_id
    left join cliente cl on cl.id = c.cliente_id
   where d.chave = ${chave} and d.loja_id = any(${lojasDe(auth)}::int4[])`.execute(trx);
  const d = rows[0];
  if (!d) return null;
  const { cnpj, razaoSocial, fantasia, codigoIbge: _ibge, cliente, xml, ambienteLoja, cscId, ...documento } = d;

  const { rows: itens } = await sql<DetalheNfce['itens'][number]>`
    select i.sequencia, i.produto_id, coalesce(i.codigo, p.codigo_interno, i.produto_id::text) as codigo, p.descricao,
           i.quantidade_venda::text as quantidade, i.valor_unidade::text as valor_unitario,
           i.valor_desconto::text as valor_desconto, i.valor_acrescimo::text as valor_acrescimo,
           i.valor_total::text as valor_total, i.cancelado, i.ncm, i.cest, i.origem, i.cfop, i.cst, i.csosn,
           i.aliquota_icms::text as aliquota_icms,
           -- ICMS is charged on the item only where the CST/CSOSN taxes it here (60/500: charged before, by ST)
           case when i.cst in ('00', '20', '51', '70', '90') or i.csosn = '900'
                then round(i.valor_total * coalesce(i.aliquota_icms, 0) / 100, 2)::text end as valor_icms,
           i.cst_pis, i.aliquota_pis::text as aliquota_pis, i.cst_cofins, i.aliquota_cofins::text as aliquota_cofins
      from item_cupom_fiscal i left join produto p on p.id = i.produto_id
     where i.data = ${documento.data}::date and i.cupom_id = ${documento.cupomId}
     order by i.sequencia`.execute(trx);
  const { rows: pagamentos } = await sql<DetalheNfce['pagamentos'][number]>`
    select r.id::int as id, fp.descricao as forma_pagamento, fp.tipo_pagamento, (r.valor + r.troco)::numeric(15, 2)::text as valor,
           r.troco::text as troco, r.parcelas, r.bandeira, r.nsu
      from recebimento_pdv r join forma_pagamento fp on fp.id = r.forma_pagamento_id
     where r.data = ${documento.data}::date and r.cupom_id = ${documento.cupomId}
     order by r.id`.execute(trx);
  const { rows: eventos } = await sql<DetalheNfce['eventos'][number]>`
    select e.id::int8 as id, e.tipo, e.c_stat, e.x_motivo, e.protocolo, e.status, e.justificativa, u.nome as usuario,
           ${localIsoText(sql.ref('e.ocorrido_em'))} as ocorrido_em
      from evento_nfce e left join usuario u on u.id = e.usuario_id
     where e.chave = ${chave} order by e.ocorrido_em, e.id`.execute(trx);

  // the store's environment (homologação by default) and its CSC, sealed, for the QR code's hash
  const ambiente = ambienteLoja;
  const token = cscId && !xml ? await lerCsc(trx, documento.lojaId).catch(() => null) : null;
  return {
    documento: {
      ...documento,
      cupomId: Number(documento.cupomId),
      sequencial: documento.sequencial === null ? null : Number(documento.sequencial),
      qrCodeUrl: urlQrCodeNfce({
        chave,
        uf: documento.uf,
        ambiente,
        xml,
        tpEmis: documento.tpEmis,
        csc: cscId && token ? { id: cscId, token } : null,
      }),
      ambiente,
    },
    emitente: { cnpj, razaoSocial, fantasia },
    consumidor: { cpf: documento.cpfConsumidor, nome: cliente },
    itens,
    pagamentos,
    eventos: eventos.map((e) => ({ ...e, id: Number(e.id) })),
  };
}

/** The XML as the POS sent it (null: none stored, or not the caller's). */
export async function lerXmlNfce(trx: Tx, auth: AuthContext, chave: string): Promise<{ xml: string | null } | null> {
  const { rows } = await sql<{ xml: string | null }>`select d.xml from documento_nfce d
    where d.chave = ${chave} and d.loja_id = any(${lojasDe(auth)}::int4[])`.execute(trx);
  return rows[0] ?? null;
}
