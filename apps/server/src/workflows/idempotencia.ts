/**
 * Idempotency of commands (table comando_idempotencia, written in the command's own transaction).
 * `reservar` inserts the key first: a concurrent duplicate blocks on the primary key until the first
 * transaction ends, then finds the stored answer (replay) or, if the first rolled back, runs itself.
 * The same header key with another input is refused (422, as the IETF Idempotency-Key draft says); a natural
 * key (a document already posted) with another input is a duplicate: 409 with the existing one's Location.
 */
import crypto from 'node:crypto';
import { sql } from 'kysely';
import { type AuditEntry, insercaoDeAuditoria } from '../db/audit';
import type { Tx } from '../db/database';
import { conflito, MSG_COMANDO, recusarTudo } from '../plugins/errors';

export interface Resposta {
  status: number;
  /** the JSON text sent (and replayed byte for byte) */
  corpo: string;
  location?: string;
}

/** JSON with sorted keys: the same input in another key order hashes the same. */
export function jsonCanonico(valor: unknown): string {
  return JSON.stringify(valor, (_k, v) =>
    v && typeof v === 'object' && !Array.isArray(v) && !(v instanceof Date)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}

export function hashDaEntrada(entrada: unknown): string {
  return crypto.createHash('sha256').update(jsonCanonico(entrada)).digest('hex');
}

const CHAVE = /^[\x21-\x7e][\x20-\x7e]{0,254}$/;

export function chaveValida(chave: string): boolean {
  return CHAVE.test(chave);
}

/** Reserves the key for this run, or answers the stored result of an earlier committed run. */
export async function reservar(
  trx: Tx,
  nome: string,
  chave: string,
  hash: string,
  natural: boolean,
): Promise<Resposta | undefined> {
  const novo = await sql`insert into comando_idempotencia (nome_comando, chave, hash_entrada, chave_natural)
    values (${nome}, ${chave}, ${hash}, ${natural}) on conflict do nothing returning chave`.execute(trx);
  if (novo.rows.length) return undefined;
  const { rows } = await sql<{
    hashEntrada: string;
    statusHttp: number;
    resposta: { corpo: string; location?: string };
  }>`
    select hash_entrada, status_http, resposta from comando_idempotencia
     where nome_comando = ${nome} and chave = ${chave}`.execute(trx);
  const r = rows[0]!;
  if (r.hashEntrada !== hash) {
    if (!natural) throw recusarTudo([MSG_COMANDO.chaveReutilizada]);
    const erro = conflito(MSG_COMANDO.naturalReutilizada);
    throw r.resposta?.location ? erro.comCabecalhos({ location: r.resposta.location }) : erro;
  }
  return { status: r.statusHttp, corpo: r.resposta.corpo, location: r.resposta.location };
}

/** Stores the answer of this run beside its effects. */
export async function gravar(
  trx: Tx,
  nome: string,
  chave: string,
  resposta: Resposta,
  auditoria?: AuditEntry,
): Promise<void> {
  const valor = JSON.stringify({ corpo: resposta.corpo, location: resposta.location });
  // with the command's audit row, one statement (one round trip fewer for every command a client may retry)
  await sql`${auditoria ? sql`with auditoria as (${insercaoDeAuditoria(auditoria)}) ` : sql``}
    update comando_idempotencia set status_http = ${resposta.status}, resposta = ${valor}::jsonb
     where nome_comando = ${nome} and chave = ${chave}`.execute(trx);
}
