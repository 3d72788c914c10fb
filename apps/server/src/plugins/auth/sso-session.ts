/** SSO sessions: renewal at the provider, at most every 15 min (spec §9), ending the session when revoked. */
import { SSO_RENEW_MS } from '@retaguarda/domain';
import { sql } from 'kysely';
import { ApiError } from '../errors';
import type { Identity } from './identity';
import { endSessions } from './sessions';
import { MSG_SSO } from './sso';

/** Renews the provider grant of an SSO session (always when `force`, else only when due); 401 when revoked. */
export async function renewSso(
  id: Identity,
  assinanteId: number,
  sessaoId: string,
  opts: { force: boolean; requestId?: string },
): Promise<void> {
  const s = await id.db.withTenant(assinanteId, (trx) =>
    trx
      .selectFrom('sessao')
      .select([
        'tipo',
        'ssoRefreshToken',
        sql<boolean>`coalesce(sso_renovado_em, criada_em) <= now() - make_interval(secs => ${SSO_RENEW_MS / 1000})`.as(
          'devida',
        ),
      ])
      .where('id', '=', sessaoId)
      .executeTakeFirst(),
  );
  if (s?.tipo !== 'SSO' || (!opts.force && !s.devida)) return;
  const providerToken = s.ssoRefreshToken ? id.signer.unseal(s.ssoRefreshToken) : undefined;
  const renewed = id.sso && providerToken ? await id.sso.renew(providerToken) : undefined;
  await id.db.withTenant(assinanteId, async (trx) => {
    if (renewed) {
      await trx
        .updateTable('sessao')
        .set({ ssoRefreshToken: id.signer.seal(renewed.refreshToken), ssoRenovadoEm: sql`now()` })
        .where('id', '=', sessaoId)
        .execute();
    } else {
      await endSessions(trx, assinanteId, { sessaoId }, 'SSO_REVOGADO', { usuarioId: null, requestId: opts.requestId });
    }
  });
  if (!renewed) throw new ApiError(401, MSG_SSO.revogado);
}
