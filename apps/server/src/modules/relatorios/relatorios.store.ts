/**
 * The report rows (migration 0070): a request is stored PROCESSANDO, then becomes PRONTO with its
 * file or ERRO with a message. Reads see only the owner's reports, or any of the tenant for an
 * administrator; everything else is "not found". The file is stored in parts of TAMANHO_PARTE
 * (relatorio_parte, migration 0240) and sent part by part: a report of a million rows is never whole in the
 * server's memory. Reports stored before 0240 have theirs in relatorio.conteudo, read whole as then.
 */
import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import type { ListaPaginada } from '@retaguarda/domain';
import { type Expression, type RawBuilder, type SqlBool, sql } from 'kysely';
import type { Database, Tx } from '../../db/database';
import { type Page, pagedSql } from '../../http/list';
import type { Arquivo } from './relatorios.arquivo';

/** the kinds the database accepts (relatorio_tipo_check); each has a generator (geradores.ts) */
export type TipoRelatorio =
  | 'LISTA_CADASTRO'
  | 'HISTORICO_REGISTRO'
  | 'EXTRATO_ESTOQUE'
  | 'EXTRATO_MOVIMENTACOES'
  | 'SALDO_ESTOQUE'
  | 'ETIQUETAS'
  | 'NFCE_DOCUMENTOS';
export type FormatoRelatorio = 'PDF' | 'XLSX';
export type StatusRelatorio = 'PROCESSANDO' | 'PRONTO' | 'ERRO';

export interface Relatorio {
  id: string;
  usuarioId: number;
  tipo: TipoRelatorio;
  titulo: string;
  formato: FormatoRelatorio;
  status: StatusRelatorio;
  mensagemErro: string | null;
  nomeArquivo: string | null;
  mimeType: string | null;
  tamanho: number | null;
  criadoEm: string;
  concluidoEm: string | null;
}

export interface Leitor {
  usuarioId: number;
  administrador: boolean;
}

const COLUNAS = sql`id, usuario_id as "usuarioId", tipo, titulo, formato, status, mensagem_erro as "mensagemErro",
  nome_arquivo as "nomeArquivo", mime_type as "mimeType", tamanho, criado_em as "criadoEm", concluido_em as "concluidoEm"`;

type Linha = Omit<Relatorio, 'criadoEm' | 'concluidoEm'> & { criadoEm: Date; concluidoEm: Date | null };

const paraApi = (l: Linha): Relatorio => ({
  ...l,
  criadoEm: new Date(l.criadoEm).toISOString(),
  concluidoEm: l.concluidoEm ? new Date(l.concluidoEm).toISOString() : null,
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Who may read a report: its owner, or an administrator of the tenant (RLS keeps other tenants out). */
const visivel = (leitor: Leitor) => (leitor.administrador ? sql`true` : sql`usuario_id = ${leitor.usuarioId}`);

export async function criarRelatorio(
  trx: Tx,
  r: {
    assinanteId: number;
    usuarioId: number;
    tipo: TipoRelatorio;
    titulo: string;
    formato: FormatoRelatorio;
    parametros: unknown;
    instancia: string;
  },
): Promise<Relatorio> {
  const { rows } = await sql<Linha>`
    insert into relatorio (assinante_id, usuario_id, tipo, titulo, formato, parametros, instancia)
    values (${r.assinanteId}, ${r.usuarioId}, ${r.tipo}, ${r.titulo.slice(0, 200)}, ${r.formato},
            ${JSON.stringify(r.parametros)}::jsonb, ${r.instancia})
    returning ${COLUNAS}`.execute(trx);
  return paraApi(rows[0]!);
}

export async function buscarRelatorio(trx: Tx, id: string, leitor: Leitor): Promise<Relatorio | undefined> {
  if (!UUID.test(id)) return undefined;
  const { rows } = await sql<Linha>`select ${COLUNAS} from relatorio where id = ${id} and ${visivel(leitor)}`.execute(
    trx,
  );
  return rows[0] ? paraApi(rows[0]) : undefined;
}

/** ~1 MB: a round trip per MB written or read, a few MB of memory at most. */
export const TAMANHO_PARTE = 1024 * 1024;
const FATIA = 32 * 1024;

/**
 * The file of a finished report: a Buffer (stored before migration 0240), a stream reading its parts one
 * by one (each in its own short transaction, after this one ended), or undefined when not ready / not visible.
 */
export async function conteudoDe(
  trx: Tx,
  db: Database,
  assinanteId: number,
  id: string,
  leitor: Leitor,
): Promise<Buffer | Readable | undefined> {
  if (!UUID.test(id)) return undefined;
  const { rows } = await sql<{ conteudo: Buffer | null; partes: number }>`
    select conteudo, (select count(*)::int from relatorio_parte p where p.relatorio_id = r.id) as partes
      from relatorio r where id = ${id} and ${visivel(leitor)} and status = 'PRONTO'`.execute(trx);
  const r = rows[0];
  if (r?.conteudo) return r.conteudo;
  if (!r?.partes) return undefined;
  // a part read ahead at most: the socket's pace sets the reading's
  return Readable.from(lerPartes(db, assinanteId, id, r.partes), { objectMode: false, highWaterMark: TAMANHO_PARTE });
}

async function* lerPartes(db: Database, assinanteId: number, id: string, partes: number): AsyncGenerator<Buffer> {
  for (let ordem = 0; ordem < partes; ordem++) {
    // the part in slices of FATIA, one row each: the driver reads bytea as hex text, and a 1 MB part as one
    // value is a 2 MB string that only a full collection frees (V8 puts it with the large objects); slices are
    // short-lived young objects. The column is stored uncompressed (0240): a slice reads only its bytes.
    const { rows } = await db.withTenant(assinanteId, (trx) =>
      sql<{ fatia: Buffer }>`select substring(conteudo from g for ${FATIA}) as fatia
          from relatorio_parte, generate_series(1, greatest(length(conteudo), 1), ${FATIA}) g
         where relatorio_id = ${id} and ordem = ${ordem} order by g`.execute(trx),
    );
    // deleted meanwhile (the 7-day sweep): the download breaks off rather than end short and look whole
    if (!rows[0]) throw new Error(`Parte ${ordem} do relatório ${id} não encontrada.`);
    for (const r of rows) yield r.fatia;
  }
}

/** The file in parts of TAMANHO_PARTE, read from memory or from the temporary file one part at a time. */
async function* partesDe(conteudo: Arquivo['conteudo']): AsyncGenerator<Buffer> {
  if (Buffer.isBuffer(conteudo)) {
    if (!conteudo.length) yield conteudo;
    for (let i = 0; i < conteudo.length; i += TAMANHO_PARTE) yield conteudo.subarray(i, i + TAMANHO_PARTE);
    return;
  }
  for await (const parte of createReadStream(conteudo.caminho, { highWaterMark: TAMANHO_PARTE })) yield parte as Buffer;
}

/** A page of the caller's own reports (the client's "files in processing" list reads it). */
export async function listarMeus(
  trx: Tx,
  usuarioId: number,
  lista: { page: Page; order: RawBuilder<unknown>; where: Expression<SqlBool> },
): Promise<ListaPaginada<Relatorio>> {
  const from = sql`from relatorio where usuario_id = ${usuarioId} and ${lista.where}`;
  const pagina = await pagedSql<Linha>(trx, from, COLUNAS, lista);
  return { ...pagina, items: pagina.items.map(paraApi) };
}

export async function parametrosDe(trx: Tx, id: string): Promise<Record<string, unknown>> {
  const { rows } = await sql<{ parametros: Record<string, unknown> }>`
    select parametros from relatorio where id = ${id}`.execute(trx);
  return rows[0]?.parametros ?? {};
}

/** Stores the file, in parts; false when the job was closed meanwhile (e.g. swept as abandoned). */
export async function concluirRelatorio(trx: Tx, id: string, arquivo: Arquivo): Promise<boolean> {
  const tamanho = Buffer.isBuffer(arquivo.conteudo) ? arquivo.conteudo.length : arquivo.conteudo.tamanho;
  // the row first: its lock keeps the sweep off while the parts are written, in the same transaction
  const { rows } = await sql`update relatorio set status = 'PRONTO', nome_arquivo = ${arquivo.nome},
      mime_type = ${arquivo.mimeType}, tamanho = ${tamanho}, concluido_em = now()
    where id = ${id} and status = 'PROCESSANDO' returning id`.execute(trx);
  if (!rows.length) return false;
  let ordem = 0;
  for await (const parte of partesDe(arquivo.conteudo))
    await sql`insert into relatorio_parte (relatorio_id, ordem, conteudo) values (${id}, ${ordem++}, ${parte})`.execute(
      trx,
    );
  return true;
}

export async function falharRelatorio(trx: Tx, id: string, mensagem: string): Promise<boolean> {
  const { rows } = await sql`update relatorio set status = 'ERRO', mensagem_erro = ${mensagem.slice(0, 1000)},
      concluido_em = now() where id = ${id} and status = 'PROCESSANDO' returning id`.execute(trx);
  return rows.length > 0;
}

/** The generating process is alive: its jobs are not abandoned. */
export async function pulsar(trx: Tx, ids: readonly string[]): Promise<void> {
  await sql`update relatorio set pulso_em = now() where id = any(${ids}::uuid[]) and status = 'PROCESSANDO'`.execute(
    trx,
  );
}
