/** Writes of the generic engine: insert, update with optimistic concurrency, delete; pg errors → 409/422. */
import { columnOf, type FieldDef, falhaDeCampo, frase, MSG } from '@retaguarda/domain';
import { sql } from 'kysely';
import type { Tx } from '../db/database';
import { versionGuard } from '../db/optimistic';
import { ApiError, type Razao } from '../plugins/errors';
import type { Meta } from './meta';

/** API object (nested groups) → column values; children are written separately. */
export function toColumns(meta: Meta, value: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of meta.def.fields) {
    if (f.virtual || f.type === 'children' || !(f.name in value)) continue;
    if (f.type === 'group') {
      const g = (value[f.name] ?? {}) as Record<string, unknown>;
      for (const sub of f.fields ?? []) if (sub.name in g) out[columnOf(sub, f.name)] = g[sub.name];
    } else if (f.name !== 'versao') out[columnOf(f)] = value[f.name];
  }
  return out;
}

function values(cols: Record<string, unknown>) {
  return Object.values(cols).map((v) => (Array.isArray(v) ? sql`${v}` : v));
}

export async function insertRow(
  trx: Tx,
  meta: Meta,
  cols: Record<string, unknown>,
  assinanteId: number,
): Promise<string | number> {
  const all = meta.def.global ? cols : { assinante_id: assinanteId, ...cols };
  const names = Object.keys(all).map((c) => sql.ref(c));
  const r = await sql<{
    id: string | number;
  }>`insert into ${sql.table(meta.def.table)} (${sql.join(names)}) values (${sql.join(values(all))}) returning id`.execute(
    trx,
  );
  return r.rows[0]!.id;
}

/** Returns false when `versao` was given and is stale (the caller tells 404 from 409). */
export async function updateRow(
  trx: Tx,
  meta: Meta,
  id: unknown,
  cols: Record<string, unknown>,
  versao: number | undefined,
): Promise<boolean> {
  const sets = Object.entries(cols).map(([c, v]) => sql`${sql.ref(c)} = ${Array.isArray(v) ? sql`${v}` : v}`);
  sets.push(sql`alterado_em = now()`, sql`versao = versao + 1`);
  const r =
    await sql`update ${sql.table(meta.def.table)} set ${sql.join(sets)} where id = ${id}${versionGuard(versao)}`.execute(
      trx,
    );
  return Number(r.numAffectedRows ?? 0) > 0;
}

export async function deleteRow(trx: Tx, meta: Meta, id: unknown): Promise<void> {
  await sql`delete from ${sql.table(meta.def.table)} where id = ${id}`.execute(trx);
}

export async function writeChildren(
  trx: Tx,
  child: FieldDef,
  parentId: unknown,
  rows: Record<string, unknown>[],
  assinanteId: number,
) {
  await sql`delete from ${sql.table(child.table!)} where ${sql.ref(child.parentColumn!)} = ${parentId}`.execute(trx);
  for (const [i, row] of rows.entries()) {
    const cols: Record<string, unknown> = { assinante_id: assinanteId, [child.parentColumn!]: parentId, ordem: i };
    for (const f of child.fields ?? []) if (f.name in row) cols[columnOf(f)] = row[f.name];
    const names = Object.keys(cols).map((c) => sql.ref(c));
    await sql`insert into ${sql.table(child.table!)} (${sql.join(names)}) values (${sql.join(values(cols))})`.execute(
      trx,
    );
  }
}

interface PgError {
  code?: string;
  detail?: string;
  constraint?: string;
  table?: string;
  column?: string;
}

/** Which declared field a constraint or key detail is about. */
function fieldOf(meta: Meta, e: PgError): { name: string; label: string } | undefined {
  const text = `${e.constraint ?? ''} ${e.detail ?? ''} ${e.column ?? ''}`;
  const hit = meta.cols
    // constraint names join words with '_' (marca_descricao_uq): only letters and digits count as the word
    .filter(
      (c) =>
        c.column !== 'assinante_id' &&
        c.column !== 'id' &&
        new RegExp(`(^|[^a-z0-9])${c.column}([^a-z0-9]|$)`).test(text),
    )
    .sort((a, b) => b.column.length - a.column.length)[0];
  if (hit) return { name: hit.name, label: hit.field.label };
  for (const child of meta.children) if (e.table === child.table) return { name: child.name, label: child.label };
  if (/\bid\b/.test(text)) return { name: 'id', label: 'Código' };
  return undefined;
}

/** The reason of a constraint error: the declared field's error by its label, else the sentence alone. */
function razao(f: { name: string; label: string } | undefined, mensagem: string): Razao {
  return f ? falhaDeCampo(f.name, mensagem, f.label) : frase(mensagem);
}

/** Maps database constraint errors of a write to the API's 409/422; anything else is rethrown. */
export function mapWriteError(
  meta: Meta,
  err: unknown,
  op: 'write' | 'delete',
  labelOfTable: (t: string) => string,
): never {
  const e = err as PgError;
  const { indefinido, definido } = meta.def.label;
  if (e.code === '23505') {
    const f = fieldOf(meta, e);
    const campo = f ? f.label.toLowerCase() : 'os mesmos dados';
    throw new ApiError(409, `Já existe ${indefinido} com ${f ? `este(a) ${campo}` : campo}.`, [
      razao(f, 'valor já cadastrado.'),
    ]);
  }
  // an EXCLUDE constraint (one active rule per key and period, cenários fiscais): a concurrent save got there first
  if (e.code === '23P01') {
    throw new ApiError(409, `Já existe ${indefinido} com os mesmos dados e vigência sobreposta.`, [
      frase('Outro registro com a mesma chave vale no mesmo período.'),
    ]);
  }
  if (e.code === '23503') {
    if (op === 'delete' || (e.table && e.table !== meta.def.table && !meta.children.some((c) => c.table === e.table))) {
      const em = labelOfTable(e.table ?? '');
      throw new ApiError(
        409,
        `Não é possível excluir: ${definido} está em uso. Inative o registro em vez de excluí-lo.`,
        [`Referenciado em ${em}.`],
      );
    }
    const f = fieldOf(meta, e);
    throw new ApiError(422, MSG.validacao, [razao(f, 'registro referenciado não encontrado.')]);
  }
  if (
    e.code === '23514' ||
    e.code === '23502' ||
    e.code === '22001' ||
    e.code === '22003' ||
    e.code === '22P02' ||
    e.code === '22007' ||
    e.code === '22008'
  ) {
    const f = fieldOf(meta, e);
    throw new ApiError(422, MSG.validacao, [razao(f, 'valor não aceito.')]);
  }
  throw err;
}
