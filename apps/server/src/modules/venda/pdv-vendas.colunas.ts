/**
 * The POS upload's row shapes: each table's columns with their PostgreSQL types, and the set-based insert they
 * feed (one typed array per column, `unnest`), used by pdv-vendas.gravacao.ts.
 */
import { sql } from 'kysely';

export type Tipo = 'int4' | 'int8' | 'date' | 'text' | 'numeric' | 'bool' | 'timestamp' | 'timestamptz';

/**
 * Rows as one typed array per column, `unnest(…) as alias(…)`: cheaper for PostgreSQL than building and
 * taking apart a jsonb document of the whole batch.
 */
export function emColunas(alias: string, linhas: readonly Record<string, unknown>[], tipos: Record<string, Tipo>) {
  const nomes = Object.keys(tipos);
  const args = sql.join(nomes.map((n) => sql`${linhas.map((l) => l[n] ?? null)}::${sql.raw(tipos[n]!)}[]`));
  return sql`unnest(${args}) as ${sql.raw(alias)}(${sql.raw(nomes.join(', '))})`;
}

export const lista = (tipos: Record<string, Tipo>, prefixo = '') =>
  sql.raw(
    Object.keys(tipos)
      .map((n) => prefixo + n)
      .join(', '),
  );

export const ITEM: Record<string, Tipo> = {
  cupom_id: 'int8',
  data: 'date',
  loja_id: 'int4',
  sequencia: 'int4',
  produto_id: 'int4',
  codigo: 'text',
  fator: 'numeric',
  quantidade_venda: 'numeric',
  valor_unidade: 'numeric',
  valor_desconto: 'numeric',
  motivo_desconto: 'text',
  valor_acrescimo: 'numeric',
  valor_total: 'numeric',
  cancelado: 'bool',
  funcionario_vendedor_id: 'int4',
  preco_custo_medio: 'numeric',
  em_oferta: 'bool',
  ncm: 'text',
  cest: 'text',
  origem: 'text',
  cfop: 'text',
  cst: 'text',
  csosn: 'text',
  aliquota_icms: 'numeric',
  cst_pis: 'text',
  aliquota_pis: 'numeric',
  cst_cofins: 'text',
  aliquota_cofins: 'numeric',
};

export const RECEBIMENTO: Record<string, Tipo> = {
  cupom_id: 'int8',
  data: 'date',
  loja_id: 'int4',
  numero_caixa: 'int4',
  forma_pagamento_id: 'int4',
  plano_pagamento_id: 'int4',
  valor: 'numeric',
  troco: 'numeric',
  parcelas: 'int4',
  nsu: 'text',
  bandeira: 'text',
  taxa_administracao: 'numeric',
  valor_taxa: 'numeric',
  valor_liquido: 'numeric',
  data_prevista: 'date',
  ocorrido_em: 'timestamptz',
};

export const EVENTO_EMISSAO: Record<string, Tipo> = {
  chave: 'text',
  c_stat: 'int4',
  x_motivo: 'text',
  protocolo: 'text',
  status: 'text',
  ocorrido_em: 'timestamptz',
};
export const NFCE: Record<string, Tipo> = {
  chave: 'text',
  cupom_id: 'int8',
  data: 'date',
  loja_id: 'int4',
  serie: 'int4',
  numero: 'int4',
  tp_emis: 'int4',
  status: 'text',
  c_stat: 'int4',
  x_motivo: 'text',
  protocolo: 'text',
  xml: 'text',
  autorizado_em: 'timestamptz',
  emissao_local: 'timestamp',
  numero_caixa: 'int4',
  operador_id: 'int4',
  valor: 'numeric',
  cpf_consumidor: 'text',
};

export const CUPOM: Record<string, Tipo> = {
  id: 'int8',
  identificador_id: 'int8',
  loja_id: 'int4',
  numero_caixa: 'int4',
  sequencial: 'int8',
  tipo: 'text',
  data: 'date',
  data_hora_abertura: 'timestamp',
  data_hora_fechamento: 'timestamp',
  ocorrido_em: 'timestamptz',
  funcionario_id: 'int4',
  cliente_id: 'int4',
  cpf_na_nota: 'text',
  cancelada: 'bool',
  valor: 'numeric',
  qtd_itens: 'int4',
  qtd_unidades: 'numeric',
  chave: 'text',
  coo_venda: 'int8',
  loja_destino_id: 'int4',
  em_oferta: 'bool',
  dispositivo_id: 'int8',
};
