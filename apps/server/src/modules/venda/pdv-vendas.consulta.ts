/**
 * The reads of the POS sales exactly as the integrations call them (api-compat.md "Venda / PDV / Financeiro"):
 * - GET /api/v1/venda/cupons-fiscais (+ /{id}): `q` on dataVenda (the store-local sale date: date-only or
 *   `…T00:00:00`/`…T23:59:59`, so a day's range prunes the monthly partitions), dataHoraAberturaCupom,
 *   identificadorId, lojaId…; or `dataVendaInicial`/`dataVendaFinal`; sort `identificadorId`,
 *   `-dataHoraAberturaCupom`; items with `finalizacoes[]` and `itensVenda[]` (tax fields as sold);
 * - GET /api/v1/pdv/recebimentos: the receipts, one row per payment form of each cupom;
 * - GET /api/v1/financeiro/recebimentos-pdv: the BARE ARRAY `[{formaPagamento, valor}]` (`valor` a JSON number
 *   of 2 places: the one exception the backbone allows, as those clients add it up with Array.isArray);
 * - GET /api/v1/pdv/trocas-devolucoes: the returns (`q=id =gt= N`, loops until count == 0);
 * - POST /api/v1/venda/cupons-fiscais: a client's misuse, a JSON 405.
 * Only the caller's stores; VENDA_PDV ACESSO.
 */
import { hojeNaZona, MSG_VENDA_PDV, perm, ZONA_PADRAO } from '@retaguarda/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';
import type { Database, Tx } from '../../db/database';
import { defineList, pagedSql } from '../../http/list';
import { authOf } from '../../plugins/auth';
import { ApiError } from '../../plugins/errors';
import { localIsoText, zonaDaLojaSql } from '../../time';
import { naoEncontrado } from '../../workflows';

const acesso = { access: { anyOf: [perm('VENDA_PDV')], entidade: MSG_VENDA_PDV.entidade } };
const DATA = /^\d{4}-\d{2}-\d{2}/;
const dia = z.string().trim().regex(DATA, 'informe a data (AAAA-MM-DD).').optional();

const CUPONS = defineList({
  extra: { dataVendaInicial: dia, dataVendaFinal: dia },
  filter: {
    id: { column: 'c.id', type: 'number' },
    identificadorId: { column: 'c.identificador_id', type: 'number' },
    lojaId: { column: 'c.loja_id', type: 'number' },
    sequencial: { column: 'c.sequencial', type: 'number' },
    numeroCaixa: { column: 'c.numero_caixa', type: 'number' },
    funcionarioId: { column: 'c.funcionario_id', type: 'number' },
    cancelada: { column: 'c.cancelada', type: 'boolean' },
    dataVenda: { column: 'c.data', type: 'day' },
    data: { column: 'c.data', type: 'day' },
    dataHoraAberturaCupom: { column: 'c.data_hora_abertura', type: 'day' },
  },
  sort: {
    fields: {
      id: 'c.id',
      identificadorId: 'c.identificador_id',
      dataHoraAberturaCupom: 'c.data_hora_abertura',
      dataVenda: 'c.data',
      sequencial: 'c.sequencial',
    },
    default: 'identificadorId',
    id: 'c.identificador_id',
  },
});

const iso = (col: string) => sql`to_char(${sql.ref(col)}, 'YYYY-MM-DD"T"HH24:MI:SS')`;

const COLUNAS_CUPOM = sql`c.id::int8 as id, c.identificador_id::int8 as "identificadorId", c.sequencial::int8 as sequencial,
  lpad(c.numero_caixa::text, 3, '0') as "numeroCaixa", to_char(c.data, 'YYYY-MM-DD') as data,
  ${iso('c.data_hora_abertura')} as "dataVenda", ${iso('c.data_hora_abertura')} as "dataHoraAberturaCupom",
  ${iso('c.data_hora_fechamento')} as "dataHoraFechamentoCupom",
  ${localIsoText(sql.ref('c.criado_em'), zonaDaLojaSql('l'))} as "criadoEm", c.loja_id as "lojaId",
  c.funcionario_id as "funcionarioId", c.cliente_id as "clienteId", c.cpf_na_nota as "cpfNaNota", c.tipo,
  c.valor::text as valor, c.cancelada, c.qtd_itens as "qtdItensCupom", c.qtd_unidades::float8 as "qtdUnidadesCupom",
  c.em_oferta as "temItensVendidoEmOferta", c.chave`;

const cuponsFrom = (lojas: readonly number[], where: unknown) =>
  sql`from cupom_fiscal c join loja l on l.id = c.loja_id
    where c.loja_id = any(${[...lojas]}::int4[]) and ${where as never}`;

interface CupomLinha {
  id: string | number;
  [k: string]: unknown;
}

/** Rows by their cupom, each shaped once. */
function agrupar<R extends { cupomId: string }, S>(linhas: readonly R[], forma: (r: R) => S): Map<string, S[]> {
  const m = new Map<string, S[]>();
  for (const r of linhas) {
    const lista = m.get(r.cupomId);
    if (lista) lista.push(forma(r));
    else m.set(r.cupomId, [forma(r)]);
  }
  return m;
}

/** Items and payments of a page of cupons, two statements for the page (never one per cupom). */
async function completar(trx: Tx, cupons: CupomLinha[]) {
  const ids = cupons.map((c) => Number(c.id));
  if (!ids.length) return [];
  // the page's sale dates prune the monthly partitions of items and receipts
  const datas = [...new Set(cupons.map((c) => String(c.data)))];
  const { rows: itens } = await sql<{ cupomId: string; [k: string]: unknown }>`
    select i.cupom_id::text as "cupomId", i.id::int8 as id, i.sequencia, i.produto_id as "produtoId",
           i.quantidade_venda::text as "quantidadeVenda", i.valor_unidade::text as "valorUnidade",
           i.valor_acrescimo::text as "valorAcrescimo", i.valor_desconto::text as "valorDesconto",
           i.motivo_desconto as "motivoDesconto", i.valor_total::text as "valorTotal",
           i.valor_unidade::text as "precoVenda", i.preco_custo_medio::text as "precoCusto",
           i.preco_custo_medio::text as "precoCustoMedio", i.preco_custo_medio::text as "precoCustoFiscal",
           i.ncm, i.cest, i.origem, i.cfop, coalesce(i.cst, i.csosn) as "tributacaoIcms", i.cst as "cstIcms",
           i.csosn, i.aliquota_icms::text as "aliquotaIcms", i.cst_pis as "cstPis", i.aliquota_pis::text as "aliquotaPis",
           i.cst_cofins as "cstCofins", i.aliquota_cofins::text as "aliquotaCofins", i.cancelado,
           case when i.cancelado then 'CANCELADO' else 'VENDA' end as tipo, 'NORMAL' as "tipoPreco",
           i.codigo_auxiliar_id as "codigoAuxiliarId", i.codigo, i.fator::text as fator,
           i.funcionario_vendedor_id as "funcionarioVendedorId", i.em_oferta as "foiVendidoEmOferta"
      from item_cupom_fiscal i where i.cupom_id = any(${ids}::int8[]) and i.data = any(${datas}::date[])
     order by i.cupom_id, i.sequencia`.execute(trx);
  const { rows: fins } = await sql<{ cupomId: string; [k: string]: unknown }>`
    select r.cupom_id::text as "cupomId", r.forma_pagamento_id as "finalizadoraId",
           r.forma_pagamento_id as "formaPagamentoId", (r.valor + r.troco)::text as valor, r.troco::text as troco,
           r.plano_pagamento_id as "planoPagamentoId", r.parcelas, r.nsu, r.bandeira
      from recebimento_pdv r where r.cupom_id = any(${ids}::int8[]) and r.data = any(${datas}::date[])
     order by r.cupom_id, r.id`.execute(trx);
  // grouped once (a page of 1 000 cupons has ~10 000 items: never a scan of them per cupom)
  const finsDe = agrupar(fins, ({ cupomId: _, ...f }) => f);
  const itensDe = agrupar(itens, ({ cupomId: _, ...i }) => ({ ...i, id: Number(i.id) }));
  return cupons.map((c) => {
    const k = String(c.id);
    return {
      ...c,
      id: Number(c.id),
      identificadorId: Number(c.identificadorId),
      sequencial: Number(c.sequencial),
      finalizacoes: finsDe.get(k) ?? [],
      itensVenda: itensDe.get(k) ?? [],
    };
  });
}

const RECEBIMENTOS = defineList({
  filter: {
    id: { column: 'r.id', type: 'number' },
    lojaId: { column: 'r.loja_id', type: 'number' },
    data: { column: 'r.data', type: 'day' },
    formaPagamentoId: { column: 'r.forma_pagamento_id', type: 'number' },
  },
  sort: { fields: { id: 'r.id', data: 'r.data' }, default: 'id', id: 'r.id' },
});

const TROCAS = defineList({
  filter: {
    id: { column: 'c.id', type: 'number' },
    lojaId: { column: 'c.loja_id', type: 'number' },
    dataVenda: { column: 'c.data', type: 'day' },
  },
  sort: { fields: { id: 'c.id', dataVenda: 'c.data' }, default: 'id', id: 'c.id' },
});

export async function pdvVendasConsultaRoutes(api: FastifyInstance, opts: { db: Database }): Promise<void> {
  const { db } = opts;
  const app = api.withTypeProvider<ZodTypeProvider>();
  const tags = ['venda'];

  app.get(
    '/v1/venda/cupons-fiscais',
    {
      config: acesso,
      schema: { tags, summary: 'Cupons fiscais (vendas do PDV)', querystring: CUPONS.query },
      ...CUPONS.route,
    },
    async (request) => {
      const auth = authOf(request);
      const l = CUPONS.read(request.query);
      const { dataVendaInicial: ini, dataVendaFinal: fim } = l.params as {
        dataVendaInicial?: string;
        dataVendaFinal?: string;
      };
      const where = sql`${l.where} ${ini ? sql`and c.data >= ${ini.slice(0, 10)}::date` : sql``}
        ${fim ? sql`and c.data <= ${fim.slice(0, 10)}::date` : sql``}`;
      return db.withTenant(auth.assinanteId, async (trx) => {
        const r = await pagedSql<CupomLinha>(trx, cuponsFrom(auth.lojas, where), COLUNAS_CUPOM, l);
        return { ...r, items: await completar(trx, r.items) };
      });
    },
  );

  app.get(
    '/v1/venda/cupons-fiscais/:id',
    {
      config: acesso,
      schema: { tags, summary: 'Um cupom fiscal', params: z.object({ id: z.coerce.number().int().positive() }) },
    },
    async (request) => {
      const auth = authOf(request);
      return db.withTenant(auth.assinanteId, async (trx) => {
        const { rows } = await sql<CupomLinha>`select ${COLUNAS_CUPOM}
          ${cuponsFrom(auth.lojas, sql`c.id = ${request.params.id}`)}`.execute(trx);
        if (!rows[0]) throw naoEncontrado('Cupom fiscal não encontrado.');
        return (await completar(trx, rows))[0];
      });
    },
  );

  // a report-style POST some clients send here by mistake: a JSON 405, never the SPA or a 404
  app.post('/v1/venda/cupons-fiscais', { config: acesso, schema: { hide: true } }, async (_request, reply) => {
    reply.header('allow', 'GET');
    throw new ApiError(405, MSG_VENDA_PDV.metodoNaoPermitido);
  });

  app.get(
    '/v1/pdv/recebimentos',
    {
      config: acesso,
      schema: { tags: ['pdv'], summary: 'Recebimentos do PDV por forma de pagamento', querystring: RECEBIMENTOS.query },
      ...RECEBIMENTOS.route,
    },
    async (request) => {
      const auth = authOf(request);
      const l = RECEBIMENTOS.read(request.query);
      return db.withTenant(auth.assinanteId, (trx) =>
        pagedSql(
          trx,
          sql`from recebimento_pdv r join cupom_fiscal c on c.id = r.cupom_id and c.data = r.data
            join forma_pagamento f on f.id = r.forma_pagamento_id
            where r.loja_id = any(${[...auth.lojas]}::int4[]) and ${l.where}`,
          sql`r.id::int8 as id, r.cupom_id::int8 as "cupomId", c.identificador_id::int8 as "identificadorId",
            r.loja_id as "lojaId", lpad(r.numero_caixa::text, 3, '0') as "numeroCaixa", c.sequencial::int8 as sequencial,
            to_char(r.data, 'YYYY-MM-DD') as data, r.forma_pagamento_id as "formaPagamentoId", f.descricao as "formaPagamento",
            r.plano_pagamento_id as "planoPagamentoId", r.valor::text as valor, r.troco::text as troco, r.parcelas,
            r.nsu, r.bandeira, r.taxa_administracao::text as "taxaAdministracao", r.valor_taxa::text as "valorTaxa",
            r.valor_liquido::text as "valorLiquido", to_char(r.data_prevista, 'YYYY-MM-DD') as "dataPrevista"`,
          l,
        ),
      );
    },
  );

  app.get(
    '/v1/financeiro/recebimentos-pdv',
    {
      config: acesso,
      schema: {
        tags: ['financeiro'],
        summary: 'Total recebido no PDV por forma de pagamento no período (lista simples)',
        querystring: z.object({
          inicio: dia,
          fim: dia,
          dataInicio: dia,
          dataFim: dia,
          start: z.coerce.number().int().min(0).optional(),
          count: z.coerce.number().int().min(0).optional(),
        }),
      },
    },
    async (request) => {
      const auth = authOf(request);
      const qs = request.query;
      const hoje = hojeNaZona(ZONA_PADRAO);
      const de = (qs.inicio ?? qs.dataInicio ?? hoje).slice(0, 10);
      const ate = (qs.fim ?? qs.dataFim ?? de).slice(0, 10);
      const { rows } = await db.withTenant(auth.assinanteId, (trx) =>
        sql<{ formaPagamento: string; valor: number }>`
          select f.descricao as "formaPagamento", round(sum(r.valor), 2)::float8 as valor
            from recebimento_pdv r join forma_pagamento f on f.id = r.forma_pagamento_id
           where r.loja_id = any(${[...auth.lojas]}::int4[]) and r.data between ${de}::date and ${ate}::date
           group by f.descricao order by f.descricao`.execute(trx),
      );
      return rows;
    },
  );

  app.get(
    '/v1/pdv/trocas-devolucoes',
    {
      config: acesso,
      schema: { tags: ['pdv'], summary: 'Trocas e devoluções recebidas do PDV', querystring: TROCAS.query },
      ...TROCAS.route,
    },
    async (request) => {
      const auth = authOf(request);
      const l = TROCAS.read(request.query);
      return db.withTenant(auth.assinanteId, async (trx) => {
        const r = await pagedSql<{ id: string; [k: string]: unknown }>(
          trx,
          sql`from cupom_fiscal c where c.tipo = 'DEVOLUCAO' and c.loja_id = any(${[...auth.lojas]}::int4[]) and ${l.where}`,
          sql`c.id::int8 as id, (select x.id from local_estoque x where x.loja_id = coalesce(c.loja_destino_id, c.loja_id)
                and x.ativo and x.permite_venda order by x.padrao_venda desc, x.id limit 1) as "localId", c.loja_id as "lojaId",
              coalesce(c.loja_destino_id, c.loja_id) as "lojaDestinoId",
              c.numero_caixa as "caixaId", c.cliente_id as "clienteId", c.coo_venda::int8 as "cooVenda",
              ${iso('c.data_hora_abertura')} as "dataVenda", c.valor::text as "valorTotal", c.chave is not null as "emitiuNotaFiscal",
              'DEVOLUCAO' as finalidade, c.numero_caixa as "caixaDaTransacao", c.sequencial::int8 as "sequencialDaTransacao",
              ${iso('c.data_hora_abertura')} as "dataDaTransacao"`,
          l,
        );
        const ids = r.items.map((x) => Number(x.id));
        const { rows: itens } = ids.length
          ? await sql<{ cupomId: string; [k: string]: unknown }>`
              select i.cupom_id::text as "cupomId", i.id::int8 as id, i.produto_id as "produtoId",
                     i.funcionario_vendedor_id as "vendedorId", i.quantidade_venda::text as "quantidadeDeItensNoCupom",
                     i.quantidade_venda::text as "quantidadeDeItensDevolvidos", null as "numeroDeSerie",
                     i.valor_unidade::text as "valorUnitario",
                     case when i.quantidade_venda * i.valor_unidade > 0
                       then round(i.valor_desconto * 100 / (i.quantidade_venda * i.valor_unidade), 2)::text else '0.00' end
                       as "percentualDeDesconto",
                     i.valor_total::text as "valorTotalDevolvido"
                from item_cupom_fiscal i where i.cupom_id = any(${ids}::int8[])
               order by i.cupom_id, i.sequencia`.execute(trx)
          : { rows: [] };
        const itensDe = agrupar(itens, ({ cupomId: _, ...i }) => ({ ...i, id: Number(i.id) }));
        return {
          ...r,
          items: r.items.map((c) => ({
            ...c,
            id: Number(c.id),
            itens: itensDe.get(String(c.id)) ?? [],
          })),
        };
      });
    },
  );
}
