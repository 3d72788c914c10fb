/**
 * NCM's local fiscal attributes checked against the official tables: its CEST links (the CEST must
 * list the NCM, or a prefix of it) and its group (at most one, never overlapping another group's prefix).
 */
import { falhaDeCampo, MSG, ncm as ncmRegister } from '@retaguarda/domain';
import { sql } from 'kysely';
import { ApiError, type Razao } from '../../plugins/errors';
import { defineRegisterHooks, type HookContext } from '../../registers/hooks';

async function cestsDoNcm(ctx: HookContext, ncm: string, reasons: Razao[]) {
  const cests = (ctx.value.cests as { cest: string }[] | undefined)?.map((c) => c.cest);
  if (!cests?.length) return;
  const repetidos = cests.filter((c, i) => cests.indexOf(c) !== i);
  if (repetidos.length)
    reasons.push(falhaDeCampo('cests', `O CEST ${repetidos[0]} foi informado mais de uma vez.`, 'CESTs'));
  const r = await sql<{ codigo: string }>`select distinct codigo from cest_oficial
    where codigo = any(${cests}::text[]) and ${ncm} like ncm || '%'`.execute(ctx.trx);
  const ok = new Set(r.rows.map((x) => x.codigo.trim()));
  for (const [i, c] of cests.entries())
    if (!ok.has(c))
      reasons.push(falhaDeCampo(`cests.${i}.cest`, `O CEST ${c} não lista o NCM ${ncm} na tabela oficial.`, 'CEST'));
}

async function grupoDoNcm(ctx: HookContext, ncm: string, reasons: Razao[]) {
  if (!('grupoNcmId' in ctx.value) || ctx.value.grupoNcmId === ctx.before?.grupoNcmId) return;
  const novo = ctx.value.grupoNcmId as number | null;
  if (novo !== null) {
    const g = await sql`select 1 from grupo_ncm where id = ${novo} and ativo`.execute(ctx.trx);
    if (!g.rows.length) reasons.push(falhaDeCampo('grupoNcmId', 'Grupo NCM não encontrado ou inativo.', 'Grupo NCM'));
  }
  // membership by a shorter prefix, or a longer code of this one in another group, is the group's to change
  const r = await sql<{ ncm: string; descricao: string; grupoNcmId: number }>`select i.ncm, g.descricao, i.grupo_ncm_id
      from grupo_ncm_item i join grupo_ncm g on g.id = i.grupo_ncm_id
     where i.ncm <> ${ncm} and (${ncm} like i.ncm || '%' or (i.ncm like ${ncm} || '%' and i.grupo_ncm_id is distinct from ${novo}::int))
     limit 1`.execute(ctx.trx);
  const x = r.rows[0];
  if (x)
    reasons.push(
      falhaDeCampo(
        'grupoNcmId',
        `O NCM ${ncm} está no grupo "${x.descricao}" pelo código ${x.ncm}; altere-o no cadastro do Grupo NCM.`,
        'Grupo NCM',
      ),
    );
}

async function ncm(ctx: HookContext) {
  const codigo = String(ctx.id);
  const reasons: Razao[] = [];
  await cestsDoNcm(ctx, codigo, reasons);
  await grupoDoNcm(ctx, codigo, reasons);
  if (reasons.length) throw new ApiError(422, MSG.validacao, reasons);
}

export const ncmHooks = defineRegisterHooks(ncmRegister, { beforeUpdate: ncm });
