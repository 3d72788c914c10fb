/**
 * The store's A1 certificate and CSC token, sealed in segredo_arquivo by the secrets kit (AES-256-GCM, key
 * SEGREDOS_CHAVE or DATA_DIR/secrets.json, never in the database), one of each per store: never in the
 * general uploads, a setting or an audit row. The certificate is kept as sent (.pfx and its password) and
 * opened when a SEFAZ message is signed.
 */
import { MSG_NFCE_ACOES as MSG } from '@retaguarda/domain';
import { sql } from 'kysely';
import { loadConfig } from '../../../config';
import type { Tx } from '../../../db/database';
import { type ChaveDeSegredos, chaveDeSegredos, guardarSegredo, lerSegredo } from '../../../http/upload';
import { type CertificadoA1, lerPfx } from './certificado';

export const FINALIDADE_CERTIFICADO = 'fiscal.nfce-certificado';
export const FINALIDADE_CSC = 'fiscal.nfce-csc';

let chave: ChaveDeSegredos | undefined;
const chaveDoProcesso = () => {
  chave ??= chaveDeSegredos(loadConfig().dataDir);
  return chave;
};

async function guardar(trx: Tx, finalidade: string, lojaId: number, conteudo: Buffer, usuarioId: number | null) {
  await sql`delete from segredo_arquivo where finalidade = ${finalidade} and nome = ${`loja:${lojaId}`}`.execute(trx);
  await guardarSegredo(trx, chaveDoProcesso(), { finalidade, nome: `loja:${lojaId}`, conteudo, criadoPor: usuarioId });
}

async function ler(trx: Tx, finalidade: string, lojaId: number): Promise<Buffer | null> {
  const { rows } = await sql<{ id: string }>`select id::text as id from segredo_arquivo
    where finalidade = ${finalidade} and nome = ${`loja:${lojaId}`} order by criado_em desc limit 1`.execute(trx);
  if (!rows[0]) return null;
  return (await lerSegredo(trx, chaveDoProcesso(), rows[0].id))?.conteudo ?? null;
}

export const guardarCertificado = (trx: Tx, lojaId: number, pfx: Buffer, senha: string, usuarioId: number | null) =>
  guardar(
    trx,
    FINALIDADE_CERTIFICADO,
    lojaId,
    Buffer.from(JSON.stringify({ pfx: pfx.toString('base64'), senha }), 'utf8'),
    usuarioId,
  );

/** The store's certificate, opened; null when it has none. */
export async function lerCertificado(trx: Tx, lojaId: number): Promise<CertificadoA1 | null> {
  const b = await ler(trx, FINALIDADE_CERTIFICADO, lojaId);
  if (!b) return null;
  const { pfx, senha } = JSON.parse(b.toString('utf8')) as { pfx: string; senha: string };
  return lerPfx(Buffer.from(pfx, 'base64'), senha, MSG);
}

export const guardarCsc = (trx: Tx, lojaId: number, token: string, usuarioId: number | null) =>
  guardar(trx, FINALIDADE_CSC, lojaId, Buffer.from(token, 'utf8'), usuarioId);

export const lerCsc = async (trx: Tx, lojaId: number) =>
  (await ler(trx, FINALIDADE_CSC, lojaId))?.toString('utf8') ?? null;
