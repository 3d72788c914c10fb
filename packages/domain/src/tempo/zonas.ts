/**
 * Store-local time. A business date ("data do movimento", "fechado até") is a date in the store's zone,
 * and the store's zone comes from its UF. Source: the IANA time zone database, zone1970.tab / zone.tab
 * (Brazil lines: "Pará (east); Amapá" → Belem, "MA, PI, CE, RN, PB" → Fortaleza, "Rondônia" →
 * Porto_Velho, "Amazonas (east)" → Manaus, "Acre" → Rio_Branco, "Atlantic islands" → Noronha…),
 * and Decreto 9.772/2019, which ended daylight saving time in Brazil (no DST since 2019).
 * Where a state spans two zones (Amazonas west: Eirunepe, UTC−5; Pará west: Santarem, UTC−3) we take
 * the capital's; only Fernando de Noronha (IBGE 2605459, UTC−2) is told apart by its município.
 */
import { agora } from './relogio';

/** The zone of rows of no store (tenant-wide records, sessions, keys): Brasília time. */
export const ZONA_PADRAO = 'America/Sao_Paulo';

/** IBGE code of the município of Fernando de Noronha (PE), the one place with UTC−2. */
export const IBGE_FERNANDO_DE_NORONHA = '2605459';

export const ZONA_DA_UF: Readonly<Record<string, string>> = {
  AC: 'America/Rio_Branco',
  AM: 'America/Manaus',
  RR: 'America/Boa_Vista',
  RO: 'America/Porto_Velho',
  MT: 'America/Cuiaba',
  MS: 'America/Campo_Grande',
  PA: 'America/Belem',
  AP: 'America/Belem',
  TO: 'America/Araguaina',
  MA: 'America/Fortaleza',
  PI: 'America/Fortaleza',
  CE: 'America/Fortaleza',
  RN: 'America/Fortaleza',
  PB: 'America/Fortaleza',
  PE: 'America/Recife',
  AL: 'America/Maceio',
  SE: 'America/Maceio',
  BA: 'America/Bahia',
  // South, Southeast, GO and DF: Brasília time
  SP: ZONA_PADRAO,
  RJ: ZONA_PADRAO,
  MG: ZONA_PADRAO,
  ES: ZONA_PADRAO,
  PR: ZONA_PADRAO,
  SC: ZONA_PADRAO,
  RS: ZONA_PADRAO,
  GO: ZONA_PADRAO,
  DF: ZONA_PADRAO,
};

export interface LojaComLocal {
  uf: string;
  codigoIbge?: string | null;
}

/** The IANA zone of a store: Noronha by its município, else its UF's (São Paulo for an unknown UF). */
export function zonaDaLoja(loja: LojaComLocal): string {
  if (loja.codigoIbge?.trim() === IBGE_FERNANDO_DE_NORONHA) return 'America/Noronha';
  return ZONA_DA_UF[loja.uf.trim().toUpperCase()] ?? ZONA_PADRAO;
}

const formatos = new Map<string, Intl.DateTimeFormat>();
function formato(zona: string): Intl.DateTimeFormat {
  let f = formatos.get(zona);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', {
      timeZone: zona,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatos.set(zona, f);
  }
  return f;
}

/** The wall clock of `instante` in `zona` as if it were UTC (ms). */
function relogio(instante: Date, zona: string): number {
  const p = Object.fromEntries(
    formato(zona)
      .formatToParts(instante)
      .map((x) => [x.type, x.value]),
  );
  return Date.UTC(+p.year!, +p.month! - 1, +p.day!, +p.hour!, +p.minute!, +p.second!, instante.getUTCMilliseconds());
}

/** The store-local date (YYYY-MM-DD) of an instant. */
export function dataLocal(instante: Date, zona: string): string {
  return new Date(relogio(instante, zona)).toISOString().slice(0, 10);
}

/** "Today" in the store's zone, by the clock (relogio.ts) unless an instant is given. */
export function hojeNaZona(zona: string, instante: Date = agora()): string {
  return dataLocal(instante, zona);
}

/** An instant as local ISO text `YYYY-MM-DDTHH:mm:ss` in `zona` (api-compat "Dates": no offset, 19 characters). */
export function textoLocal(instante: Date, zona: string = ZONA_PADRAO): string {
  return new Date(relogio(instante, zona)).toISOString().slice(0, 19);
}

const COM_FUSO = /(Z|[+-]\d{2}:?\d{2})$/i;
const DATA_HORA = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}):(\d{2})(?::(\d{2}))?/;

/**
 * The instant an API date text means: with an offset (`…Z`, `…-03:00`) as written; local text
 * (`YYYY-MM-DDTHH:mm:ss`, the API's format) as wall-clock time in `zona`, whatever the browser's zone.
 */
export function instanteDoTexto(texto: string, zona: string = ZONA_PADRAO): Date {
  const t = texto.trim();
  const m = DATA_HORA.exec(t);
  if (!m || COM_FUSO.test(t)) return new Date(t);
  return instanteLocal(m[1]!, zona, +m[2]!, +m[3]!, +(m[4] ?? 0));
}

const DATA = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The instant a local wall-clock time (`YYYY-MM-DD`, hh:mm:ss) happens in `zona`. */
export function instanteLocal(data: string, zona: string, hora = 0, minuto = 0, segundo = 0): Date {
  const m = DATA.exec(data);
  if (!m) throw new RangeError(`data inválida: ${data}`);
  const alvo = Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, hora, minuto, segundo);
  // first guess with the offset at `alvo`, corrected once where the offset changes (old DST rules)
  let t = alvo - (relogio(new Date(alvo), zona) - alvo);
  t += alvo - relogio(new Date(t), zona);
  return new Date(t);
}

/** `data` plus `dias` days (negative goes back). */
export function somarDias(data: string, dias: number): string {
  const m = DATA.exec(data);
  if (!m) throw new RangeError(`data inválida: ${data}`);
  return new Date(Date.UTC(+m[1]!, +m[2]! - 1, +m[3]! + dias)).toISOString().slice(0, 10);
}

/** A store-local day as instants: from its first moment to the first moment of the next day (exclusive). */
export function limitesDoDia(data: string, zona: string): { inicio: Date; fimExclusivo: Date } {
  return { inicio: instanteLocal(data, zona), fimExclusivo: instanteLocal(somarDias(data, 1), zona) };
}

/** The last instant (ms) of a store-local day: "balance at the end of that day" reads up to here. */
export function fimDoDia(data: string, zona: string): Date {
  return new Date(limitesDoDia(data, zona).fimExclusivo.getTime() - 1);
}

/** dd/MM/yyyy of a YYYY-MM-DD date (messages). */
export function dataBr(data: string): string {
  const m = DATA.exec(data);
  return m ? `${m[3]}/${m[2]}/${m[1]}` : data;
}
