/**
 * Export of a register list (CSV or XLSX) honouring the list's filter and sort, streamed from a
 * server-side cursor so a million rows never sit in memory.
 */
import { PassThrough } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { sql } from 'kysely';
import type { Database } from '../db/database';
import { ApiError } from '../plugins/errors';
import type { Meta } from './meta';
import { fromOf, orderBy, type Scope, whereOf } from './query';

const BATCH = 2000;

function cell(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'boolean') return v ? 'Sim' : 'Não';
  if (Array.isArray(v)) return v.join(', ');
  return String(v);
}

function csvCell(v: unknown): string {
  const s = cell(v);
  return /[";\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
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
  const out = new PassThrough();
  const nome = meta.def.label.plural.normalize('NFD').replace(/[^\w]/g, '').toLowerCase();
  reply
    .header('content-disposition', `attachment; filename="${nome}.${format}"`)
    .type(
      format === 'csv'
        ? 'text/csv; charset=utf-8'
        : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
  // exceljs costs ~0.3 s to load: only the first XLSX export pays it, not every start-up
  const ExcelJS = format === 'xlsx' ? (await import('exceljs')).default : undefined;
  const wb = ExcelJS
    ? new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: false, useSharedStrings: false })
    : undefined;
  const ws = wb?.addWorksheet(meta.def.label.plural);
  if (ws) ws.columns = cols.map((c) => ({ header: c.field.label, key: c.name, width: 18 }));
  else out.write(`\uFEFF${cols.map((c) => csvCell(c.field.label)).join(';')}\r\n`);
  const run = db.withTenant(scope.auth.assinanteId, async (trx) => {
    await sql`declare export_cur no scroll cursor for select ${meta.selectList} from ${fromOf(meta)} ${where} order by ${order}`.execute(
      trx,
    );
    for (;;) {
      const { rows } = await sql<Record<string, unknown>>`fetch ${sql.raw(String(BATCH))} from export_cur`.execute(trx);
      for (const raw of rows) {
        const flat = raw;
        if (ws) ws.addRow(cols.map((c) => flat[c.name] ?? null)).commit();
        else if (!out.write(`${cols.map((c) => csvCell(flat[c.name])).join(';')}\r\n`))
          await new Promise((r) => out.once('drain', r));
      }
      if (rows.length < BATCH) break;
    }
  });
  run
    .then(async () => {
      if (wb && ws) {
        ws.commit();
        await wb.commit();
      } else out.end();
    })
    .catch((err) => out.destroy(err));
  return reply.send(out);
}
