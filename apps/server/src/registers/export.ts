/**
 * Export of a register list (CSV or XLSX) honouring the list's filter and sort, streamed so a
 * million rows never sit in memory. CSV: PostgreSQL formats the cells and COPY streams them (no
 * per-row work in Node). XLSX: a server-side cursor read in big batches as arrays, written by
 * exceljs's streaming writer; one sheet holds at most 1,048,576 rows (header included), so a
 * bigger export answers 422 and points to CSV or a filter.
 */
import { PassThrough, Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyReply } from 'fastify';
import { sql, type RawBuilder } from 'kysely';
import { to as copyTo } from 'pg-copy-streams';
import type { Database } from '../db/database';
import { inlineParams } from '../db/literal';
import { ApiError } from '../plugins/errors';
import type { Col, Meta } from './meta';
import { fromOf, orderBy, type Scope, totalOf, whereOf } from './query';

const BATCH = 10_000;
/** Data rows one XLSX sheet can hold (1,048,576 minus the header); a test lowers it. */
export const exportLimits = { xlsxRows: 1_048_575 };
const TZ = 'America/Sao_Paulo';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The cell as text, formatted by PostgreSQL: Sim/Não, lists joined, local date-times, empty for null. */
function cellSql(c: Col): RawBuilder<unknown> {
  const ref = sql.ref(`t.${c.column}`);
  switch (c.field.type) {
    case 'boolean':
      return sql`case when ${ref} then 'Sim' when not ${ref} then 'Não' end`;
    case 'multiEnum':
    case 'multiReference':
    case 'lojas':
      return sql`nullif(array_to_string(${ref}, ', '), '')`;
    case 'datetime':
      return sql`to_char(${ref} at time zone ${sql.lit(TZ)}, 'YYYY-MM-DD"T"HH24:MI:SS')`;
    case 'date':
      return sql`to_char(${ref}, 'YYYY-MM-DD')`;
    default:
      // an empty text is written like a null (COPY would quote it as "")
      return sql`nullif(${ref}::text, '')`;
  }
}

/** COPY ends lines with LF; the file keeps CRLF between records (line breaks inside quotes stay as they are). */
class CrLf extends Transform {
  private quoted = false;
  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback) {
    const out: Buffer[] = [];
    let from = 0;
    for (let i = 0; i < chunk.length; i++) {
      const b = chunk[i];
      if (b === 0x22) this.quoted = !this.quoted;
      else if (b === 0x0a && !this.quoted) {
        out.push(chunk.subarray(from, i), CRLF);
        from = i + 1;
      }
    }
    out.push(chunk.subarray(from));
    done(null, Buffer.concat(out));
  }
}
const CRLF = Buffer.from('\r\n');

function csvHeader(cols: Col[]): string {
  const cell = (s: string) => (/[";\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s);
  return `\uFEFF${cols.map((c) => cell(c.field.label)).join(';')}\r\n`;
}

export async function exportRows(
  db: Database,
  meta: Meta,
  scope: Scope,
  q: Record<string, unknown>,
  reply: FastifyReply,
) {
  const format = q.format === undefined ? 'xlsx' : q.format;
  if (format !== 'csv' && format !== 'xlsx')
    throw new ApiError(400, 'Formato de exportação inválido: use csv ou xlsx.');
  // validate filter and sort before answering 200 (errors mid-stream can only cut the file)
  const where = whereOf(meta, scope, q.q);
  const order = orderBy(meta, q.sort);
  const cols = meta.cols.filter((c) => !c.field.hidden);
  const select = sql`select ${sql.join(cols.map(cellSql))} from ${fromOf(meta)} ${where} order by ${order}`;
  if (format === 'xlsx') {
    const n = await db.withTenant(scope.auth.assinanteId, async (trx) => {
      const r = await sql<{ n: number }>`select ${totalOf(meta, scope, q.q)} as n`.execute(trx);
      return r.rows[0]?.n ?? 0;
    });
    const max = exportLimits.xlsxRows;
    if (n > max)
      throw new ApiError(422, 'Muitas linhas para uma planilha do Excel.', [
        `A planilha comporta até ${max.toLocaleString('pt-BR')} linhas e esta lista tem ${n.toLocaleString('pt-BR')}: exporte em CSV ou filtre a lista.`,
      ]);
  }
  const nome = meta.def.label.plural.normalize('NFD').replace(/[^\w]/g, '').toLowerCase();
  reply
    .header('content-disposition', `attachment; filename="${nome}.${format}"`)
    .type(format === 'csv' ? 'text/csv; charset=utf-8' : XLSX_TYPE);
  const out = new PassThrough();
  const compiled = select.compile(db.kysely);
  const run =
    format === 'csv'
      ? db.withTenantClient(scope.auth.assinanteId, async (client) => {
          out.write(csvHeader(cols));
          const copy = client.query(
            copyTo(
              `copy (${inlineParams(compiled.sql, compiled.parameters)}) to stdout with (format csv, delimiter ';')`,
            ),
          );
          await pipeline(copy, new CrLf(), out);
        })
      : writeXlsx(db, scope, meta, cols, compiled, out);
  run.catch((err) => out.destroy(err));
  return reply.send(out);
}

async function writeXlsx(
  db: Database,
  scope: Scope,
  meta: Meta,
  cols: Col[],
  compiled: { sql: string; parameters: readonly unknown[] },
  out: PassThrough,
) {
  // exceljs costs ~0.3 s to load: only the first XLSX export pays it, not every start-up
  const ExcelJS = (await import('exceljs')).default;
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: false,
    useSharedStrings: false,
    // fastest deflate: the sheet XML compresses well anyway, and deflate was a third of the time
    zip: { zlib: { level: 1 } },
  });
  const ws = wb.addWorksheet(meta.def.label.plural);
  ws.columns = cols.map((c) => ({ header: c.field.label, key: c.name, width: 18 }));
  // whole numbers (ids, codes, quantities of units) as numbers; money and decimals keep their exact text
  const numeric = cols.map(
    (c) => c.kind === 'number' && !['decimal', 'money', 'percent', 'quantity'].includes(c.field.type),
  );
  await db.withTenantClient(scope.auth.assinanteId, async (client) => {
    await client.query(`declare export_cur no scroll cursor for ${compiled.sql}`, [...compiled.parameters]);
    for (;;) {
      const { rows } = await client.query<unknown[]>({ text: `fetch ${BATCH} from export_cur`, rowMode: 'array' });
      for (const row of rows) {
        // an empty cell is skipped (exceljs builds an object per cell it is given)
        for (let i = 0; i < row.length; i++)
          if (row[i] === null) row[i] = undefined;
          else if (numeric[i]) row[i] = Number(row[i]);
        ws.addRow(row).commit();
      }
      if (rows.length < BATCH) break;
      await compressed(ws);
      if (out.writableNeedDrain) await new Promise((r) => out.once('drain', r));
    }
  });
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
