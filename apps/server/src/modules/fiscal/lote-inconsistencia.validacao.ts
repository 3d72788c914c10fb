/**
 * Proposed values of a lot checked against the official tables and the tenant's registers, set-based:
 * one statement per call whatever the number of rows. Each row answers null (valid) or why not.
 */
import {
  type CampoLote,
  type ItemInvalidoLote,
  MSG_LOTE_INCONSISTENCIA as MSG,
  normalizarValorLote,
} from '@retaguarda/domain';
import { sql } from 'kysely';
import type { Tx } from '../../db/database';

export interface Proposta {
  itemId: number;
  valor: string | null;
}

interface Linha {
  itemId: number;
  produtoId: number;
  valor: string | null;
  erro: string | null;
  ncm: string | null;
  ufRegime: string | null;
  ufLoja: string | null;
}

const PREFIXOS = (col: string) =>
  sql.raw(
    `array[left(${col}, 2), left(${col}, 3), left(${col}, 4), left(${col}, 5), left(${col}, 6), left(${col}, 7), ${col}]`,
  );

/** the error code of each row for the field (null: valid) */
function erroSql(campo: CampoLote) {
  switch (campo) {
    case 'ncm':
      return sql`(select case when o.codigo is null or o.digitos <> 8 then 'ncmInexistente'
                       when o.data_fim < current_date then 'ncmVencido' end
                   from (select 1) u left join ncm_oficial o on o.codigo = x.valor)`;
    case 'cest':
      return sql`case when not exists (select 1 from cest_codigo c where c.codigo = x.valor) then 'cestInexistente'
                  when p.ncm_id is null or not exists (select 1 from cest_oficial c where c.codigo = x.valor
                    and c.ncm = any (${PREFIXOS('p.ncm_id')})) then 'cestDeOutroNcm' end`;
    case 'natureza':
      return sql`(select case when n.id is null or not n.ativo then 'naturezaInexistente'
                       when (n.cst_saida between '02' and '09' and n.natureza_receita is null)
                         or exists (select 1 from cst_pis_cofins s where s.codigo = n.cst_saida and s.tipo_operacao = 'entrada')
                         then 'naturezaSemReceita' end
                   from (select 1) u left join natureza_pis_cofins n on n.id = x.valor)`;
    case 'regime':
      return sql`(select case when r.id is null or not r.ativo then 'regimeInexistente'
                       when r.uf <> lj.uf then 'regimeDeOutraUf' end
                   from (select 1) u left join regime_tributario r on r.id = x.valor::int)`;
    case 'situacao':
      return sql`(select case when s.id is null or not s.ativo then 'situacaoInexistente' end
                   from (select 1) u left join situacao_fiscal s on s.id = x.valor::int)`;
    case 'gtin':
      return sql`case when exists (select 1 from codigo_auxiliar c where c.id = x.valor) then 'gtinEmUso' end`;
  }
}

function mensagem(l: Linha): string {
  const v = l.valor ?? '';
  switch (l.erro) {
    case 'ncmInexistente':
      return MSG.ncmInexistente(v);
    case 'ncmVencido':
      return MSG.ncmVencido(v);
    case 'cestInexistente':
      return MSG.cestInexistente(v);
    case 'cestDeOutroNcm':
      return MSG.cestDeOutroNcm(v, l.ncm);
    case 'naturezaInexistente':
      return MSG.naturezaInexistente(v);
    case 'naturezaSemReceita':
      return MSG.naturezaSemReceita(v);
    case 'regimeInexistente':
      return MSG.regimeInexistente(v);
    case 'regimeDeOutraUf':
      return MSG.regimeDeOutraUf(l.ufRegime ?? '?', l.ufLoja ?? '?');
    case 'situacaoInexistente':
      return MSG.situacaoInexistente(v);
    default:
      return MSG.gtinEmUso(v);
  }
}

/**
 * Splits the proposals into the valid ones (normalized values; null clears a proposal) and the rows
 * refusing their value. Items not of the lot are the caller's concern (checked before).
 */
export async function validarPropostas(
  trx: Tx,
  loteId: number,
  campo: CampoLote,
  propostas: readonly Proposta[],
): Promise<{ validas: Proposta[]; invalidas: ItemInvalidoLote[] }> {
  const invalidas: ItemInvalidoLote[] = [];
  const normalizadas: Proposta[] = [];
  const malFormadas: number[] = [];
  for (const p of propostas) {
    if (p.valor === null) normalizadas.push(p);
    else {
      const v = normalizarValorLote(campo, p.valor);
      if (v === null) malFormadas.push(p.itemId);
      else normalizadas.push({ itemId: p.itemId, valor: v });
    }
  }
  if (malFormadas.length) {
    const { rows } = await sql<{ id: number; produtoId: number }>`
      select id::float8 as id, produto_id from lote_inconsistencia_item
       where lote_id = ${loteId} and id = any (${malFormadas}::int8[])`.execute(trx);
    for (const r of rows) invalidas.push({ itemId: r.id, produtoId: r.produtoId, mensagem: MSG.formato[campo] });
  }
  const comValor = normalizadas.filter((p) => p.valor !== null);
  const validas = normalizadas.filter((p) => p.valor === null);
  if (comValor.length) {
    const { rows } = await sql<Linha>`
      select x.item_id::float8 as item_id, i.produto_id, x.valor, p.ncm_id as ncm, lj.uf as uf_loja,
             (select r.uf from regime_tributario r where ${campo === 'regime' ? sql`r.id = x.valor::int` : sql`false`}) as uf_regime,
             ${erroSql(campo)} as erro
        from unnest(${comValor.map((p) => p.itemId)}::int8[], ${comValor.map((p) => p.valor)}::text[]) as x(item_id, valor)
        join lote_inconsistencia_item i on i.id = x.item_id and i.lote_id = ${loteId}
        join produto p on p.id = i.produto_id
        left join loja lj on lj.id = i.loja_id`.execute(trx);
    for (const l of rows) {
      if (l.erro) invalidas.push({ itemId: l.itemId, produtoId: l.produtoId, mensagem: mensagem(l) });
      else validas.push({ itemId: l.itemId, valor: l.valor });
    }
  }
  return { validas, invalidas };
}
