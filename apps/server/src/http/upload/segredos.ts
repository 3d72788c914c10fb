/**
 * Secret files (A1 certificates for NFC-e): encrypted at rest in segredo_arquivo, apart from the general
 * uploads, with AES-256-GCM. The key is SEGREDOS_CHAVE (32 bytes as 64 hex digits or base64) — required
 * when several instances share the database — else one generated once into DATA_DIR/secrets.json
 * (mode 0600, beside the embedded server's passwords). Never in the database: a dump alone opens nothing.
 * The tenant, id and purpose are the GCM's additional data: a row moved elsewhere does not decrypt.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import type { Tx } from '../../db/database';

export interface ChaveDeSegredos {
  chave: Buffer;
  /** first 16 hex digits of sha256(key): names the key a row was sealed with */
  id: string;
}

const LIMITE = 1024 * 1024;

function deTexto(texto: string): Buffer | undefined {
  const t = texto.trim();
  const b = /^[0-9a-f]{64}$/i.test(t) ? Buffer.from(t, 'hex') : Buffer.from(t, 'base64');
  return b.length === 32 ? b : undefined;
}

const comId = (chave: Buffer): ChaveDeSegredos => ({
  chave,
  id: crypto.createHash('sha256').update(chave).digest('hex').slice(0, 16),
});

/** The key from the environment, else from (and if needed generated into) DATA_DIR/secrets.json. */
export function chaveDeSegredos(dataDir: string, env: NodeJS.ProcessEnv = process.env): ChaveDeSegredos {
  if (env.SEGREDOS_CHAVE) {
    const chave = deTexto(env.SEGREDOS_CHAVE);
    if (!chave) throw new Error('SEGREDOS_CHAVE deve ter 32 bytes (64 dígitos hexadecimais ou base64).');
    return comId(chave);
  }
  const arquivo = path.join(dataDir, 'secrets.json');
  const atuais = fs.existsSync(arquivo)
    ? (JSON.parse(fs.readFileSync(arquivo, 'utf8')) as Record<string, unknown>)
    : {};
  const salva = typeof atuais.segredosChave === 'string' ? deTexto(atuais.segredosChave) : undefined;
  if (salva) return comId(salva);
  const nova = crypto.randomBytes(32);
  fs.mkdirSync(dataDir, { recursive: true });
  // written whole beside, then renamed: the embedded server's passwords in the same file are never torn
  const temporario = `${arquivo}.${process.pid}.tmp`;
  fs.writeFileSync(temporario, JSON.stringify({ ...atuais, segredosChave: nova.toString('base64') }, null, 2), {
    mode: 0o600,
  });
  fs.renameSync(temporario, arquivo);
  return comId(nova);
}

export interface Selado {
  iv: Buffer;
  etiqueta: Buffer;
  cifrado: Buffer;
}

export function selar(chave: Buffer, conteudo: Buffer, contexto: string): Selado {
  const iv = crypto.randomBytes(12);
  const c = crypto.createCipheriv('aes-256-gcm', chave, iv);
  c.setAAD(Buffer.from(contexto, 'utf8'));
  const cifrado = Buffer.concat([c.update(conteudo), c.final()]);
  return { iv, etiqueta: c.getAuthTag(), cifrado };
}

/** Throws when the key, the context or a byte differs (GCM authentication). */
export function abrirSelado(chave: Buffer, s: Selado, contexto: string): Buffer {
  const d = crypto.createDecipheriv('aes-256-gcm', chave, s.iv);
  d.setAAD(Buffer.from(contexto, 'utf8'));
  d.setAuthTag(s.etiqueta);
  return Buffer.concat([d.update(s.cifrado), d.final()]);
}

const contextoDe = (assinanteId: number, id: string, finalidade: string) => `${assinanteId}:${id}:${finalidade}`;

export async function guardarSegredo(
  trx: Tx,
  chave: ChaveDeSegredos,
  s: { finalidade: string; nome: string; conteudo: Buffer; criadoPor: number | null },
): Promise<string> {
  if (s.conteudo.length > LIMITE) throw new Error('segredo maior que 1 MB');
  const id = crypto.randomUUID();
  const { rows } = await sql<{ a: number }>`select app_assinante() as a`.execute(trx);
  const selado = selar(chave.chave, s.conteudo, contextoDe(rows[0]!.a, id, s.finalidade));
  await sql`
    insert into segredo_arquivo (id, finalidade, nome, chave_id, iv, etiqueta, cifrado, criado_por)
    values (${id}::uuid, ${s.finalidade}, ${s.nome}, ${chave.id}, ${selado.iv}, ${selado.etiqueta}, ${selado.cifrado},
            ${s.criadoPor})`.execute(trx);
  return id;
}

export class ChaveErrada extends Error {}

export async function lerSegredo(
  trx: Tx,
  chave: ChaveDeSegredos,
  id: string,
): Promise<{ nome: string; finalidade: string; conteudo: Buffer } | undefined> {
  const { rows } = await sql<Selado & { assinanteId: number; finalidade: string; nome: string; chaveId: string }>`
    select assinante_id, finalidade, nome, chave_id, iv, etiqueta, cifrado from segredo_arquivo
     where id = ${id}::uuid`.execute(trx);
  const r = rows[0];
  if (!r) return undefined;
  if (r.chaveId !== chave.id)
    throw new ChaveErrada(`o segredo ${id} foi cifrado com outra chave (${r.chaveId}); confira SEGREDOS_CHAVE`);
  const conteudo = abrirSelado(chave.chave, r, contextoDe(r.assinanteId, id, r.finalidade));
  return { nome: r.nome, finalidade: r.finalidade, conteudo };
}
