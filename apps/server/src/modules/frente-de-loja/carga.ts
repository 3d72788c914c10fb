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

export async function lerCarga(db: Database, assinanteId: number, loja: LojaDaCarga, p: PedidoDeCarga): Promise<Carga> {
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
  if (!p.marcador && !r.alterados.length) throw new ApiError(404, MSG_CARGA.naoDisponivel);
  return r;
}

async function completa(
  db: Database,
  assinanteId: number,
  loja: LojaDaCarga,
  entidades: EntidadeCarga[],
  c: Continuacao,
  limite: number,
): Promise<Carga> {
  const alterados: Carga['alterados'] = [];
  let k = c.k;
  for (let e = c.e; e < entidades.length; e++) {
    const entidade = entidades[e]!;
    const leitor = LEITORES[entidade];
    const restante = limite - alterados.length;
    const linhas = await db.readOnce(assinanteId, leitor.consulta(loja, depoisDa(leitor, k), restante));
    for (const l of linhas)
      if (!leitor.fora?.(loja, l))
        alterados.push({ entidade, id: String(l[leitor.chave]), dados: { ...l, ...leitor.completar?.(loja, l) } });
    if (linhas.length === restante) {
      const ultima = String(linhas.at(-1)![leitor.chave]);
      return { alterados, removidos: [], marcador: codificar({ e, k: ultima, c: c.c }), temMais: true };
    }
    k = null;
  }
  return { alterados, removidos: [], marcador: c.c, temMais: false };
}

async function incremental(
  db: Database,
  assinanteId: number,
  loja: LojaDaCarga,
  entidades: EntidadeCarga[],
  cursor: Cursor,
  limite: number,
  desde?: string,
): Promise<Carga> {
  const filtro = sql`t.entidade = any(${sql.val(entidades)}::text[]) and (t.loja_id is null or t.loja_id = ${loja.id})
    ${desde ? sql`and t.registrado_em >= ${desde}::timestamp at time zone ${loja.zona}` : sql``}`;
  const pagina = await lerDesde<{ entidade: EntidadeCarga; chave: string }>(
    db,
    assinanteId,
    'carga_alteracao',
    cursor,
    Math.min(limite, 1000),
    filtro,
  );
  const porEntidade = new Map<EntidadeCarga, Set<string>>();
  for (const l of pagina.linhas) {
    const set = porEntidade.get(l.entidade) ?? new Set<string>();
    set.add(l.chave);
    porEntidade.set(l.entidade, set);
  }
  const alterados: Carga['alterados'] = [];
  const removidos: Carga['removidos'] = [];
  for (const entidade of entidades) {
    const chaves = [...(porEntidade.get(entidade) ?? [])];
    if (!chaves.length) continue;
    const leitor = LEITORES[entidade];
    const linhas = await db.readOnce(assinanteId, leitor.consulta(loja, pelasChaves(leitor, chaves), chaves.length));
    const vivas = new Map(linhas.filter((l) => !leitor.fora?.(loja, l)).map((l) => [String(l[leitor.chave]), l]));
    for (const chave of chaves) {
      const l = vivas.get(chave);
      if (l) alterados.push({ entidade, id: chave, dados: { ...l, ...leitor.completar?.(loja, l) } });
      else removidos.push({ entidade, id: chave });
    }
  }
  return { alterados, removidos, marcador: pagina.cursor, temMais: pagina.linhas.length === Math.min(limite, 1000) };
}
