/**
 * What a GraphQL request costs, measured on the document AFTER fragment expansion (inline and named
 * fragments, aliases), before anything runs: a root-only count let `{...on Query{…}}` through with
 * 10 000 database queries. Fields are merged by response key as execution merges them, so a field
 * selected twice costs once; every alias is its own resolver call and costs its own.
 *
 * - consultas: root fields that reach the database (every root field but the free ones);
 * - custo: one point per field per row it is produced for (a field inside `items` of a page of
 *   `count` rows costs `count`), plus the rows each paged query reads;
 * - profundidade: nesting depth; introspeccao: whether `__schema`/`__type` is asked.
 */
import {
  type DocumentNode,
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLSchema,
  Kind,
  type OperationDefinitionNode,
  type SelectionSetNode,
  type ValueNode,
} from 'graphql';

/**
 * Types are read by shape, not with graphql's `isObjectType`/`getNamedType`: mercurius loads graphql
 * through require and this module may get the ESM copy, whose instanceof checks refuse the other's.
 */
interface Tipo {
  ofType?: Tipo;
  getFields?: () => Record<string, { args: readonly { name: string }[]; type: Tipo }>;
}
const nomeado = (t: Tipo): Tipo => (t.ofType ? nomeado(t.ofType) : t);
const ehLista = (t: Tipo): boolean => String(t).replace(/!$/, '').startsWith('[');

export const GRAPHQL_LIMITES = {
  profundidade: 6,
  /** root fields that query the database, per request */
  consultas: 10,
  custo: 50_000,
  /** selections visited while expanding fragments (bounds the analysis itself) */
  nos: 20_000,
  /** lexical tokens of the document (bounds the parser) */
  tokens: 50_000,
  linhasPorPagina: 100,
  paginaPadrao: 10,
  /** requests of one user running at once; the next answers 429 */
  simultaneasPorUsuario: 4,
  /** database queries of one user running at once (the others of the user wait their turn) */
  bancoPorUsuario: 2,
} as const;

export interface Custo {
  consultas: number;
  custo: number;
  profundidade: number;
  introspeccao: boolean;
}

/** The request is refused before execution; the message is the user's (pt-BR). */
export class ConsultaRecusada extends Error {}

type Campos = Map<string, FieldNode[]>;

interface Medicao {
  fragmentos: Map<string, FragmentDefinitionNode>;
  operacao: OperationDefinitionNode;
  variaveis: Record<string, unknown>;
  nos: number;
  custo: Custo;
}

/** Fields of a selection set by response key, fragments expanded (CollectFields, conservatively). */
function coletar(m: Medicao, sets: readonly SelectionSetNode[], pilha: string[] = [], out: Campos = new Map()): Campos {
  for (const set of sets) {
    for (const sel of set.selections) {
      if (++m.nos > GRAPHQL_LIMITES.nos)
        throw new ConsultaRecusada(
          `Consulta GraphQL grande demais: mais de ${GRAPHQL_LIMITES.nos} seleções depois de expandir os fragmentos.`,
        );
      if (sel.kind === Kind.FIELD) {
        const chave = sel.alias?.value ?? sel.name.value;
        const lista = out.get(chave);
        if (lista) lista.push(sel);
        else out.set(chave, [sel]);
      } else if (sel.kind === Kind.INLINE_FRAGMENT) {
        coletar(m, [sel.selectionSet], pilha, out);
      } else {
        const nome = sel.name.value;
        const frag = m.fragmentos.get(nome);
        if (!frag || pilha.includes(nome)) continue; // unknown or cyclic: validation reports it
        coletar(m, [frag.selectionSet], [...pilha, nome], out);
      }
    }
  }
  return out;
}

function valor(m: Medicao, v: ValueNode | undefined): unknown {
  if (!v) return undefined;
  if (v.kind === Kind.VARIABLE) {
    const nome = v.name.value;
    if (nome in m.variaveis) return m.variaveis[nome];
    const def = m.operacao.variableDefinitions?.find((d) => d.variable.name.value === nome)?.defaultValue;
    return def ? valor(m, def) : undefined;
  }
  if (v.kind === Kind.INT || v.kind === Kind.FLOAT) return Number(v.value);
  if (v.kind === Kind.NULL) return null;
  return Number.NaN; // anything else: the worst case below
}

/** Rows a paged field reads: its `count` (default page when absent or 0), at most the page limit. */
function linhas(m: Medicao, no: FieldNode): number {
  const arg = no.arguments?.find((a) => a.name.value === 'count');
  const n = valor(m, arg?.value);
  if (n === undefined || n === null || n === 0) return GRAPHQL_LIMITES.paginaPadrao;
  if (typeof n !== 'number' || !Number.isFinite(n) || n < 0) return GRAPHQL_LIMITES.linhasPorPagina;
  return Math.min(Math.ceil(n), GRAPHQL_LIMITES.linhasPorPagina);
}

function medirCampos(
  m: Medicao,
  tipo: Tipo,
  campos: Campos,
  mult: number,
  prof: number,
  pagina: number,
  livres: ReadonlySet<string>,
): void {
  if (!tipo.getFields) return; // scalars and enums
  m.custo.profundidade = Math.max(m.custo.profundidade, prof);
  const defs = tipo.getFields();
  for (const [, nos] of campos) {
    const no = nos[0] as FieldNode;
    const nome = no.name.value;
    if (nome === '__typename') continue;
    if (nome === '__schema' || nome === '__type') {
      m.custo.introspeccao = true;
      continue; // bounded by the schema itself; allowed only when configured
    }
    const def = defs[nome];
    if (!def) continue; // unknown field: validation reports it
    m.custo.custo += mult;
    let tamanho = pagina;
    if (def.args.some((a) => a.name === 'count')) {
      tamanho = linhas(m, no);
      m.custo.custo += mult * tamanho; // the rows the query reads
    }
    if (prof === 1 && !livres.has(nome)) m.custo.consultas++;
    const sets = nos.flatMap((n) => (n.selectionSet ? [n.selectionSet] : []));
    if (!sets.length) continue;
    const lista = ehLista(def.type);
    const filhos = coletar(m, sets);
    medirCampos(m, nomeado(def.type), filhos, lista ? mult * tamanho : mult, prof + 1, tamanho, livres);
  }
}

/**
 * Measures the operation that will run (every operation when the name does not pick one: the
 * worst counts). Throws ConsultaRecusada when the expansion itself is too big.
 */
export function medirCusto(
  schema: GraphQLSchema,
  doc: DocumentNode,
  opts: { operationName?: string; variaveis?: Record<string, unknown>; livres?: readonly string[] } = {},
): Custo {
  const fragmentos = new Map<string, FragmentDefinitionNode>();
  const operacoes: OperationDefinitionNode[] = [];
  for (const d of doc.definitions) {
    if (d.kind === Kind.FRAGMENT_DEFINITION) fragmentos.set(d.name.value, d);
    else if (d.kind === Kind.OPERATION_DEFINITION) operacoes.push(d);
  }
  const escolhida = operacoes.filter((o) => opts.operationName && o.name?.value === opts.operationName);
  const pior: Custo = { consultas: 0, custo: 0, profundidade: 0, introspeccao: false };
  const livres = new Set(opts.livres ?? []);
  for (const operacao of escolhida.length ? escolhida : operacoes) {
    const raiz = operacao.operation === 'query' ? (schema.getQueryType() as Tipo | null | undefined) : undefined;
    const custo: Custo = { consultas: 0, custo: 0, profundidade: 0, introspeccao: false };
    const m: Medicao = { fragmentos, operacao, variaveis: opts.variaveis ?? {}, nos: 0, custo };
    if (raiz) medirCampos(m, raiz, coletar(m, [operacao.selectionSet]), 1, 1, GRAPHQL_LIMITES.paginaPadrao, livres);
    pior.consultas = Math.max(pior.consultas, custo.consultas);
    pior.custo = Math.max(pior.custo, custo.custo);
    pior.profundidade = Math.max(pior.profundidade, custo.profundidade);
    pior.introspeccao ||= custo.introspeccao;
  }
  return pior;
}

/** The first limit the cost breaks, as the user's message; undefined when within budget. */
export function excesso(c: Custo, introspeccaoPermitida: boolean): string | undefined {
  const L = GRAPHQL_LIMITES;
  if (c.introspeccao && !introspeccaoPermitida)
    return 'A introspecção do GraphQL está desativada neste servidor (GRAPHQL_INTROSPECCAO).';
  if (c.consultas > L.consultas)
    return `Consulta GraphQL cara demais: ${c.consultas} consultas ao banco; no máximo ${L.consultas} consultas por requisição, contando apelidos e fragmentos.`;
  if (c.profundidade > L.profundidade) return `Consulta GraphQL profunda demais: no máximo ${L.profundidade} níveis.`;
  if (c.custo > L.custo)
    return `Consulta GraphQL cara demais: custo estimado ${c.custo}, no máximo ${L.custo} (campos × linhas das páginas).`;
  return undefined;
}
