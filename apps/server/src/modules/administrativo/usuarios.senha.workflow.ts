/**
 * A user's password change (PUT /api/v1/usuarios/{id}/nova-senha) on its domain face: an administrator's
 * reset makes the user choose a password of their own at next sign-in; the user's other sessions end (the
 * caller's own stays when it is their own password). Audited by the backbone (never the password).
 */
import { comandoNovaSenha, falhaDeCampo, MSG } from '@retaguarda/domain';
import { sql } from 'kysely';
import { MSG_AUTH } from '../../plugins/auth/messages';
import { hashPassword, passwordProblems } from '../../plugins/auth/passwords';
import { endSessions } from '../../plugins/auth/sessions';
import { ApiError } from '../../plugins/errors';
import { type ContextoDoComando, defineWorkflow } from '../../workflows';

interface Estado {
  sessoesEncerradas: number;
}
type Ctx = ContextoDoComando<{ usuarioId: number; id?: number; senha: string }, Estado>;

async function trocarSenha(ctx: Ctx): Promise<void> {
  const { usuarioId: id, senha } = ctx.entrada;
  if (ctx.entrada.id !== undefined && ctx.entrada.id !== id)
    throw new ApiError(422, MSG.validacao, [falhaDeCampo('id', 'difere do usuário da URL.')]);
  const own = id === ctx.usuarioId;
  const u = await ctx.trx.selectFrom('usuario').select(['id', 'username']).where('id', '=', id).executeTakeFirst();
  if (!u) throw new ApiError(404, MSG_AUTH.usuarioNaoEncontrado);
  const problems = passwordProblems(senha, u.username);
  if (problems.length) throw new ApiError(422, MSG.validacao, problems);
  await ctx.trx
    .updateTable('usuario')
    .set({
      senhaHash: await hashPassword(senha),
      forcePasswordReset: !own,
      alteradoEm: sql`now()`,
      versao: sql`versao + 1`,
    })
    .where('id', '=', id)
    .execute();
  ctx.auditoria = { entidade: 'usuario', entidadeId: id, operacao: 'ALTERACAO', depois: { senhaAlterada: true } };
  ctx.estado.sessoesEncerradas = await endSessions(
    ctx.trx,
    ctx.assinanteId,
    { usuarioId: id, exceptSessaoId: own ? (ctx.auth.sessaoId ?? undefined) : undefined },
    'SENHA_ALTERADA',
    { usuarioId: ctx.usuarioId, requestId: ctx.requestId ?? undefined },
  );
}

export const novaSenha = defineWorkflow(comandoNovaSenha, {
  estadoInicial: (): Estado => ({ sessoesEncerradas: 0 }),
  passos: [trocarSenha],
  resposta: (ctx) => ({
    id: ctx.entrada.usuarioId,
    message: 'Senha alterada com sucesso.',
    sessoesEncerradas: ctx.estado.sessoesEncerradas,
  }),
});
