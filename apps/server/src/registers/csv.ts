/**
 * The CSV side of the export: PostgreSQL formats the cells and COPY writes the records; here, the
 * cell expression of each field and the last pass over COPY's bytes (CRLF between records, and the
 * quotes around neutralised cells).
 *
 * Formula injection (OWASP "CSV Injection"): a text cell starting with = + - @ tab or CR would be
 * evaluated by a spreadsheet. Such a cell gets a leading single quote (in SQL) and is quoted (below).
 * Decided by the field's declared kind, not by the text: a number column keeps its `-12.50`.
 */
import { Transform, type TransformCallback } from 'node:stream';
import { sql, type RawBuilder } from 'kysely';
import { localIsoText, zonaDaLojaIdSql } from '../time';
import type { Col } from './meta';

/**
 * The cell as text, formatted by PostgreSQL: Sim/Não, lists joined, local date-times, empty for null.
 * `csv`: formula-looking texts neutralised (an XLSX text cell is never evaluated: it keeps the text).
 */
export function cellSql(c: Col, csv: boolean, lojaColumn?: string): RawBuilder<unknown> {
  const ref = sql.ref(`t.${c.column}`);
  const neutralised = (e: RawBuilder<unknown>) => (csv ? neutralise(c, e) : e);
  switch (c.field.type) {
    case 'boolean':
      return sql`case when ${ref} then 'Sim' when not ${ref} then 'Não' end`;
    case 'multiEnum':
    case 'multiReference':
    case 'lojas':
      return neutralised(sql`nullif(array_to_string(${ref}, ', '), '')`);
    case 'datetime':
      // in the row's store's zone when the register has one store
      return localIsoText(ref, lojaColumn ? zonaDaLojaIdSql(sql.ref(`t.${lojaColumn}`)) : undefined);
    case 'date':
      return sql`to_char(${ref}, 'YYYY-MM-DD')`;
    default:
      // an empty text is written like a null (COPY would quote it as "")
      return neutralised(sql`nullif(${ref}::text, '')`);
  }
}

/** Text and enum cells that a spreadsheet would read as a formula get a leading single quote. */
function neutralise(c: Col, e: RawBuilder<unknown>): RawBuilder<unknown> {
  if (c.kind !== 'text' && c.kind !== 'enum') return e;
  return sql`case when left(${e}, 1) in ('=', '+', '-', '@', chr(9), chr(13)) then '''' || ${e} else ${e} end`;
}

export function csvHeader(labels: string[]): string {
  const cell = (s: string) => (/[";\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s);
  return `\uFEFF${labels.map(cell).join(';')}\r\n`;
}

const QUOTE = 0x22;
const SEMI = 0x3b;
const LF = 0x0a;
const APOS = 0x27;
/** = + - @ tab CR: after a leading apostrophe, the cell was neutralised in SQL */
const FORMULA = new Set([0x3d, 0x2b, 0x2d, 0x40, 0x09, 0x0d]);
const DQ = Buffer.from('"');
const CRLF = Buffer.from('\r\n');
const DQ_CRLF = Buffer.from('"\r\n');
const APOS_BUF = Buffer.from("'");
const DQ_APOS = Buffer.from(`"'`);

/**
 * COPY ends lines with LF; the file keeps CRLF between records (line breaks inside quotes stay as
 * they are). An unquoted cell that starts with a quote + formula character is wrapped in double
 * quotes (it holds no `"`, `;` or line break, or COPY would have quoted it already). Works across
 * chunk boundaries.
 */
export class CsvFinish extends Transform {
  private quoted = false;
  private fieldStart = true;
  /** a cell's leading apostrophe ended the previous chunk: not written yet */
  private heldApos = false;
  /** inside a cell this pass opened a double quote for */
  private wrapping = false;

  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback) {
    if (!chunk.length) return done();
    const out: Buffer[] = [];
    let from = 0;
    if (this.heldApos) {
      this.heldApos = false;
      this.wrapping = FORMULA.has(chunk[0]!);
      out.push(this.wrapping ? DQ_APOS : APOS_BUF);
    }
    for (let i = 0; i < chunk.length; i++) {
      const b = chunk[i];
      if (this.quoted) {
        if (b === QUOTE) this.quoted = false;
        continue;
      }
      if (this.fieldStart) {
        this.fieldStart = false;
        if (b === APOS) {
          if (i + 1 === chunk.length) {
            out.push(chunk.subarray(from, i));
            from = i + 1;
            this.heldApos = true;
          } else if (FORMULA.has(chunk[i + 1]!)) {
            out.push(chunk.subarray(from, i), DQ);
            from = i;
            this.wrapping = true;
          }
          continue;
        }
      }
      if (b === QUOTE) this.quoted = true;
      else if (b === SEMI) {
        if (this.wrapping) {
          out.push(chunk.subarray(from, i), DQ);
          from = i;
          this.wrapping = false;
        }
        this.fieldStart = true;
      } else if (b === LF) {
        out.push(chunk.subarray(from, i), this.wrapping ? DQ_CRLF : CRLF);
        from = i + 1;
        this.wrapping = false;
        this.fieldStart = true;
      }
    }
    out.push(chunk.subarray(from));
    done(null, Buffer.concat(out));
  }

  override _flush(done: TransformCallback) {
    if (this.heldApos) this.push(APOS_BUF);
    if (this.wrapping) this.push(DQ);
    done();
  }
}
