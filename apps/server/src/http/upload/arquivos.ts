/**
 * Stored uploads. arquivo_enviado: one row per upload (metadata, kind, the document holding it, expiry);
 * arquivo_conteudo: the bytes as a large object, shared only by the same sender's uploads of the same
 * sha256. Another user's identical file is stored again under their own row: no answer, status or quota
 * tells one user what another sent. Read back chunk by chunk.
 */
import { type NomeTipoDeArquivo, TIPOS_DE_ARQUIVO } from '@retaguarda/domain';
import { sql } from 'kysely';
import type { Tx } from '../../db/database';
import type { AuthContext } from '../../plugins/auth';
import { type Cota, travarCota, verificarCota } from './cota';
import { type Codificacao, codificacaoDeclarada, decodificarTexto } from './decodificar';
import { apagarObjeto, gravarObjeto, lerObjeto } from './objetos';
import type { ArquivoRecebido } from './receber';

export interface ArquivoSalvo {
  id: string;
  sha256: string;
  tamanho: number;
  tipo: NomeTipoDeArquivo;
  /** instant when the sweep removes it unless a document takes it */
  expiraEm: Date | null;
}

/** Who sent it: the user, else the integration key. Quotas and content sharing are per sender. */
export function remetenteDe(auth: Pick<AuthContext, 'usuarioId' | 'apiKeyId' | 'username'>): string {
  if (auth.usuarioId !== null) return `u:${auth.usuarioId}`;
  if (auth.apiKeyId !== null) return `k:${auth.apiKeyId}`;
  return `n:${auth.username}`.slice(0, 40);
}

export async function salvarArquivo(
  trx: Tx,
  a: Pick<ArquivoRecebido, 'caminho' | 'tamanho' | 'sha256' | 'nome' | 'tipo'>,
  quem: { tipo: NomeTipoDeArquivo; remetente: string; enviadoPor: number | null; cota: Cota },
): Promise<ArquivoSalvo> {
  await guardarConteudo(trx, quem.remetente, a);
  // the final check and the row under one lock: concurrent uploads cannot both pass the quota
  await travarCota(trx);
  await verificarCota(trx, quem.remetente, a.tamanho, quem.cota);
  const dias = TIPOS_DE_ARQUIVO[quem.tipo].diasSemDocumento;
  const { rows } = await sql<{ id: string; expiraEm: Date }>`
    insert into arquivo_enviado (nome, tipo_conteudo, tamanho, sha256, conteudo_remetente, remetente, enviado_por,
                                 tipo, expira_em)
    values (${a.nome}, ${a.tipo}, ${a.tamanho}, ${a.sha256}, ${quem.remetente}, ${quem.remetente}, ${quem.enviadoPor},
            ${quem.tipo}, now() + make_interval(days => ${dias}))
    returning id, expira_em`.execute(trx);
  const r = rows[0]!;
  return { id: r.id, sha256: a.sha256, tamanho: a.tamanho, tipo: quem.tipo, expiraEm: r.expiraEm };
}

/** The sender's content row for these bytes: reused (locked against the sweep) or written now. */
async function guardarConteudo(trx: Tx, remetente: string, a: Pick<ArquivoRecebido, 'caminho' | 'tamanho' | 'sha256'>) {
  const existe = await sql`
    select 1 from arquivo_conteudo where remetente = ${remetente} and sha256 = ${a.sha256} for key share`.execute(trx);
  if (existe.rows.length) return;
  const objeto = await gravarObjeto(trx, a.caminho);
  const novo = await sql`
    insert into arquivo_conteudo (remetente, sha256, tamanho, objeto) values (${remetente}, ${a.sha256}, ${a.tamanho}, ${objeto})
    on conflict do nothing returning objeto`.execute(trx);
  // the same sender sent the same bytes at the same instant: the other copy wins
  if (!novo.rows.length) await apagarObjeto(trx, objeto);
}

export interface ArquivoAberto {
  id: string;
  nome: string;
  tipoConteudo: string;
  tamanho: number;
  tipo: string;
  remetente: string;
  /** the bytes, chunk by chunk (read inside the same transaction) */
  partes: AsyncIterable<Buffer>;
}

export async function abrirArquivo(trx: Tx, id: string): Promise<ArquivoAberto | undefined> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return undefined;
  const { rows } = await sql<Omit<ArquivoAberto, 'partes'> & { objeto: number | null; conteudo: Buffer | null }>`
    select e.id, e.nome, e.tipo_conteudo, e.tamanho::float8 as tamanho, e.tipo, e.remetente, e.conteudo, c.objeto
      from arquivo_enviado e
      left join arquivo_conteudo c
        on c.assinante_id = e.assinante_id and c.remetente = e.conteudo_remetente and c.sha256 = e.sha256
     where e.id = ${id}::uuid`.execute(trx);
  const r = rows[0];
  if (!r) return undefined;
  const { objeto, conteudo, ...meta } = r;
  // a row from before migration 0566 still holds its bytes in the table
  const partes = conteudo
    ? (async function* () {
        yield conteudo;
      })()
    : lerObjeto(trx, Number(objeto));
  return { ...meta, partes };
}

/** A stored file as text (importers of CSV, OFX, TXT layouts): declared charset, else detected. */
export async function textoDoArquivo(
  trx: Tx,
  id: string,
  codificacao?: Codificacao,
): Promise<{ nome: string; texto: string; codificacao: Codificacao } | undefined> {
  const a = await abrirArquivo(trx, id);
  if (!a) return undefined;
  const partes: Buffer[] = [];
  for await (const p of a.partes) partes.push(p);
  const bytes = Buffer.concat(partes);
  return { nome: a.nome, ...decodificarTexto(bytes, codificacao ?? codificacaoDeclarada(a.tipoConteudo)) };
}

/** A document takes the file: kept, whatever its age, until the document lets it go. */
export async function vincularArquivo(trx: Tx, id: string, documento: string): Promise<boolean> {
  const { rows } = await sql`
    update arquivo_enviado set documento = ${documento}, expira_em = null where id = ${id}::uuid returning id`.execute(
    trx,
  );
  return rows.length > 0;
}

/** The document no longer needs its files: each is kept its kind's `diasAposDocumento`, then swept. */
export async function liberarArquivos(trx: Tx, documento: string): Promise<number> {
  let n = 0;
  for (const [tipo, def] of Object.entries(TIPOS_DE_ARQUIVO)) {
    const r = await sql`
      update arquivo_enviado set documento = null, expira_em = now() + make_interval(days => ${def.diasAposDocumento})
       where documento = ${documento} and tipo = ${tipo}`.execute(trx);
    n += Number(r.numAffectedRows ?? 0);
  }
  return n;
}
