/**
 * Export of a register list (CSV or XLSX) honouring the list's filter and sort. CSV: PostgreSQL
 * formats the cells and COPY streams them (no per-row work in Node beyond one byte pass). XLSX: a
 * server-side cursor read in big batches as arrays, written by exceljs's streaming writer; one sheet
 * holds at most 1,048,576 rows (header included), so a bigger export answers 422 and points to CSV.
 *
 * Neither pins a database connection to the client's reading speed: the rows go to a bounded spool
 * file first (spool.ts), the connection goes back, then the file is sent. Exports run under a statement
 * timeout, and each user and each tenant may run only a few at once (429 beyond).
 */
import os from 'node:os';
import { pipeline } from 'node:stream/promises';
import type { Transform } from 'node:stream';
import { listaParametros, MSG } from '@retaguarda/domain';
import type { FastifyReply } from 'fastify';
import { sql } from 'kysely';
import { to as copyTo } from 'pg-copy-streams';
import { z } from 'zod';
import type { Database } from '../db/database';
import { inlineParams } from '../db/literal';
import { ConcurrencyGate, Semaphore } from '../http/concurrency';
import { ApiError } from '../plugins/errors';
import { CsvFinish, cellSql, csvHeader } from './csv';
import type { Col, Meta } from './meta';
import { fromOf, orderBy, type Scope, totalOf, whereOf } from './query';
import { openSpool, SpoolFull } from './spool';

const BATCH = 10_000;

const envInt = (v: string | undefined, d: number) =>
  v && Number.isInteger(Number(v)) && Number(v) > 0 ? Number(v) : d;

/** The export's limits (environment, see the README); tests lower them. */
export const exportLimits = {
  /** data rows one XLSX sheet can hold (1,048,576 minus the header) */
  xlsxRows: 1_048_575,
  /** exports running at once per user (an integration key counts as one user of its tenant) */
  perUser: envInt(process.env.EXPORT_MAX_USUARIO, 2),
  /** exports running at once per tenant, in this instance */
  perTenant: envInt(process.env.EXPORT_MAX_ASSINANTE, 5),
  /** a client whose socket takes nothing for this long is cut */
  writeTimeoutMs: envInt(process.env.EXPORT_WRITE_TIMEOUT_MS, 30_000),
  /** the largest spool file */
  spoolMaxBytes: envInt(process.env.EXPORT_SPOOL_MAX_MB, 2_048) * 1024 * 1024,
  spoolDir: process.env.EXPORT_SPOOL_DIR || os.tmpdir(),
};

/** Slots held from the request until its response is over (sent, cut or failed). */
export const exportGate = new ConcurrencyGate(exportLimits, {
  user: MSG.exportacoesDoUsuario,
  tenant: MSG.exportacoesDaAssinatura,
});

/**
 * Exports reading the database at once, per pool: at most half the main pool, so a burst of exports
 * queues here (holding nothing) instead of taking every connection from the lists and writes.
 */
const reading = new WeakMap<Database, Semaphore>();
function readingSlots(db: Database): Semaphore {
  let s = reading.get(db);
  if (!s) {
    s = new Semaphore(() => Math.max(1, Math.floor(db.settings.max / 2)));
    reading.set(db, s);
  }
  return s;
}

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * The columns a person reads: the code, then the list's own columns in the list's order (Descrição
 * early), then the rest as declared; the bookkeeping version ('Versão') is not exported.
 */
export function exportCols(meta: Meta): Col[] {
  const cols = meta.cols.filter((c) => !c.field.hidden && c.name !== 'versao');
  const order = ['id', ...meta.def.list.columns.map((c) => c.field)];
  const pos = (c: Col) => {
    const i = order.indexOf(c.name);
    return i < 0 ? order.length : i;
  };
  return cols.sort((a, b) => pos(a) - pos(b));
}

/** 'YYYY-MM-DD' or local 'YYYY-MM-DDTHH:mm:ss' → the Date a spreadsheet shows as that same wall-clock value. */
export function excelDate(text: string): Date | string {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2}))?)?/.exec(text);
  if (!m) return text;
  const [, y, mo, d, h = '0', mi = '0', se = '0'] = m;
  return new Date(Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(se)));
}

/** The export's query: the list's filter and sort (paging ignored) and its `format`, never `total`. */
export const EXPORT_QUERY = listaParametros({ format: z.unknown().optional() });

export async function exportRows(
  db: Database,
  meta: Meta,
  scope: Scope,
  q: z.output<typeof EXPORT_QUERY>,
  reply: FastifyReply,
) {
  const format = q.format === undefined ? 'xlsx' : q.format;
  if (format !== 'csv' && format !== 'xlsx')
    throw new ApiError(400, 'Formato de exportação inválido: use csv ou xlsx.');
  // validate filter and sort before answering 200 (errors mid-stream can only cut the file)
  const where = whereOf(meta, scope, q.q);
  const order = orderBy(meta, q.sort);
  const cols = exportCols(meta);
  const select = sql`select ${sql.join(cols.map((c) => cellSql(c, format === 'csv', meta.lojaColumn)))} from ${fromOf(meta)} ${where} order by ${order}`;
  const { assinanteId, usuarioId } = scope.auth;
  const release = exportGate.acquire(assinanteId, usuarioId === null ? 'integracao' : String(usuarioId));
  const timeout = { statementTimeoutMs: db.settings.exportTimeoutMs };
  // a client that leaves while its export is read: nothing to send, the slot goes back at once
  let gone = false;
  const leave = () => {
    gone = true;
  };
  reply.raw.once('close', leave);
  let spool: Awaited<ReturnType<typeof openSpool>> | undefined;
  let turn: (() => void) | undefined;
  try {
    turn = await readingSlots(db).take();
    if (format === 'xlsx') {
      const n = await db.withTenant(
        assinanteId,
        async (trx) => {
          const r = await sql<{ n: number }>`select ${totalOf(meta, scope, q.q)} as n`.execute(trx);
          return r.rows[0]?.n ?? 0;
        },
        timeout,
      );
      const max = exportLimits.xlsxRows;
      if (n > max)
        throw new ApiError(422, 'Muitas linhas para uma planilha do Excel.', [
          `A planilha comporta até ${max.toLocaleString('pt-BR')} linhas e esta lista tem ${n.toLocaleString('pt-BR')}: exporte em CSV ou filtre a lista.`,
        ]);
    }
    spool = await openSpool(exportLimits.spoolDir, exportLimits.spoolMaxBytes);
    const input = spool.input;
    const compiled = select.compile(db.kysely);
    if (format === 'csv')
      await db.withTenantClient(
        assinanteId,
        async (client) => {
          input.write(csvHeader(cols.map((c) => c.field.label)));
          const copy = client.query(
            copyTo(
              `copy (${inlineParams(compiled.sql, compiled.parameters)}) to stdout with (format csv, delimiter ';')`,
            ),
          );
          await pipeline(copy, new CsvFinish(), input);
        },
        timeout,
      );
    else await writeXlsx(db, scope, meta, cols, compiled, input);
    await spool.written;
    turn();
  } catch (err) {
    turn?.();
    release();
    reply.raw.off('close', leave);
    await spool?.discard();
    if (err instanceof SpoolFull)
      throw new ApiError(422, MSG.exportacaoGrandeDemais(Math.round(err.maxBytes / 1024 / 1024)));
    throw err;
  }
  reply.raw.off('close', leave);
  if (gone) {
    release();
    await spool.discard();
    return reply;
  }
  const nome = meta.def.label.plural.normalize('NFD').replace(/[^\w]/g, '').toLowerCase();
  reply
    .header('content-disposition', `attachment; filename="${nome}.${format}"`)
    .type(format === 'csv' ? 'text/csv; charset=utf-8' : XLSX_TYPE);
  return spool.send(reply, { writeTimeoutMs: exportLimits.writeTimeoutMs, onClose: release });
}

async function writeXlsx(
  db: Database,
  scope: Scope,
  meta: Meta,
  cols: Col[],
  compiled: { sql: string; parameters: readonly unknown[] },
  out: Transform,
) {
  // exceljs costs ~0.3 s to load: only the first XLSX export pays it, not every start-up
  const ExcelJS = (await import('exceljs')).default;
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    // styles carry the date formats: dates are real date cells (sortable, filterable), shown dd/mm/aaaa
    useStyles: true,
    useSharedStrings: false,
    // fastest deflate: the sheet XML compresses well anyway, and deflate was a third of the time
    zip: { zlib: { level: 1 } },
  });
  const ws = wb.addWorksheet(meta.def.label.plural);
  const FORMAT: Record<string, string> = { date: 'dd/mm/yyyy', datetime: 'dd/mm/yyyy hh:mm' };
  const dated = cols.map((c) => c.field.type in FORMAT);
  ws.columns = cols.map((c) => ({
    header: c.field.label,
    key: c.name,
    width: c.field.type === 'datetime' ? 17 : c.name === 'descricao' ? 40 : 18,
    ...(FORMAT[c.field.type] ? { style: { numFmt: FORMAT[c.field.type] } } : {}),
  }));
  // whole numbers (ids, codes, quantities of units) as numbers; money and decimals keep their exact text
  const numeric = cols.map(
    (c) => c.kind === 'number' && !['decimal', 'money', 'percent', 'quantity'].includes(c.field.type),
  );
  const timeout = { statementTimeoutMs: db.settings.exportTimeoutMs };
  await db.withTenantClient(
    scope.auth.assinanteId,
    async (client) => {
      await client.query(`declare export_cur no scroll cursor for ${compiled.sql}`, [...compiled.parameters]);
      for (;;) {
        const { rows } = await client.query<unknown[]>({ text: `fetch ${BATCH} from export_cur`, rowMode: 'array' });
        for (const row of rows) {
          // an empty cell is skipped (exceljs builds an object per cell it is given)
          for (let i = 0; i < row.length; i++)
            if (row[i] === null) row[i] = undefined;
            else if (numeric[i]) row[i] = Number(row[i]);
            else if (dated[i]) row[i] = excelDate(String(row[i]));
          ws.addRow(row).commit();
        }
        if (rows.length < BATCH) break;
        await compressed(ws);
        if (out.writableNeedDrain) await new Promise((r) => out.once('drain', r));
      }
    },
    timeout,
  );
  ws.commit();
  await wb.commit();
}

type Pending = { _writableState?: { length: number; highWaterMark: number }; once(e: 'drain', f: () => void): void };

/**
 * exceljs writes each committed row into the sheet's zip entry without waiting for it, so when
 * deflate is slower than the cursor the XML piles up in memory (~400 MB for 1 M rows). Before the
 * next batch, wait for that entry's buffer to drain (exceljs internals: no public hook for it; when
 * they change, this only stops throttling).
 */
async function compressed(ws: unknown) {
  const dest = (ws as { stream?: { pipes?: Pending[] } }).stream?.pipes?.[0];
  const st = dest?._writableState;
  while (dest && st && st.length > st.highWaterMark) await new Promise<void>((r) => dest.once('drain', r));
}
