/**
 * GET /api/v1/financeiro/planos-pagamento/vigentes?lojaId=&data=&operacao=VENDA (domain.md §2.1): the plans
 * a POS may offer in a store on a store-local date (default: the store's today) — active, available at the
 * POS (sales) and enabled there by an active condition in force — with their parcels and the fees that apply
 * (the condition's, else the plan's). Franchise tenants only (403 for TODOS), the caller's stores only (403),
 * 404 for an unknown store, 422 in Portuguese for a bad query. One read.
 */
import {
  consultaPlanosVigentes,
  MSG_PLANO_PAGAMENTO,
  perm,
  type PlanosVigentes,
  TPAG_DO_TIPO,
} from '@retaguarda/domain';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { Database } from '../../db/database';
import { authOf } from '../../plugins/auth';
import { hojeDaLoja } from '../../time';
import { falhasDaEntrada } from '../../workflows';
import { lojaDoPedido } from '../fiscal/cenario-simulacao.routes';

interface Linha {
  id: number;
  descricao: string;
  operacao: string;
  tipoPagamento: keyof typeof TPAG_DO_TIPO;
  quantidadeParcelas: number;
  possuiEntrada: boolean;
  parcelas: { numero: number; dias: number; percentual: string }[];
  maxParcelas: number | null;
  valorMinimoParcela: string | null;
  valorMinimoOperacao: string | null;
  percentualAcrescimo: string | null;
  percentualDesconto: string | null;
  jurosMensal: string | null;
  multa: string | null;
  taxaAdministracao: string | null;
  prazoRecebimentoDias: number | null;
  agenteId: number | null;
  agenteDescricao: string | null;
  especieDocumentoId: number | null;
  condicaoId: number;
  vigenciaInicio: string;
  vigenciaFim: string | null;
}

export async function planoPagamentoRoutes(api: FastifyInstance, opts: { db: Database }) {
  const { db } = opts;
  api.get(
    '/v1/financeiro/planos-pagamento/vigentes',
    {
      config: {
        access: {
          anyOf: [perm('PLANO_PAGAMENTO', 'ACESSO'), perm('CONDICAO_PAGAMENTO_LOJA', 'ACESSO')],
          tipoCliente: 'BOTICARIO',
          entidade: MSG_PLANO_PAGAMENTO.entidade,
        },
      },
      schema: { tags: ['financeiro'] },
    },
    async (request): Promise<PlanosVigentes> => {
      const auth = authOf(request);
      const q = consultaPlanosVigentes.safeParse(request.query ?? {});
      if (!q.success) throw falhasDaEntrada(q.error.issues);
      const { lojaId, operacao } = q.data;
      return db.withTenant(auth.assinanteId, async (trx) => {
        const loja = await lojaDoPedido(trx, auth, lojaId);
        const data = q.data.data ?? (await hojeDaLoja(trx, loja.id)).data;
        // a POS offers sale plans marked for it; a purchase is never made at the POS
        const noPdv = operacao === 'VENDA' ? sql`and p.disponivel_pdv` : sql``;
        const r = await sql<Linha>`
          select p.id, p.descricao, p.operacao, p.tipo_pagamento, p.quantidade_parcelas, p.possui_entrada,
                 coalesce((select json_agg(json_build_object('numero', x.numero, 'dias', x.dias,
                                   'percentual', to_char(x.percentual, 'FM990.00')) order by x.ordem, x.id)
                             from plano_pagamento_parcela x where x.plano_pagamento_id = p.id), '[]') as parcelas,
                 c.max_parcelas, coalesce(c.valor_minimo_parcela, p.valor_minimo_parcela)::text as valor_minimo_parcela,
                 p.valor_minimo_operacao::text as valor_minimo_operacao,
                 p.percentual_acrescimo::text as percentual_acrescimo, p.percentual_desconto::text as percentual_desconto,
                 p.juros_mensal::text as juros_mensal, p.multa::text as multa,
                 coalesce(c.taxa_administracao, p.taxa_administracao)::text as taxa_administracao,
                 p.prazo_recebimento_dias, a.id as agente_id, a.descricao as agente_descricao, p.especie_documento_id,
                 c.id as condicao_id, to_char(c.vigencia_inicio, 'YYYY-MM-DD') as vigencia_inicio,
                 to_char(c.vigencia_fim, 'YYYY-MM-DD') as vigencia_fim
            from condicao_pagamento_loja c
            join plano_pagamento p on p.id = c.plano_pagamento_id
            left join agente_financeiro a on a.id = p.agente_financeiro_id
           where c.loja_id = ${loja.id} and c.ativo and p.ativo and p.operacao = ${operacao} ${noPdv}
             and c.vigencia_inicio <= ${data}::date and (c.vigencia_fim is null or c.vigencia_fim >= ${data}::date)
           order by p.descricao, p.id`.execute(trx);
        return {
          lojaId: loja.id,
          data,
          operacao,
          items: r.rows.map((x) => ({
            id: x.id,
            descricao: x.descricao,
            operacao: x.operacao,
            tipoPagamento: x.tipoPagamento,
            tPag: TPAG_DO_TIPO[x.tipoPagamento],
            quantidadeParcelas: x.quantidadeParcelas,
            maxParcelas: Math.min(x.maxParcelas ?? x.quantidadeParcelas, x.quantidadeParcelas),
            possuiEntrada: x.possuiEntrada,
            parcelas: x.parcelas,
            valorMinimoParcela: x.valorMinimoParcela,
            valorMinimoOperacao: x.valorMinimoOperacao,
            percentualAcrescimo: x.percentualAcrescimo,
            percentualDesconto: x.percentualDesconto,
            jurosMensal: x.jurosMensal,
            multa: x.multa,
            taxaAdministracao: x.taxaAdministracao,
            prazoRecebimentoDias: x.prazoRecebimentoDias,
            agenteFinanceiro: x.agenteId ? { id: x.agenteId, descricao: x.agenteDescricao ?? '' } : null,
            especieDocumentoId: x.especieDocumentoId,
            condicao: { id: x.condicaoId, vigenciaInicio: x.vigenciaInicio, vigenciaFim: x.vigenciaFim },
          })),
        };
      });
    },
  );
}
