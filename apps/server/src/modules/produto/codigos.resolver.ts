/**
 * Product codes → products as a set (issue #25.2), in ONE statement whatever the number of codes. A code
 * meets the internal codes (`produto.codigo_interno`) and the auxiliary codes (`codigo_auxiliar`: EAN,
 * LITERAL, NUMERICO, each with its pack factor) by the same key the consulta endpoint uses — the code
 * left-padded to 14 (`0789…` from a collector file finds `789…`), stored as `chave_codigo` (migration 0590)
 * and indexed per tenant: one code is an index probe, thousands one pass over the key index, and no function runs per catalogue row
 * (lpad is not LEAKPROOF, so under RLS a computed key could never use an index).
 *
 * Which match wins, for one code:
 * 1. the internal code over any auxiliary code: it is unique per tenant and the store's own key, and the
 *    consulta endpoint (`/produtos/consulta/{codigo}`, the POS lookup) already answers so — one code names the
 *    same product on every screen and device;
 * 2. among auxiliary codes, an active one over an inactive one, then the exact spelling ("0123" over "123"
 *    when both are registered), then the lowest product id, then the lowest code (deterministic).
 * The statement returns every candidate of each distinct key (a handful at most); the choice per code is made
 * here, since two spellings of one key ("0789…", "789…") may prefer different exact matches.
 * With a supplier (`{ fornecedorId }`: a code read from that supplier's document — an NF-e's cProd, an order
 * file) the code also meets the supplier's reference (`produto_fornecedor.referencia`, compared exactly as
 * written, pack factor `embalagem`), and that reference wins: the supplier's "123" is its own code, not the
 * store's internal code 123.
 * A product is usable in the store while it is active: the schema keeps no per-store status yet (no mix or
 * assortment rule restricts sales); when one comes, it is one more join here.
 */
import { type CodigoResolvido, casasPermitidas, MSG_CODIGOS, type OrigemCodigo } from '@retaguarda/domain';
import { CompiledQuery, type Kysely } from 'kysely';
import type pg from 'pg';

/** What the item grid, collector files and POS uploads may send as a code: up to 14 letters or digits. */
const CODIGO = /^[0-9A-Za-z]{1,14}$/;

/** One candidate: a registered code (internal or auxiliary) whose key equals a key sent. */
interface Achado {
  chave: string;
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

/** A supplier's reference as written: any printable text up to 60 characters (their codes carry dashes, dots). */
const REFERENCIA = /^[\x21-\x7E]{1,60}$/;
/** Keys of supplier references never meet the padded keys of codes (those are 14 letters or digits). */
const chaveDaReferencia = (r: string) => `R:${r}`;

/** The supplier's references among the codes, as one statement: the same `Achado` columns. */
const CONSULTA_REFERENCIAS = `
    select 'R:' || pf.referencia as chave, pf.referencia as codigo, pf.produto_id as "produtoId",
           'REFERENCIA_FORNECEDOR' as origem, coalesce(trim_scale(pf.embalagem)::text, '1') as fator,
           pf.ativo as "codigoAtivo", p.descricao, p.ativo, u.sigla,
           u.permite_fracionamento as "permiteFracionamento", u.casas_decimais as "casasDecimais"
      from produto_fornecedor pf join produto p on p.id = pf.produto_id
      left join unidade u on u.id = p.unidade_de_venda_id
     where pf.fornecedor_id = $1 and pf.referencia = any($2::text[])`;

/** The lookup key of a valid code: `lpad(codigo, 14, '0')`, as the stored `chave_codigo` (≤ 14 characters). */
const chaveDe = (codigo: string) => codigo.padStart(14, '0');

/** The keys worth a lookup: of the trimmed, valid codes, each key once. */
export function chavesDistintas(codigos: readonly string[]): string[] {
  const chaves = new Set<string>();
  for (const original of codigos) {
    const codigo = original.trim();
    if (CODIGO.test(codigo)) chaves.add(chaveDe(codigo));
  }
  return [...chaves];
}

/**
 * The one statement (tenant from the transaction's setting: RLS names it on every table): every internal and
 * auxiliary code stored under one of the keys ($1, sent once as a bound array: inlined as a literal, 8 800
 * keys cost the parser more than the lookups), with its product and sale unit, columns named as `Achado`'s
 * fields so the rows need no mapping. Both lookups compare the stored key with `= any(keys)` (leakproof text
 * equality): for a few keys the planner probes the key index; for thousands it reads the tenant's covering key
 * index once (0591: no heap visit) and tests each row against a hash of the keys — about half the time of
 * joining `unnest(keys)`, which hashed the whole catalogue with its columns. The product's columns come from
 * one more join, on its primary key.
 */
const CONSULTA = `
    with achados as materialized (
      select p.chave_codigo as chave, p.codigo_interno as codigo, p.id as produto_id, 'CODIGO_INTERNO' as origem,
             null::numeric as fator, true as codigo_ativo
        from produto p where p.chave_codigo = any($1::text[])
      union all
      select c.chave_codigo, c.id, c.produto_id, c.tipo, c.fator, c.ativo
        from codigo_auxiliar c where c.chave_codigo = any($1::text[])
    )
    select a.chave, a.codigo, a.produto_id as "produtoId", a.origem, coalesce(trim_scale(a.fator)::text, '1') as fator,
           a.codigo_ativo as "codigoAtivo", p.descricao, p.ativo, u.sigla,
           u.permite_fracionamento as "permiteFracionamento", u.casas_decimais as "casasDecimais"
      from achados a join produto p on p.id = a.produto_id left join unidade u on u.id = p.unidade_de_venda_id`;

/** The statement for `chaves`, for a Kysely transaction (`executeQuery`) or an EXPLAIN. */
export const consultaCodigos = (chaves: readonly string[]): CompiledQuery<Achado> =>
  CompiledQuery.raw(CONSULTA, [chaves]);

/** The candidates on a bare client inside a tenant transaction (`withTenantClient`): no per-row mapping at all. */
export async function buscarAchados(client: Pick<pg.ClientBase, 'query'>, chaves: readonly string[]) {
  return chaves.length ? (await client.query<Achado>(CONSULTA, [chaves])).rows : [];
}

/** Whether candidate `a` wins over `b` for `codigo` (the order the module's comment gives). */
function vence(a: Achado, b: Achado, codigo: string): boolean {
  const refA = a.origem === 'REFERENCIA_FORNECEDOR';
  if (refA !== (b.origem === 'REFERENCIA_FORNECEDOR')) return refA;
  const internoA = a.origem === 'CODIGO_INTERNO';
  if (internoA !== (b.origem === 'CODIGO_INTERNO')) return internoA;
  if (a.codigoAtivo !== b.codigoAtivo) return a.codigoAtivo;
  const exatoA = a.codigo === codigo;
  if (exatoA !== (b.codigo === codigo)) return exatoA;
  if (a.produtoId !== b.produtoId) return a.produtoId < b.produtoId;
  return a.codigo < b.codigo;
}

function naoResolvido(codigo: string, motivo: string): CodigoResolvido {
  return {
    codigo,
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

function resolvido(original: string, a: Achado): CodigoResolvido {
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
}

/** The answer for every code sent, in its order (repeated codes repeat their answer). */
export function respostasPorCodigo(codigos: readonly string[], achados: readonly Achado[]): CodigoResolvido[] {
  const porChave = new Map<string, Achado[]>();
  for (const a of achados) {
    const lista = porChave.get(a.chave);
    if (lista) lista.push(a);
    else porChave.set(a.chave, [a]);
  }
  const melhor = (codigo: string): Achado | undefined => {
    const lista = [
      ...(CODIGO.test(codigo) ? (porChave.get(chaveDe(codigo)) ?? []) : []),
      ...(porChave.get(chaveDaReferencia(codigo)) ?? []),
    ];
    if (!lista.length) return undefined;
    let m = lista[0]!;
    for (let i = 1; i < lista.length; i++) if (vence(lista[i]!, m, codigo)) m = lista[i]!;
    return m;
  };
  const respostas = new Map<string, CodigoResolvido>();
  return codigos.map((original) => {
    const pronta = respostas.get(original);
    if (pronta) return pronta; // a repeated code repeats its answer (the same object: nothing mutates answers)
    const codigo = original.trim();
    const a = melhor(codigo);
    const valido = a !== undefined || CODIGO.test(codigo);
    const resposta = a
      ? resolvido(original, a)
      : naoResolvido(original, valido ? MSG_CODIGOS.naoEncontrado : MSG_CODIGOS.codigoInvalido);
    respostas.set(original, resposta);
    return resposta;
  });
}

/**
 * Resolves `codigos` inside a transaction the caller already holds (a workflow step, a job's chunk): one
 * statement. `executor` is the tenant transaction (Kysely `Tx`).
 */
export async function resolverCodigos(
  executor: Pick<Kysely<unknown>, 'executeQuery'>,
  codigos: readonly string[],
  opcoes: { fornecedorId?: number } = {},
): Promise<CodigoResolvido[]> {
  const chaves = chavesDistintas(codigos);
  const achados: Achado[] = chaves.length ? [...(await executor.executeQuery(consultaCodigos(chaves))).rows] : [];
  if (opcoes.fornecedorId !== undefined) {
    const refs = [...new Set(codigos.map((c) => c.trim()).filter((c) => REFERENCIA.test(c)))];
    if (refs.length)
      achados.push(
        ...(
          await executor.executeQuery(
            CompiledQuery.raw(CONSULTA_REFERENCIAS, [opcoes.fornecedorId, refs]) as CompiledQuery<Achado>,
          )
        ).rows,
      );
  }
  return respostasPorCodigo(codigos, achados);
}
