/** Rules of the Pessoa registers beyond the declaration: document ↔ person type, IE, IBGE ↔ UF. */
import { UF_IBGE } from '@retaguarda/domain';
import { sql } from 'kysely';
import { ApiError } from '../../plugins/errors';
import type { HookContext, RegisterHooks } from '../hooks';

const invalid = (reasons: string[]) => new ApiError(422, 'Os dados enviados são inválidos.', reasons);

function merged({ value, before }: HookContext): Record<string, unknown> {
  const m = { ...(before ?? {}), ...value };
  m.endereco = { ...((before?.endereco as object) ?? {}), ...((value.endereco as object) ?? {}) };
  return m;
}

/** The IBGE municipality must exist (FK) and belong to the address's UF (its first 2 digits). */
export async function checkEndereco(ctx: HookContext, reasons: string[]) {
  const e = merged(ctx).endereco as Record<string, unknown>;
  const ibge = e.codigoIbge as string | null | undefined;
  if (!ibge) return;
  const uf = e.uf as string | null | undefined;
  if (uf && UF_IBGE[uf] !== ibge.slice(0, 2))
    reasons.push(`endereco.codigoIbge: o município ${ibge} não pertence à UF ${uf}.`);
  if (!e.municipio && 'endereco' in ctx.value) {
    const r = await sql<{ nome: string }>`select nome from municipio where codigo_ibge = ${ibge}`.execute(ctx.trx);
    if (r.rows[0]) (ctx.value.endereco as Record<string, unknown>).municipio = r.rows[0].nome;
  }
}

function checkDocumento(ctx: HookContext, reasons: string[]) {
  const m = merged(ctx);
  const doc = m.numeroDoDocumento as string | null | undefined;
  if (!doc) return;
  if (m.tipoDePessoa === 'F' && doc.length !== 11) reasons.push('numeroDoDocumento: pessoa física deve ter CPF.');
  if (m.tipoDePessoa === 'J' && doc.length !== 14) reasons.push('numeroDoDocumento: pessoa jurídica deve ter CNPJ.');
}

async function pessoa(ctx: HookContext) {
  const reasons: string[] = [];
  checkDocumento(ctx, reasons);
  const m = merged(ctx);
  if (String(m.indicadorIE ?? '') === '1' && (!m.inscricaoEstadual || m.inscricaoEstadual === 'ISENTO')) {
    reasons.push('inscricaoEstadual: obrigatória para contribuinte do ICMS (indicador 1).');
  }
  await checkEndereco(ctx, reasons);
  if (reasons.length) throw invalid(reasons);
}

async function soEndereco(ctx: HookContext) {
  const reasons: string[] = [];
  await checkEndereco(ctx, reasons);
  if (reasons.length) throw invalid(reasons);
}

/** Integrations send the address as `enderecos: [{…}]` (full form) instead of `endereco`. */
function enderecoDeLista(body: unknown): unknown {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return body;
  const b = body as Record<string, unknown>;
  if (b.endereco === undefined && Array.isArray(b.enderecos) && b.enderecos[0] && typeof b.enderecos[0] === 'object') {
    const e = b.enderecos[0] as Record<string, unknown>;
    return { ...b, endereco: { ...e, numero: e.numero ?? e.numeroEndereco } };
  }
  return body;
}

export const pessoaHooks: RegisterHooks = { prepareBody: enderecoDeLista, beforeCreate: pessoa, beforeUpdate: pessoa };
export const contadorHooks: RegisterHooks = { beforeCreate: soEndereco, beforeUpdate: soEndereco };
