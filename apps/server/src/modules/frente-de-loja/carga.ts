/**
 * The POS change feed: the full load (paged over the fed tables, from a cursor taken before reading them) and
 * the incremental feed (the change log after the marker, through the commit-safe sync cursor: no change
 * committed behind a marker is ever skipped, whatever the commit order of concurrent writers).
 */
import {
  type Carga,
  ENTIDADES_CARGA,
  type EntidadeCarga,
  falhaDeCampo,
  LIMITE_CARGA_PADRAO,
  MSG,
  MSG_CARGA,
} from '@retaguarda/domain';
import { sql } from 'kysely';
import type { Database } from '../../db/database';
import { ApiError } from '../../plugins/errors';
import { CURSOR_INICIAL, type Cursor, cursorDoFuturo, cursorDoHorizonte, lerCursor, lerDesde } from '../../sync/cursor';
import { depoisDa, LEITORES, type LojaDaCarga, pelasChaves } from './carga.entidades';

export interface PedidoDeCarga {
  dataUltimaAlteracao?: string | null;
  marcador?: string | null;
  entidades?: readonly EntidadeCarga[] | null;
  limite?: number | null;
}

/** Where a full load stands: entity index, last key read, and the cursor the incremental feed starts from. */
interface Continuacao {
  e: number;
  k: string | null;
  c: Cursor;
}

const codificar = (c: Continuacao) => `C${Buffer.from(JSON.stringify(c)).toString('base64url')}`;
const invalido = (msg: string = MSG_CARGA.marcadorInvalido) =>
  new ApiError(422, MSG.validacao, [falhaDeCampo('marcador', msg)]);

function decodificar(marcador: string): Continuacao {
  try {
    const c = JSON.parse(Buffer.from(marcador.slice(1), 'base64url').toString('utf8')) as Continuacao;
    if (Number.isInteger(c.e) && c.e >= 0 && (c.k === null || typeof c.k === 'string') && lerCursor(c.c)) return c;
  } catch {
    // falls through to the refusal
  }
  throw invalido();
}

/**
 * The answer as JSON text: `alterados` is a list of fragments (the big entities' rows built by PostgreSQL as
 * JSON, never parsed nor re-serialised here; the small ones serialised from objects), joined on send.
 */
export interface CargaEmTexto {
  alterados: string[];
  removidos: Carga['removidos'];
  marcador: string;
  temMais: boolean;
  /** how many records `alterados` holds */
  quantos: number;
}

/** `{alterados, removidos, marcador, temMais}` as one JSON text (what the route sends; XML converts from it). */
export function cargaComoJson(c: CargaEmTexto): string {
  return `{"alterados":[${c.alterados.filter((x) => x).join(',')}],"removidos":${JSON.stringify(c.removidos)},"marcador":${JSON.stringify(c.marcador)},"temMais":${c.temMais}}`;
}

export async function lerCarga(
  db: Database,
  assinanteId: number,
  loja: LojaDaCarga,
  p: PedidoDeCarga,
): Promise<CargaEmTexto> {
  const entidades = p.entidades?.length ? [...new Set(p.entidades)] : [...ENTIDADES_CARGA];
  const limite = p.limite ?? LIMITE_CARGA_PADRAO;
  if (p.marcador && !p.marcador.startsWith('C')) {
    if (!lerCursor(p.marcador)) throw invalido();
    if (await cursorDoFuturo(db, assinanteId, p.marcador)) throw invalido(MSG_CARGA.marcadorFuturo);
    return incremental(db, assinanteId, loja, entidades, p.marcador, limite);
  }
  if (!p.marcador && p.dataUltimaAlteracao)
    return incremental(db, assinanteId, loja, entidades, CURSOR_INICIAL, limite, p.dataUltimaAlteracao);
  const inicio = p.marcador ? decodificar(p.marcador) : { e: 0, k: null, c: await cursorDoHorizonte(db, assinanteId) };
  const r = await completa(db, assinanteId, loja, entidades, inicio, limite);
  if (!p.marcador && !r.quantos) throw new ApiError(404, MSG_CARGA.naoDisponivel);
  return r;
}

/** Entity rows of one page: their JSON fragments, how many, and their keys in order. */
interface Pagina {
  json: string;
  n: number;
  chaves: string[];
}

/** snake_case keys of row_to_json → the camelCase the API speaks (keys only: a key follows `{` or `,`). */
const CHAVE_SNAKE = /([{,])"([a-z0-9]+(?:_[a-z0-9]+)+)":/g;
const camel = (json: string) =>
  json.replace(
    CHAVE_SNAKE,
    (_m, antes: string, k: string) => `${antes}"${k.replace(/_([a-z0-9])/g, (_x, c: string) => c.toUpperCase())}":`,
  );

/**
 * One page of an entity: a reader without JS-side rules (`fora`, `completar`) has PostgreSQL build each
 * `{entidade, id, dados}` as JSON text (row_to_json, aggregated in key order): no row object, no camelCase pass
 * per row, no serialisation here. The others read rows and serialise them (small registers).
 */
async function pagina(
  db: Database,
  assinanteId: number,
  entidade: EntidadeCarga,
  loja: LojaDaCarga,
  onde: ReturnType<typeof depoisDa>,
  limite: number,
): Promise<Pagina> {
  const leitor = LEITORES[entidade];
  if (!leitor.fora && !leitor.completar) {
    const chave = sql.ref(`t.${leitor.chave}`);
    const [r] = await db.readOnce(
      assinanteId,
      sql<{ json: string | null; n: number; chaves: string[] | null }>`
        select string_agg('{"entidade":"' || ${entidade}::text || '","id":' || to_json(${chave}::text)::text
                          || ',"dados":' || row_to_json(t)::text || '}', ',' order by ${chave}) as json,
               count(*)::int as n, array_agg(${chave}::text order by ${chave}) as chaves
          from (${leitor.consulta(loja, onde, limite)}) t`,
    );
    return { json: r?.json ? camel(r.json) : '', n: r?.n ?? 0, chaves: r?.chaves ?? [] };
  }
  const linhas = await db.readOnce(assinanteId, leitor.consulta(loja, onde, limite));
  const partes: string[] = [];
  const chaves: string[] = [];
  for (const l of linhas) {
    const id = String(l[leitor.chave]);
    chaves.push(id);
    if (!leitor.fora?.(loja, l))
      partes.push(JSON.stringify({ entidade, id, dados: { ...l, ...leitor.completar?.(loja, l) } }));
  }
  return { json: partes.join(','), n: partes.length, chaves };
}

async function completa(
  db: Database,
  assinanteId: number,
  loja: LojaDaCarga,
  entidades: EntidadeCarga[],
  c: Continuacao,
  limite: number,
): Promise<CargaEmTexto> {
  const alterados: string[] = [];
  let quantos = 0;
  let lidas = 0;
  let k = c.k;
  for (let e = c.e; e < entidades.length; e++) {
    const entidade = entidades[e]!;
    const leitor = LEITORES[entidade];
    const restante = limite - lidas;
    const p = await pagina(db, assinanteId, entidade, loja, depoisDa(leitor, k), restante);
    alterados.push(p.json);
    quantos += p.n;
    lidas += p.chaves.length;
    if (p.chaves.length === restante) {
      const ultima = p.chaves.at(-1)!;
      return { alterados, removidos: [], marcador: codificar({ e, k: ultima, c: c.c }), temMais: true, quantos };
    }
    k = null;
  }
  return { alterados, removidos: [], marcador: c.c, temMais: false, quantos };
}

async function incremental(
  db: Database,
  assinanteId: number,
  loja: LojaDaCarga,
  entidades: EntidadeCarga[],
  cursor: Cursor,
  limite: number,
  desde?: string,
): Promise<CargaEmTexto> {
  const filtro = sql`t.entidade = any(${sql.val(entidades)}::text[]) and (t.loja_id is null or t.loja_id = ${loja.id})
    ${desde ? sql`and t.registrado_em >= ${desde}::timestamp at time zone ${loja.zona}` : sql``}`;
  const pagina0 = await lerDesde<{ entidade: EntidadeCarga; chave: string }>(
    db,
    assinanteId,
    'carga_alteracao',
    cursor,
    Math.min(limite, 1000),
    filtro,
  );
  const porEntidade = new Map<EntidadeCarga, Set<string>>();
  for (const l of pagina0.linhas) {
    const set = porEntidade.get(l.entidade) ?? new Set<string>();
    set.add(l.chave);
    porEntidade.set(l.entidade, set);
  }
  const alterados: string[] = [];
  const removidos: Carga['removidos'] = [];
  let quantos = 0;
  for (const entidade of entidades) {
    const chaves = [...(porEntidade.get(entidade) ?? [])];
    if (!chaves.length) continue;
    const leitor = LEITORES[entidade];
    const p = await pagina(db, assinanteId, entidade, loja, pelasChaves(leitor, chaves), chaves.length);
    alterados.push(p.json);
    quantos += p.n;
    // a key the reader did not send (deleted, another store's, a message out of force) is removed
    const enviadas = p.n === p.chaves.length ? new Set(p.chaves) : enviadasDe(p);
    for (const chave of chaves) if (!enviadas.has(chave)) removidos.push({ entidade, id: chave });
  }
  return {
    alterados,
    removidos,
    marcador: pagina0.cursor,
    temMais: pagina0.linhas.length === Math.min(limite, 1000),
    quantos,
  };
}

/** The keys a page actually sent (a reader with `fora` skipped some rows): read from its fragments. */
function enviadasDe(p: Pagina): Set<string> {
  return new Set((JSON.parse(`[${p.json}]`) as { id: string }[]).map((x) => x.id));
}
