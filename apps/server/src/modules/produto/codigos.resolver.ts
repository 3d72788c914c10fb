/**
 * Product codes → products as a set (issue #25.2), in ONE statement whatever the number of codes: the
 * distinct codes travel as one array (`unnest`) and meet the internal codes (`produto.codigo_interno`) and the
 * auxiliary codes (`codigo_auxiliar`: EAN, LITERAL, NUMERICO, each with its pack factor) by the same key the
 * consulta endpoint uses — the code left-padded to 14 (`0789…` from a collector file finds `789…`), on the
 * (assinante_id, lpad(…, 14, '0')) indexes of migration 0013.
 *
 * Which match wins, for one code:
 * 1. the internal code over any auxiliary code: it is unique per tenant and the store's own key, and the
 *    consulta endpoint (`/produtos/consulta/{codigo}`, the POS lookup) already answers so — one code names the
 *    same product on every screen and device;
 * 2. among auxiliary codes, an active one over an inactive one, then the exact spelling ("0123" over "123"
 *    when both are registered), then the lowest product id (deterministic).
 * A product is usable in the store while it is active: the schema keeps no per-store status yet (no mix or
 * assortment rule restricts sales); when one comes, it is one more join here.
 */
import { type CodigoResolvido, casasPermitidas, MSG_CODIGOS, type OrigemCodigo } from '@retaguarda/domain';
import { type RawBuilder, sql } from 'kysely';

/** What the item grid, collector files and POS uploads may send as a code: up to 14 letters or digits. */
const CODIGO = /^[0-9A-Za-z]{1,14}$/;

interface Achado {
  codigo: string;
  produtoId: number;
  origem: OrigemCodigo;
  fator: string;
  codigoAtivo: boolean;
  descricao: string;
  ativo: boolean;
  sigla: string | null;
  permiteFracionamento: boolean | null;
  casasDecimais: number | null;
}

/** The codes worth a lookup: trimmed, valid, each once. */
export function codigosDistintos(codigos: readonly string[]): string[] {
  return [...new Set(codigos.map((c) => c.trim()).filter((c) => CODIGO.test(c)))];
}

/**
 * The one statement (tenant from the transaction's setting: RLS names it on every table): one row per code
 * found, keyed by its position in `distintos` (an integer sorts faster than the text). Both lookups are hash
 * joins of the codes against the tenant's codes; the product's columns come along, so no per-code probe.
 */
export function consultaCodigos(distintos: readonly string[]): RawBuilder<Achado> {
  return sql<Achado>`
    with e as (
      select c.i, c.codigo, lpad(c.codigo, 14, '0') as chave
        from unnest(${distintos}::text[]) with ordinality as c(codigo, i)
    ),
    auxiliares as materialized (
      select e.i, e.codigo, c.produto_id, c.ativo, c.id = e.codigo as exato, c.fator, c.tipo
        from e join codigo_auxiliar c on lpad(c.id, 14, '0') = e.chave
    ),
    achados as (
      select e.i, e.codigo, p.id as produto_id, 0 as prioridade, true as codigo_ativo,
             p.codigo_interno = e.codigo as exato, 1::numeric as fator, 'CODIGO_INTERNO' as origem,
             p.descricao, p.ativo, p.unidade_de_venda_id
        from e join produto p on lpad(p.codigo_interno, 14, '0') = e.chave
      union all
      select a.i, a.codigo, a.produto_id, 1, a.ativo, a.exato, a.fator, a.tipo, p.descricao, p.ativo, p.unidade_de_venda_id
        from auxiliares a join produto p on p.id = a.produto_id
    ),
    melhor as (
      select distinct on (i) * from achados order by i, prioridade, codigo_ativo desc, exato desc, produto_id
    )
    select m.codigo, m.produto_id, m.origem, trim_scale(m.fator)::text as fator, m.codigo_ativo,
           m.descricao, m.ativo, u.sigla, u.permite_fracionamento, u.casas_decimais
      from melhor m left join unidade u on u.id = m.unidade_de_venda_id`;
}

/** The answer for every code sent, in its order (repeated codes repeat their answer). */
export function respostasPorCodigo(codigos: readonly string[], achados: readonly Achado[]): CodigoResolvido[] {
  const porCodigo = new Map(achados.map((a) => [a.codigo, a]));
  return codigos.map((original) => {
    const codigo = original.trim();
    const a = CODIGO.test(codigo) ? porCodigo.get(codigo) : undefined;
    if (!a) {
      const motivo = CODIGO.test(codigo) ? MSG_CODIGOS.naoEncontrado : MSG_CODIGOS.codigoInvalido;
      return {
        codigo: original,
        produtoId: null,
        descricao: null,
        origem: null,
        unidade: null,
        casasDecimais: null,
        fator: null,
        ativoNaLoja: false,
        motivo,
      };
    }
    const ativoNaLoja = a.ativo && a.codigoAtivo;
    return {
      codigo: original,
      produtoId: a.produtoId,
      descricao: a.descricao,
      origem: a.origem,
      unidade: a.sigla,
      casasDecimais:
        a.casasDecimais === null
          ? 0
          : casasPermitidas({ permiteFracionamento: !!a.permiteFracionamento, casasDecimais: a.casasDecimais }),
      fator: a.fator,
      ativoNaLoja,
      motivo: ativoNaLoja ? null : a.ativo ? MSG_CODIGOS.codigoInativo : MSG_CODIGOS.produtoInativo,
    };
  });
}

/**
 * Resolves `codigos` inside a transaction the caller already holds (a workflow step, a job's chunk): one
 * statement. `executor` is the tenant transaction (Kysely `Tx`).
 */
export async function resolverCodigos(
  executor: Parameters<RawBuilder<Achado>['execute']>[0],
  codigos: readonly string[],
): Promise<CodigoResolvido[]> {
  const distintos = codigosDistintos(codigos);
  const achados = distintos.length ? (await consultaCodigos(distintos).execute(executor)).rows : [];
  return respostasPorCodigo(codigos, achados);
}
