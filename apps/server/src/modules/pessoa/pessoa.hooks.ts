/** Rules of the Pessoa registers beyond the declaration: document ↔ person type, IE, IBGE ↔ UF. */
import { cliente, erroInscricaoEstadual, falhaDeCampo, fornecedor, MSG, UF_IBGE } from '@retaguarda/domain';
import { sql } from 'kysely';
import { ApiError, type Razao } from '../../plugins/errors';
import { defineRegisterHooks, type HookContext, type RegisterHooks } from '../../registers/hooks';
import { ieSemPontuacao } from './inscricao-estadual';

export const invalid = (reasons: Razao[]) => new ApiError(422, MSG.validacao, reasons);

function merged({ value, before }: HookContext): Record<string, unknown> {
  const m = { ...(before ?? {}), ...value };
  m.endereco = { ...((before?.endereco as object) ?? {}), ...((value.endereco as object) ?? {}) };
  return m;
}

/** The IBGE municipality must exist (FK) and belong to the address's UF (its first 2 digits). */
export async function checkEndereco(ctx: HookContext, reasons: Razao[]) {
  const e = merged(ctx).endereco as Record<string, unknown>;
  const ibge = e.codigoIbge as string | null | undefined;
  if (!ibge) return;
  const uf = e.uf as string | null | undefined;
  if (uf && UF_IBGE[uf] !== ibge.slice(0, 2))
    reasons.push(falhaDeCampo('endereco.codigoIbge', `o município ${ibge} não pertence à UF ${uf}.`));
  if (!e.municipio && 'endereco' in ctx.value) {
    const r = await sql<{ nome: string }>`select nome from municipio where codigo_ibge = ${ibge}`.execute(ctx.trx);
    if (r.rows[0]) (ctx.value.endereco as Record<string, unknown>).municipio = r.rows[0].nome;
  }
}

function checkDocumento(ctx: HookContext, reasons: Razao[]) {
  const m = merged(ctx);
  const doc = m.numeroDoDocumento as string | null | undefined;
  if (!doc) return;
  if (m.tipoDePessoa === 'F' && doc.length !== 11)
    reasons.push(falhaDeCampo('numeroDoDocumento', 'pessoa física deve ter CPF.'));
  if (m.tipoDePessoa === 'J' && doc.length !== 14)
    reasons.push(falhaDeCampo('numeroDoDocumento', 'pessoa jurídica deve ter CNPJ.'));
}

async function pessoa(ctx: HookContext) {
  const reasons: Razao[] = [];
  checkDocumento(ctx, reasons);
  const m = merged(ctx);
  if (String(m.indicadorIE ?? '') === '1' && (!m.inscricaoEstadual || m.inscricaoEstadual === 'ISENTO')) {
    reasons.push(falhaDeCampo('inscricaoEstadual', 'obrigatória para contribuinte do ICMS (indicador 1).'));
  } else if ('inscricaoEstadual' in ctx.value || 'endereco' in ctx.value) {
    // by the rule of the address's UF (the IE is issued by the state the person is established in)
    const uf = (m.endereco as Record<string, unknown>).uf as string | null | undefined;
    const erro = erroInscricaoEstadual(uf, m.inscricaoEstadual as string | null);
    if (erro) reasons.push(falhaDeCampo('inscricaoEstadual', erro));
  }
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

/** Fornecedor and cliente are both a person with a document and an address: one set of rules. */
const pessoaHooks: RegisterHooks = {
  prepareBody: (body) => ieSemPontuacao(enderecoDeLista(body)),
  beforeCreate: pessoa,
  beforeUpdate: pessoa,
};
export const fornecedorHooks = defineRegisterHooks(fornecedor, pessoaHooks);
export const clienteHooks = defineRegisterHooks(cliente, pessoaHooks);
