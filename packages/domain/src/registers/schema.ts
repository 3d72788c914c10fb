/**
 * zod schemas derived from a declaration: the server validates with them and the web form
 * uses the same ones, so both show the same pt-BR message under the same field.
 * create: required fields enforced and defaults applied; update: a field left out keeps its value.
 */
import { z } from 'zod';
import { rotuloDoCampo } from './rotulo-de-campo';
import type { FalhaDeCampo } from '../contrato';
import { isEmpty, normalizeScalar } from './normalize';
import type { FieldDef, RegisterDef } from './types';

export type Mode = 'create' | 'update';
type Issue = { path: string; message: string };

function writable(fields: readonly FieldDef[], def?: RegisterDef): FieldDef[] {
  return fields.filter((x) => !x.readOnly && !x.hidden && !(def && x.name === 'id' && def.idKind !== 'code'));
}

function normalizeField(f: FieldDef, v: unknown, mode: Mode, path: string, issues: Issue[]): unknown {
  if (v === undefined && mode === 'update') return undefined;
  if (isEmpty(v) || (f.type === 'group' && v === undefined)) {
    if (f.type === 'children' || f.type === 'multiEnum' || f.type === 'multiReference' || f.type === 'lojas') {
      if (f.required && mode === 'create') issues.push({ path, message: 'Campo obrigatório.' });
      return [];
    }
    if (f.type === 'group')
      return normalizeObject(f.fields ?? [], {}, mode === 'create' ? 'create' : 'update', `${path}.`, issues);
    if (f.required) {
      if (v === undefined && f.default !== undefined) return f.default;
      issues.push({ path, message: 'Campo obrigatório.' });
      return undefined;
    }
    return v === undefined && mode === 'create' && f.default !== undefined ? f.default : null;
  }
  if (f.type === 'group') {
    if (typeof v !== 'object' || Array.isArray(v)) {
      issues.push({ path, message: 'Deve ser um objeto.' });
      return undefined;
    }
    return normalizeObject(f.fields ?? [], v as Record<string, unknown>, mode, `${path}.`, issues);
  }
  if (f.type === 'children') {
    if (!Array.isArray(v) || v.length > 500) {
      issues.push({ path, message: Array.isArray(v) ? 'No máximo 500 itens.' : 'Deve ser uma lista.' });
      return undefined;
    }
    return v.map((row, i) => {
      if (typeof row !== 'object' || row === null || Array.isArray(row)) {
        issues.push({ path: `${path}[${i}]`, message: 'Deve ser um objeto.' });
        return undefined;
      }
      return normalizeObject(f.fields ?? [], row as Record<string, unknown>, 'create', `${path}[${i}].`, issues);
    });
  }
  const r = normalizeScalar(f, v);
  if (!r.ok) {
    issues.push({ path, message: r.message });
    return undefined;
  }
  if (r.value === null && f.required) issues.push({ path, message: 'Campo obrigatório.' });
  // a required list (lojas, tributos) needs at least one item: `[]` is not "filled in"
  else if (f.required && Array.isArray(r.value) && r.value.length === 0)
    issues.push({ path, message: 'Campo obrigatório.' });
  return r.value;
}

function normalizeObject(
  fields: readonly FieldDef[],
  body: Record<string, unknown>,
  mode: Mode,
  prefix: string,
  issues: Issue[],
  def?: RegisterDef,
) {
  const out: Record<string, unknown> = {};
  for (const f of writable(fields, def)) {
    const v = normalizeField(f, body[f.name], mode, `${prefix}${f.name}`, issues);
    if (v !== undefined) out[f.name] = v;
  }
  return out;
}

export interface ValidationResult {
  ok: boolean;
  value: Record<string, unknown>;
  issues: Issue[];
}

/** Plain validation (no zod): the engine's hot path. */
export function validateRecord(def: RegisterDef, body: unknown, mode: Mode): ValidationResult {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return { ok: false, value: {}, issues: [{ path: '', message: 'O corpo deve ser um objeto JSON.' }] };
  }
  const issues: Issue[] = [];
  const value = normalizeObject(def.fields, body as Record<string, unknown>, mode, '', issues, def);
  // versao is read-only but travels with PUT for optimistic concurrency
  const versao = (body as Record<string, unknown>).versao;
  if (mode === 'update' && versao !== undefined && versao !== null) {
    if (typeof versao === 'number' && Number.isInteger(versao)) value.versao = versao;
    else if (typeof versao === 'string' && /^\d{1,9}$/.test(versao)) value.versao = Number(versao);
    else issues.push({ path: 'versao', message: 'Deve ser um número inteiro.' });
  }
  return { ok: issues.length === 0, value, issues };
}

/** The same rules as a zod schema (web forms: zodResolver(schemaFor(def, 'create'))). */
export function schemaFor(def: RegisterDef, mode: Mode) {
  return z.unknown().transform((body, ctx) => {
    const r = validateRecord(def, body, mode);
    for (const i of r.issues)
      ctx.addIssue({ code: 'custom', message: i.message, path: i.path ? i.path.split('.') : [] });
    return r.value;
  });
}

/** The issues as the API's reasons: a field's error with its label (`Rótulo: Mensagem.`, contrato.ts), else the text. */
export function reasonsOf(issues: readonly Issue[], def: RegisterDef): (string | FalhaDeCampo)[] {
  // by the field's label ("CEP", not "endereco.cep"); an undeclared path gets the sentence alone
  return issues.map((i) => {
    if (!i.path) return i.message;
    const rotulo = rotuloDoCampo(def, i.path.replace(/\[(\d+)\]/g, '.$1'));
    return rotulo ? { campo: i.path, mensagem: i.message, rotulo } : { campo: i.path, mensagem: i.message };
  });
}
