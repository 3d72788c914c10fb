/** A user's whole group set (administrators with NOVO_USUARIOS_E_GRUPOS_EDITAR) on its domain face; audited by the backbone. */
import { comandoGruposDoUsuario, falhaDeCampo, MSG } from '@retaguarda/domain';
import { MSG_AUTH } from '../../plugins/auth/messages';
import { ApiError } from '../../plugins/errors';
import { type ContextoDoComando, defineWorkflow } from '../../workflows';
import { gruposDoUsuario, replaceGrupos } from './usuarios.service';

interface Estado {
  grupos: Awaited<ReturnType<typeof gruposDoUsuario>>;
}

async function definirGrupos(ctx: ContextoDoComando<{ usuarioId: number; grupos: number[] }, Estado>) {
  const { usuarioId: id } = ctx.entrada;
  const u = await ctx.trx.selectFrom('usuario').select('id').where('id', '=', id).executeTakeFirst();
  if (!u) throw new ApiError(404, MSG_AUTH.usuarioNaoEncontrado);
  const ids = [...new Set(ctx.entrada.grupos)];
  if (
    ids.length &&
    (await ctx.trx.selectFrom('grupo').select('id').where('id', 'in', ids).execute()).length !== ids.length
  )
    throw new ApiError(422, MSG.validacao, [falhaDeCampo('grupos', 'grupo inexistente.')]);
  const antes = (await gruposDoUsuario(ctx.trx, id)).map((g) => g.id);
  await replaceGrupos(ctx.trx, ctx.assinanteId, id, ids);
  ctx.estado.grupos = await gruposDoUsuario(ctx.trx, id);
  ctx.auditoria = {
    entidade: 'usuario',
    entidadeId: id,
    operacao: 'ALTERACAO',
    antes: { grupos: antes },
    depois: { grupos: ids },
  };
}

export const definirGruposDoUsuario = defineWorkflow(comandoGruposDoUsuario, {
  estadoInicial: (): Estado => ({ grupos: [] }),
  passos: [definirGrupos],
  resposta: (ctx) => ({ id: ctx.entrada.usuarioId, grupos: ctx.estado.grupos }),
});
