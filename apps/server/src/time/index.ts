/**
 * Store-local time in SQL. The zones themselves are the domain's (packages/domain/src/tempo/zonas.ts:
 * a store's zone from its UF, Noronha by its município; ZONA_PADRAO for rows of no store); this module
 * only renders them for PostgreSQL, so a list compares and prints each row in its own store's zone,
 * set-based (one expression per row, no per-row JS). API dates travel as local ISO text (api-compat "Dates").
 */
import {
  fimDoDia,
  hojeNaZona,
  IBGE_FERNANDO_DE_NORONHA,
  ZONA_DA_UF,
  ZONA_PADRAO,
  zonaDaLoja,
} from '@retaguarda/domain';
import { type Expression, type RawBuilder, sql } from 'kysely';
import type { Tx } from '../db/database';

/** A zone: a fixed IANA name, or an SQL expression giving one per row (`zonaDaLojaIdSql`). */
export type Zona = string | Expression<string>;

const zonaSql = (zona: Zona) => (typeof zona === 'string' ? sql.lit(zona) : zona);

const NORONHA = zonaDaLoja({ uf: 'PE', codigoIbge: IBGE_FERNANDO_DE_NORONHA });
const POR_UF = sql.join(
  Object.entries(ZONA_DA_UF)
    .filter(([, z]) => z !== ZONA_PADRAO)
    .map(([uf, z]) => sql`when ${sql.lit(uf)} then ${sql.lit(z)}`),
  sql` `,
);

/** The zone of a `loja` row (`alias`): the domain's table as one CASE (zonaDaLoja, the same answers). */
export function zonaDaLojaSql(alias: string): RawBuilder<string> {
  const uf = sql.ref(`${alias}.uf`);
  const ibge = sql.ref(`${alias}.codigo_ibge`);
  return sql<string>`(case when trim(${ibge}) = ${sql.lit(IBGE_FERNANDO_DE_NORONHA)} then ${sql.lit(NORONHA)}
    else case upper(trim(${uf})) ${POR_UF} else ${sql.lit(ZONA_PADRAO)} end end)`;
}

/** The zone of the store whose id is `lojaId` (a column of the row): the default zone for no store. */
export function zonaDaLojaIdSql(lojaId: Expression<unknown>): RawBuilder<string> {
  return sql<string>`coalesce((select ${zonaDaLojaSql('z')} from loja z where z.id = ${lojaId}), ${sql.lit(ZONA_PADRAO)})`;
}

/** The zone of a store of the current tenant (the default zone when the store is not visible). */
export async function zonaDaLojaId(trx: Tx, lojaId: number): Promise<string> {
  const { rows } = await sql<{ uf: string; codigoIbge: string | null }>`
    select uf, codigo_ibge from loja where id = ${lojaId}`.execute(trx);
  return rows[0] ? zonaDaLoja(rows[0]) : ZONA_PADRAO;
}

/** "Today" at a store (by the domain's clock, tempo/relogio.ts) and the last instant of that day. */
export async function hojeDaLoja(trx: Tx, lojaId: number): Promise<{ zona: string; data: string; fimDoDia: Date }> {
  const zona = await zonaDaLojaId(trx, lojaId);
  const data = hojeNaZona(zona);
  return { zona, data, fimDoDia: fimDoDia(data, zona) };
}

/** A timestamptz as local ISO text `YYYY-MM-DDTHH:mm:ss` in `zona` (clients slice the first 19 characters). */
export function localIsoText(value: Expression<unknown>, zona: Zona = ZONA_PADRAO): RawBuilder<string> {
  return sql<string>`to_char(${value} at time zone ${zonaSql(zona)}, 'YYYY-MM-DD"T"HH24:MI:SS')`;
}

/** A local date or date-time text (no offset) as the instant it means in `zona`. */
export function atLocalTime(text: string, zona: Zona = ZONA_PADRAO): RawBuilder<Date> {
  return sql<Date>`(${text}::timestamp at time zone ${zonaSql(zona)})`;
}

/** The first instant of the local day after `dia` (YYYY-MM-DD) in `zona`: that day's exclusive end. */
export function nextLocalDay(dia: string, zona: Zona = ZONA_PADRAO): RawBuilder<Date> {
  return sql<Date>`((${dia}::date + 1)::timestamp at time zone ${zonaSql(zona)})`;
}

/** An instant text with an offset as the local wall clock (timestamp) it reads in `zona`. */
export function localWallClock(instantText: string, zona: Zona = ZONA_PADRAO): RawBuilder<Date> {
  return sql<Date>`(${instantText}::timestamptz at time zone ${zonaSql(zona)})`;
}
