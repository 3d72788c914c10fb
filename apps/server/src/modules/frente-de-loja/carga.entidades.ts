/**
 * What the POS change feed sends of each fed entity for one store: the rows by key (a change) or in key order
 * after a key (the full load). A key the reader does not return (deleted, another store's, a message out of
 * the store or ended) is reported as removed. One statement per entity and page.
 */
import { type EntidadeCarga, hojeNaZona, mensagemEmVigor, textoLocal } from '@retaguarda/domain';
import { type RawBuilder, sql } from 'kysely';

export interface LojaDaCarga {
  id: number;
  zona: string;
}

export interface LeitorDeEntidade {
  /** the rows' key as text (the log's `chave`), ordered */
  chave: string;
  /** text keys order as text; numeric ones as numbers */
  numerica: boolean;
  consulta(loja: LojaDaCarga, onde: RawBuilder<boolean>, limite: number): RawBuilder<Record<string, unknown>>;
  /** a row the store does not get although it exists (a message not in force for it) */
  fora?(loja: LojaDaCarga, linha: Record<string, unknown>): boolean;
  /** derived fields the POS reads */
  completar?(loja: LojaDaCarga, linha: Record<string, unknown>): Record<string, unknown>;
}

const lim = (n: number) => sql.raw(String(Math.max(1, Math.trunc(n))));

export const LEITORES: Record<EntidadeCarga, LeitorDeEntidade> = {
  PRODUTO: {
    chave: 'id',
    numerica: true,
    consulta: (_l, onde, n) => sql`
      select t.id, t.codigo_interno, t.descricao, t.descricao_reduzida, t.ativo, t.secao_id, t.grupo_id,
             t.subgrupo_id, t.marca_id, t.ncm_id, t.cest, t.origem, t.unidade_de_venda_id, t.peso_variavel,
             t.envia_balanca, t.permite_desconto, t.desconto_maximo::text as desconto_maximo, t.versao
        from produto t where ${onde} order by t.id limit ${lim(n)}`,
  },
  PRECO: {
    chave: 'id',
    numerica: true,
    consulta: (l, onde, n) => sql`
      select t.id, t.produto_id, t.loja_id, t.ativo, t.preco_venda1::text as preco_venda1,
             t.preco_venda2::text as preco_venda2, t.preco_venda3::text as preco_venda3,
             t.preco_oferta1::text as preco_oferta1, t.preco_oferta2::text as preco_oferta2,
             t.preco_oferta3::text as preco_oferta3, t.quantidade_minima_preco2::text as quantidade_minima_preco2,
             t.quantidade_minima_preco3::text as quantidade_minima_preco3, t.versao
        from preco t where t.loja_id = ${l.id} and ${onde} order by t.id limit ${lim(n)}`,
  },
  CODIGO_AUXILIAR: {
    chave: 'id',
    numerica: false,
    consulta: (_l, onde, n) => sql`
      select t.id, t.produto_id, t.tipo, t.fator::text as fator, t.ean_tributado, t.ativo, t.versao
        from codigo_auxiliar t where ${onde} order by t.id limit ${lim(n)}`,
  },
  FORMA_PAGAMENTO: {
    chave: 'id',
    numerica: true,
    consulta: (_l, onde, n) => sql`
      select t.id, t.descricao, t.tipo_pagamento, t.permite_troco, t.utiliza_tef, t.exige_cliente, t.abre_gaveta,
             t.valor_minimo::text as valor_minimo, t.ativo, t.versao
        from forma_pagamento t where ${onde} order by t.id limit ${lim(n)}`,
  },
  MENSAGEM_PROMOCIONAL: {
    chave: 'id',
    numerica: true,
    consulta: (_l, onde, n) => sql`
      select t.id, t.titulo, t.texto, t.local, t.lojas, t.vigencia_inicio::text as vigencia_inicio,
             t.vigencia_fim::text as vigencia_fim, t.dias_semana, t.hora_inicio, t.hora_fim, t.prioridade,
             t.valor_minimo_cupom::text as valor_minimo_cupom, t.produto_id, t.secao_id, t.ativo, t.versao
        from mensagem_promocional t where ${onde} order by t.id limit ${lim(n)}`,
    // the store's, active and not ended at the store's today: days and hours the POS applies (emVigor says now)
    fora: (l, m) =>
      m.ativo === false ||
      !(m.lojas as number[]).includes(l.id) ||
      (m.vigenciaFim !== null && String(m.vigenciaFim) < hojeNaZona(l.zona)),
    completar: (l, m) => {
      const agora = textoLocal(new Date(), l.zona);
      return {
        emVigor: mensagemEmVigor(m as never, agora.slice(0, 10), agora.slice(11, 16)),
      };
    },
  },
  FUNCAO_PDV: {
    chave: 'id',
    numerica: true,
    // one record per store: its whole matrix at its version
    consulta: (l, onde, n) => sql`
      select t.id, t.versao,
             (select coalesce(jsonb_agg(jsonb_build_object('funcao', f.funcao, 'perfil', f.perfil,
                       'habilitada', f.habilitada, 'exigeAutorizacaoSupervisor', f.exige_supervisor,
                       'limite', f.limite::text) order by f.funcao, f.perfil), '[]'::jsonb)
                from funcao_pdv_loja f where f.loja_id = t.id) as itens
        from funcao_pdv_versao t where t.id = ${l.id} and ${onde} order by t.id limit ${lim(n)}`,
  },
  PLANO_PAGAMENTO: {
    chave: 'id',
    numerica: true,
    // the plan with its grid and this store's active conditions; the POS applies the vigência (emVigor says today)
    consulta: (l, onde, n) => sql`
      select t.id, t.descricao, t.operacao, t.tipo_pagamento, t.quantidade_parcelas, t.possui_entrada,
             t.percentual_entrada::text as percentual_entrada, t.percentual_acrescimo::text as percentual_acrescimo,
             t.percentual_desconto::text as percentual_desconto, t.juros_mensal::text as juros_mensal,
             t.multa::text as multa, t.valor_minimo_parcela::text as valor_minimo_parcela,
             t.valor_minimo_operacao::text as valor_minimo_operacao, t.agente_financeiro_id,
             t.taxa_administracao::text as taxa_administracao, t.prazo_recebimento_dias, t.ativo, t.disponivel_pdv,
             t.versao,
             (select coalesce(jsonb_agg(jsonb_build_object('numero', p.numero, 'dias', p.dias,
                       'percentual', p.percentual::text) order by p.numero), '[]'::jsonb)
                from plano_pagamento_parcela p where p.plano_pagamento_id = t.id) as parcelas,
             (select coalesce(jsonb_agg(jsonb_build_object('id', c.id, 'vigenciaInicio', c.vigencia_inicio::text,
                       'vigenciaFim', c.vigencia_fim::text, 'maxParcelas', c.max_parcelas,
                       'valorMinimoParcela', c.valor_minimo_parcela::text,
                       'taxaAdministracao', c.taxa_administracao::text) order by c.vigencia_inicio), '[]'::jsonb)
                from condicao_pagamento_loja c
               where c.plano_pagamento_id = t.id and c.loja_id = ${l.id} and c.ativo) as condicoes
        from plano_pagamento t where ${onde} order by t.id limit ${lim(n)}`,
    fora: (l, p) => {
      const hoje = hojeNaZona(l.zona);
      return (
        p.ativo === false ||
        p.operacao !== 'VENDA' ||
        p.disponivelPdv === false ||
        !(p.condicoes as CondicaoNaCarga[]).some((c) => c.vigenciaFim === null || c.vigenciaFim >= hoje)
      );
    },
    completar: (l, p) => {
      const hoje = hojeNaZona(l.zona);
      return {
        emVigor: (p.condicoes as CondicaoNaCarga[]).some(
          (c) => c.vigenciaInicio <= hoje && (c.vigenciaFim === null || c.vigenciaFim >= hoje),
        ),
      };
    },
  },
};

interface CondicaoNaCarga {
  vigenciaInicio: string;
  vigenciaFim: string | null;
}

/** `t.<chave> = any(keys)` in the key's type. */
export function pelasChaves(leitor: LeitorDeEntidade, chaves: readonly string[]): RawBuilder<boolean> {
  return leitor.numerica
    ? sql<boolean>`t.${sql.ref(leitor.chave)} = any(${sql.val(chaves.map(Number))}::bigint[])`
    : sql<boolean>`t.${sql.ref(leitor.chave)} = any(${sql.val([...chaves])}::text[])`;
}

/** `t.<chave> > after` (the full load's continuation). */
export function depoisDa(leitor: LeitorDeEntidade, depois: string | null): RawBuilder<boolean> {
  if (depois === null) return sql<boolean>`true`;
  return leitor.numerica
    ? sql<boolean>`t.${sql.ref(leitor.chave)} > ${Number(depois)}`
    : sql<boolean>`t.${sql.ref(leitor.chave)} > ${depois}`;
}
