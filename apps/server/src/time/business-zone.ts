/**
 * The business time zone: dates without an offset are store-local (domain §1.1), API dates travel as
 * local ISO text (api-compat "Dates"). A store's zone comes from its UF (domain `zonaDaLoja`: Manaus,
 * Cuiabá, Rio Branco, Noronha are not São Paulo); rows without a store use the default zone.
 */
import { fimDoDia, hojeNaZona, ZONA_PADRAO, zonaDaLoja } from '@retaguarda/domain';
import { type Expression, type RawBuilder, sql } from 'kysely';
import type { Tx } from '../db/database';

/** The default IANA zone (rows of no store); a store's is `zonaDaLojaId`. */
export function businessTimeZone(): string {
  return ZONA_PADRAO;
}

/** The zone of a store of the current tenant (the default zone when the store is not visible). */
export async function zonaDaLojaId(trx: Tx, lojaId: number): Promise<string> {
  const { rows } = await sql<{ uf: string; codigoIbge: string | null }>`
    select uf, codigo_ibge from loja where id = ${lojaId}`.execute(trx);
  return rows[0] ? zonaDaLoja(rows[0]) : ZONA_PADRAO;
}

/** "Today" at a store and the last instant of that day (balances "at the end of the day" read up to it). */
export async function hojeDaLoja(
  trx: Tx,
  lojaId: number,
  agora: Date = new Date(),
): Promise<{ zona: string; data: string; fimDoDia: Date }> {
  const zona = await zonaDaLojaId(trx, lojaId);
  const data = hojeNaZona(zona, agora);
  return { zona, data, fimDoDia: fimDoDia(data, zona) };
}

/** A timestamptz as local ISO text `YYYY-MM-DDTHH:mm:ss` (clients slice the first 19 characters). */
export function localIsoText(value: Expression<unknown>, zone = businessTimeZone()): RawBuilder<string> {
  return sql<string>`to_char(${value} at time zone ${sql.lit(zone)}, 'YYYY-MM-DD"T"HH24:MI:SS')`;
}

/** A local date or date-time text (no offset) as the instant it means in the business zone. */
export function atLocalTime(text: string, zone = businessTimeZone()): RawBuilder<Date> {
  return sql<Date>`(${text}::timestamp at time zone ${sql.lit(zone)})`;
}
