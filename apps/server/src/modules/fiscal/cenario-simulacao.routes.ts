/**
 * Simulador de cenários fiscais (domain.md §3.5): POST /api/v1/fiscal/cenarios-fiscais/simular
 * {produtoId, lojaId, tipoOperacao, modelo, ufDestino, data?, valor?, quantidade?, frete?, desconto?,
 * ramoAtuacaoId?} → the engine's result (CFOP, CST/CSOSN, ICMS, ST, DIFAL, IPI, PIS/COFINS) with every candidate
 * rule and why it applied or lost. PERM_CENARIOS_FISCAIS_ACESSO, the caller's stores only (403), 404 for an
 * unknown product or store, 422 in Portuguese. Reads only: a handful of indexed lookups, then pure functions.
 */
import {
  type EntradaSimulacao,
  entradaSimulacao,
  hojeNaZona,
  type LojaMotor,
  MSG_CENARIO,
  perm,
  type RegimeApuracao,
  resolverTributacao,
  resultadoSimulacao,
  zonaDaLoja,
} from '@retaguarda/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import type { Database, Tx } from '../../db/database';
import type { AuthContext } from '../../plugins/auth';
import { authOf } from '../../plugins/auth';
import { MSG_COMANDO, naoEncontrado, proibido, recusar } from '../../workflows';
import { regrasNcm, regrasOperacao } from './cenario-simulacao.regras';

const tags = ['fiscal'];
export const ACESSO_CENARIOS = {
  access: { anyOf: [perm('CENARIOS_FISCAIS')], entidade: 'cenários fiscais' },
};

interface LojaLida extends LojaMotor {
  id: number;
  fantasia: string;
  codigoIbge: string | null;
}

/** The store of the request: 404 when absent, 403 outside the caller's stores. */
export async function lojaDoPedido(trx: Tx, auth: Pick<AuthContext, 'lojas'>, lojaId: number): Promise<LojaLida> {
  const r = await sql<{
    id: number;
    sigla: string;
    fantasia: string;
    uf: LojaMotor['uf'];
    crt: number;
    regimeApuracao: RegimeApuracao;
    codigoIbge: string | null;
  }>`select id, sigla, fantasia, uf, crt, regime_apuracao, codigo_ibge from loja where id = ${lojaId}`.execute(trx);
  const l = r.rows[0];
  if (!l) throw naoEncontrado(MSG_COMANDO.lojaNaoEncontrada);
  if (!auth.lojas.includes(l.id)) throw proibido(MSG_COMANDO.lojaForaDoEscopo(l));
  return { ...l, crt: l.crt as LojaMotor['crt'] };
}

export async function simular(trx: Tx, auth: Pick<AuthContext, 'lojas'>, e: EntradaSimulacao) {
  const loja = await lojaDoPedido(trx, auth, e.lojaId);
  // the product with what the engine needs of it in one round trip: the store's price, the NCM's group
  // (longest code/prefix of an active group, domain.md §3.6) and the recipient's indIEDest
  const { rows: produtos } = await sql<{
    id: number;
    descricao: string;
    ncm: string | null;
    cest: string | null;
    origem: string | null;
    preco: string | null;
    grupo: number | null;
    ramos: number;
    ind: string | null;
  }>`select p.id, p.descricao, nullif(trim(p.ncm_id), '') as ncm, nullif(trim(p.cest), '') as cest, p.origem,
            (select pr.preco_venda1::text from preco pr where pr.produto_id = p.id and pr.loja_id = ${loja.id}) as preco,
            (select i.grupo_ncm_id from grupo_ncm_item i join grupo_ncm g on g.id = i.grupo_ncm_id and g.ativo
              where p.ncm_id like i.ncm || '%' order by length(i.ncm) desc, i.grupo_ncm_id limit 1) as grupo,
            (select count(*) from ramo_atuacao r where r.id = ${e.ramoAtuacaoId})::int as ramos,
            (select r.ind_ie_dest from ramo_atuacao r where r.id = ${e.ramoAtuacaoId}) as ind
       from produto p where p.id = ${e.produtoId}`.execute(trx);
  const produto = produtos[0];
  if (!produto) throw naoEncontrado(MSG_CENARIO.produtoNaoEncontrado);
  const valor = e.valor ?? produto.preco;
  if (!valor) throw recusar('valor', MSG_CENARIO.produtoSemValor);
  if (e.ramoAtuacaoId && !produto.ramos) throw recusar('ramoAtuacaoId', MSG_CENARIO.ramoNaoEncontrado);
  const { ncm, grupo } = produto;
  // one connection per transaction: the two rule reads go one after the other
  const ncmRegras = ncm ? await regrasNcm(trx, [ncm], grupo ? [grupo] : []) : [];
  const opRegras = await regrasOperacao(trx, e.tipoOperacao, e.modelo);
  const data = e.data ?? hojeNaZona(zonaDaLoja(loja));
  const origem = produto.origem ?? '0';
  const resultado = resolverTributacao({
    produto: { ncm, cest: produto.cest, origem, grupoNcmId: grupo },
    loja,
    operacao: {
      tipo: e.tipoOperacao,
      modelo: e.modelo,
      finalidade: e.finalidade,
      ufContraparte: e.ufDestino,
      ramoAtuacaoId: e.ramoAtuacaoId,
      contribuinte: produto.ind === '1',
    },
    data,
    valores: {
      valorUnitario: valor,
      quantidade: e.quantidade,
      frete: e.frete,
      desconto: e.desconto,
    },
    candidatos: { ncm: ncmRegras, operacao: opRegras },
  });
  if (!ncm) resultado.faltando.unshift(MSG_CENARIO.produtoSemNcm);
  return {
    ...resultado,
    completo: resultado.completo && !!ncm,
    produto: { id: produto.id, descricao: produto.descricao, ncm, cest: produto.cest, origem },
    loja: { id: loja.id, fantasia: loja.fantasia, uf: loja.uf, crt: loja.crt },
    ufDestino: e.ufDestino,
    data,
    quantidade: e.quantidade,
    valorUnitario: valor,
  };
}

export async function cenarioSimulacaoRoutes(api: FastifyInstance, opts: { db: Database }): Promise<void> {
  const app = api.withTypeProvider<ZodTypeProvider>();
  const { db } = opts;
  app.post(
    '/v1/fiscal/cenarios-fiscais/simular',
    {
      config: ACESSO_CENARIOS,
      schema: {
        tags,
        summary: 'Simula a tributação de um produto numa loja e operação (regras aplicadas e descartadas)',
        body: entradaSimulacao,
        response: { 200: resultadoSimulacao },
      },
    },
    async (request) => {
      const auth = authOf(request);
      return db.withTenant(auth.assinanteId, (trx) => simular(trx, auth, request.body));
    },
  );
}
