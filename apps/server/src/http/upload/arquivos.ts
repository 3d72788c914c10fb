/** Stored uploads (table arquivo_enviado): save once per sha256 and tenant, read back as bytes or text. */
import { sql } from 'kysely';
import type { Tx } from '../../db/database';
import { type Codificacao, codificacaoDeclarada, decodificarTexto } from './decodificar';

export interface ArquivoSalvo {
  id: string;
  sha256: string;
  tamanho: number;
  /** the same bytes were already stored: the answer names the first upload */
  repetido: boolean;
}

export async function salvarArquivo(
  trx: Tx,
  a: { nome: string; tipoConteudo: string; conteudo: Buffer; sha256: string; enviadoPor: number | null },
): Promise<ArquivoSalvo> {
  const { sha256 } = a; // computed while the bytes streamed in (fluxo.ts)
  const novo = await sql<{ id: string }>`
    insert into arquivo_enviado (nome, tipo_conteudo, tamanho, sha256, conteudo, enviado_por)
    values (${a.nome}, ${a.tipoConteudo}, ${a.conteudo.length}, ${sha256}, ${a.conteudo}, ${a.enviadoPor})
    on conflict (assinante_id, sha256) do nothing returning id`.execute(trx);
  if (novo.rows[0]) return { id: novo.rows[0].id, sha256, tamanho: a.conteudo.length, repetido: false };
  const { rows } = await sql<{ id: string }>`select id from arquivo_enviado where sha256 = ${sha256}`.execute(trx);
  return { id: rows[0]!.id, sha256, tamanho: a.conteudo.length, repetido: true };
}

export interface ArquivoLido {
  nome: string;
  tipoConteudo: string;
  conteudo: Buffer;
}

export async function lerArquivo(trx: Tx, id: string): Promise<ArquivoLido | undefined> {
  const { rows } = await sql<ArquivoLido>`
    select nome, tipo_conteudo, conteudo from arquivo_enviado where id = ${id}::uuid`.execute(trx);
  return rows[0];
}

/** A stored file as text (importers of CSV, OFX, TXT layouts): declared charset, else detected. */
export async function textoDoArquivo(
  trx: Tx,
  id: string,
  codificacao?: Codificacao,
): Promise<{ nome: string; texto: string; codificacao: Codificacao } | undefined> {
  const a = await lerArquivo(trx, id);
  if (!a) return undefined;
  return { nome: a.nome, ...decodificarTexto(a.conteudo, codificacao ?? codificacaoDeclarada(a.tipoConteudo)) };
}
