/**
 * Local fiscal attributes checked against the official tables: an NCM's CEST links (the CEST must
 * list the NCM, or a prefix of it) and its group (at most one, never overlapping another group's
 * prefix), and a product's per-store state regime (one per store, the regime's UF = the store's).
 */
import { sql } from 'kysely';
import { codigosNatureza, tabelasCarregadas } from '../../modules/fiscal/natureza-receita.routes';
import { ApiError } from '../../plugins/errors';
import type { HookContext, RegisterHooks } from '../hooks';

const invalid = (reasons: string[]) => new ApiError(422, 'Os dados enviados são inválidos.', reasons);

async function cestsDoNcm(ctx: HookContext, ncm: string, reasons: string[]) {
  const cests = (ctx.value.cests as { cest: string }[] | undefined)?.map((c) => c.cest);
  if (!cests?.length) return;
  const repetidos = cests.filter((c, i) => cests.indexOf(c) !== i);
  if (repetidos.length) reasons.push(`cests (CESTs): O CEST ${repetidos[0]} foi informado mais de uma vez.`);
  const r = await sql<{ codigo: string }>`select distinct codigo from cest_oficial
    where codigo = any(${cests}::text[]) and ${ncm} like ncm || '%'`.execute(ctx.trx);
  const ok = new Set(r.rows.map((x) => x.codigo.trim()));
  for (const [i, c] of cests.entries())
    if (!ok.has(c)) reasons.push(`cests.${i}.cest (CEST): O CEST ${c} não lista o NCM ${ncm} na tabela oficial.`);
}

async function grupoDoNcm(ctx: HookContext, ncm: string, reasons: string[]) {
  if (!('grupoNcmId' in ctx.value) || ctx.value.grupoNcmId === ctx.before?.grupoNcmId) return;
  const novo = ctx.value.grupoNcmId as number | null;
  if (novo !== null) {
    const g = await sql`select 1 from grupo_ncm where id = ${novo} and ativo`.execute(ctx.trx);
    if (!g.rows.length) reasons.push('grupoNcmId (Grupo NCM): Grupo NCM não encontrado ou inativo.');
  }
  // membership by a shorter prefix, or a longer code of this one in another group, is the group's to change
  const r = await sql<{ ncm: string; descricao: string; grupoNcmId: number }>`select i.ncm, g.descricao, i.grupo_ncm_id
      from grupo_ncm_item i join grupo_ncm g on g.id = i.grupo_ncm_id
     where i.ncm <> ${ncm} and (${ncm} like i.ncm || '%' or (i.ncm like ${ncm} || '%' and i.grupo_ncm_id is distinct from ${novo}::int))
     limit 1`.execute(ctx.trx);
  const x = r.rows[0];
  if (x)
    reasons.push(
      `grupoNcmId (Grupo NCM): O NCM ${ncm} está no grupo "${x.descricao}" pelo código ${x.ncm}; altere-o no cadastro do Grupo NCM.`,
    );
}

async function ncm(ctx: HookContext) {
  const codigo = String(ctx.id);
  const reasons: string[] = [];
  await cestsDoNcm(ctx, codigo, reasons);
  await grupoDoNcm(ctx, codigo, reasons);
  if (reasons.length) throw invalid(reasons);
}

export const ncmHooks: RegisterHooks = { beforeUpdate: ncm };

/** Natureza PIS/COFINS: once the SPED tables are loaded, the natureza da receita must be in force there (for the exit CST). */
async function naturezaPisCofins(ctx: HookContext) {
  if (!('naturezaReceita' in ctx.value) && !('cstSaida' in ctx.value)) return;
  const m = { ...(ctx.before ?? {}), ...ctx.value };
  const codigo = m.naturezaReceita as string | null | undefined;
  if (!codigo || !(await tabelasCarregadas(ctx.trx))) return;
  const cstSaida = typeof m.cstSaida === 'string' && /^0[2-9]$/.test(m.cstSaida) ? m.cstSaida : undefined;
  if ((await codigosNatureza(ctx.trx, cstSaida, codigo)).length) return;
  const doCst = cstSaida ? ` que servem ao CST ${cstSaida}` : '';
  throw invalid([
    `naturezaReceita (Natureza da receita): O código ${codigo} não está em vigor nas tabelas da natureza da receita${doCst}.`,
  ]);
}

export const naturezaPisCofinsHooks: RegisterHooks = {
  beforeCreate: naturezaPisCofins,
  beforeUpdate: naturezaPisCofins,
};

/** Produto: `regimesDoProduto` — one regime per store, of the store's UF, in the user's stores. */
export async function regimesDoProduto(ctx: HookContext): Promise<string[]> {
  const rows = ctx.value.regimesDoProduto as { lojaId: number; regimeEstadualId: number }[] | undefined;
  if (!rows?.length) return [];
  const reasons: string[] = [];
  const lojas = rows.map((r) => r.lojaId);
  const rep = lojas.find((l, i) => lojas.indexOf(l) !== i);
  if (rep !== undefined)
    reasons.push(`regimesDoProduto (Regime tributário por loja): A loja ${rep} aparece mais de uma vez.`);
  if (!ctx.auth.administrador) {
    const fora = lojas.filter((l) => !ctx.auth.lojas.includes(l));
    if (fora.length) throw new ApiError(403, `Você não tem acesso à(s) loja(s) ${[...new Set(fora)].join(', ')}.`);
  }
  const r = await sql<{ i: number; lojaUf: string | null; regimeUf: string | null }>`
    select x.i, l.uf as loja_uf, rt.uf as regime_uf
      from unnest(${lojas}::int[], ${rows.map((r) => r.regimeEstadualId)}::int[]) with ordinality as x(loja, regime, i)
      left join loja l on l.id = x.loja
      left join regime_tributario rt on rt.id = x.regime`.execute(ctx.trx);
  for (const row of r.rows) {
    const p = `regimesDoProduto.${Number(row.i) - 1}`;
    if (!row.lojaUf) reasons.push(`${p}.lojaId (Loja): Loja não encontrada.`);
    else if (!row.regimeUf)
      reasons.push(`${p}.regimeEstadualId (Regime tributário): Regime tributário não encontrado.`);
    else if (row.lojaUf !== row.regimeUf)
      reasons.push(
        `${p}.regimeEstadualId (Regime tributário): O regime é da UF ${row.regimeUf}, mas a loja é da UF ${row.lojaUf}.`,
      );
  }
  return reasons;
}
