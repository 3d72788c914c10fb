/**
 * Kysely's `$n` placeholders as SQL literals, for the statements that cannot take bind parameters:
 * COPY, and the one-message reads of `Database.readOnce` (tenant setting + query in the simple
 * protocol). Every value becomes an escaped literal (never raw text); the SQL text itself comes from
 * the register declarations, not from the request.
 */
import pg from 'pg';

export function inlineParams(text: string, params: readonly unknown[]): string {
  return text.replace(/\$(\d+)/g, (_, n: string) => literal(params[Number(n) - 1]));
}

function literal(v: unknown): string {
  if (v === null || v === undefined) return 'null';
  if (typeof v === 'boolean') return v ? 'true' : 'false';
  if (typeof v === 'number') {
    if (!Number.isFinite(v)) throw new Error('número inválido em literal SQL');
    return pg.escapeLiteral(String(v));
  }
  if (typeof v === 'string') return pg.escapeLiteral(v);
  if (v instanceof Date) return pg.escapeLiteral(v.toISOString());
  if (Array.isArray(v)) {
    const items = v.map((x) =>
      x === null || x === undefined ? 'NULL' : `"${String(x).replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`,
    );
    return pg.escapeLiteral(`{${items.join(',')}}`);
  }
  throw new Error(`parâmetro sem literal SQL: ${typeof v}`);
}
