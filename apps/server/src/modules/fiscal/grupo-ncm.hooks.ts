/** Grupo NCM: an NCM belongs to at most one group; two prefixes overlap when one starts with the other (3304 and 33049910). */
import { falhaDeCampo, grupoNcm as grupoNcmRegister, MSG } from '@retaguarda/domain';
import { sql } from 'kysely';
import { ApiError } from '../../plugins/errors';
import { defineRegisterHooks, type HookContext } from '../../registers/hooks';

async function grupoNcm(ctx: HookContext) {
  const ncms = (ctx.value.ncms as { ncm: string }[] | undefined)?.map((x) => x.ncm);
  if (!ncms?.length) return;
  const r = await sql<{
    ncm: string;
    descricao: string;
  }>`select i.ncm, g.descricao from grupo_ncm_item i join grupo_ncm g on g.id = i.grupo_ncm_id
    where g.id is distinct from ${ctx.id ?? null}::int and exists (select 1 from unnest(${ncms}::text[]) n where n like i.ncm || '%' or i.ncm like n || '%')`.execute(
    ctx.trx,
  );
  if (r.rows.length)
    throw new ApiError(
      422,
      MSG.validacao,
      r.rows.map((x) => falhaDeCampo('ncms', `o NCM ${x.ncm} já pertence ao grupo "${x.descricao}".`)),
    );
}

export const grupoNcmHooks = defineRegisterHooks(grupoNcmRegister, { beforeCreate: grupoNcm, beforeUpdate: grupoNcm });
