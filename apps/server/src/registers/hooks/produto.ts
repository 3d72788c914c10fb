/** Rules of Produto beyond the declaration: hierarchy completeness, NCM in force, CEST of the NCM, gênero. */
import { gtinValido } from '@retaguarda/domain';
import { sql } from 'kysely';
import { ApiError } from '../../plugins/errors';
import type { HookContext, RegisterHooks } from '../hooks';
import { regimesDoProduto } from './fiscal-local';

const invalid = (reasons: string[]) => new ApiError(422, 'Os dados enviados são inválidos.', reasons);

async function produto(ctx: HookContext) {
  const m = { ...(ctx.before ?? {}), ...ctx.value };
  const reasons: string[] = [];
  // composite keys only check a grupo against its seção when both are present
  if (m.grupoId != null && m.secaoId == null) reasons.push('secaoId: informe a seção do grupo.');
  if (m.subgrupoId != null && m.grupoId == null) reasons.push('grupoId: informe o grupo do subgrupo.');
  const ncm = m.ncmId as string | null | undefined;
  if ('ncmId' in ctx.value) {
    if (ncm) {
      const r = await sql<{
        vigente: boolean;
      }>`select digitos = 8 and data_fim >= current_date as vigente from ncm_oficial where codigo = ${ncm}`.execute(
        ctx.trx,
      );
      if (!r.rows[0]) reasons.push(`ncmId: o NCM ${ncm} não existe na tabela oficial.`);
      else if (!r.rows[0].vigente) reasons.push(`ncmId: o NCM ${ncm} não está em vigor.`);
    }
    ctx.value.generoId = ncm ? ncm.slice(0, 2) : null;
  }
  const cest = m.cest as string | null | undefined;
  if (cest && ('cest' in ctx.value || 'ncmId' in ctx.value)) {
    if (!ncm) reasons.push('cest: informe o NCM do produto.');
    else {
      // CEST annexes list NCM codes or prefixes (4 to 8 digits)
      const r = await sql`select 1 from cest_oficial where codigo = ${cest} and ${ncm} like ncm || '%' limit 1`.execute(
        ctx.trx,
      );
      if (!r.rows.length) reasons.push(`cest: o CEST ${cest} não pertence ao NCM ${ncm}.`);
    }
  }
  reasons.push(...(await regimesDoProduto(ctx)));
  if (reasons.length) throw invalid(reasons);
}

async function codigoAuxiliar(ctx: HookContext) {
  const m = { ...(ctx.before ?? {}), ...ctx.value };
  const id = String(m.id ?? ctx.id ?? '');
  if (m.tipo === 'EAN' && !gtinValido(id))
    throw invalid(['id: código de barras inválido: dígito verificador GTIN não confere.']);
}

export const produtoHooks: RegisterHooks = { beforeCreate: produto, beforeUpdate: produto };
export const codigoAuxiliarHooks: RegisterHooks = { beforeCreate: codigoAuxiliar, beforeUpdate: codigoAuxiliar };
