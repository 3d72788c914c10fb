/**
 * Create and update of a user in one transaction. Without full rights (a user editing their own
 * record) only personal fields change: name, e-mail, contacts, avatar and password; the
 * privileged ones (admin flag, active, stores, groups, username, sector) are kept as they are.
 */
import { falhaDeCampo, MSG, type UsuarioValidado } from '@retaguarda/domain';
import type { FastifyRequest } from 'fastify';
import { audit } from '../../db/audit';
import type { Database } from '../../db/database';
import { lockVersion } from '../../db/optimistic';
import { authOf } from '../../plugins/auth';
import { ApiError } from '../../plugins/errors';
import { assinanteOf } from '../../plugins/tenant';
import { MSG_AUTH } from '../../plugins/auth/messages';
import { hashPassword, passwordProblems } from '../../plugins/auth/passwords';
import { endSessions } from '../../plugins/auth/sessions';
import { checkAvatarReference } from './avatar.routes';
import {
  bumpVersion,
  checkReferences,
  isUniqueViolation,
  keepOneAdmin,
  replaceContatos,
  replaceGrupos,
  replaceLojas,
  usuarioDetalhe,
} from './usuarios.service';

type Detalhe = Awaited<ReturnType<typeof usuarioDetalhe>>;

export async function saveUsuario(
  db: Database,
  request: FastifyRequest,
  id: number | undefined,
  input: UsuarioValidado,
  full: boolean,
): Promise<Detalhe> {
  const auth = authOf(request);
  const assinante = assinanteOf(request);
  const senha = input.senha ? input.senha : undefined; // changed only when filled (spec §5)
  if (id === undefined && !senha)
    throw new ApiError(422, MSG.validacao, [falhaDeCampo('senha', MSG_AUTH.senhaObrigatoria)]);
  const tipoCliente = input.tipoCliente ?? (assinante.tipoCliente as 'BOTICARIO' | 'TODOS');
  if (tipoCliente === 'BOTICARIO' && assinante.tipoCliente !== 'BOTICARIO') {
    throw new ApiError(422, MSG.validacao, [falhaDeCampo('tipoCliente', 'este assinante não é do tipo BOTICARIO.')]);
  }
  // hash outside the transaction: argon2 takes tens of milliseconds
  const senhaHash = senha ? await hashPassword(senha) : undefined;
  try {
    return await db.withTenant(auth.assinanteId, async (trx) => {
      // the row lock serialises concurrent PUTs: one wins, the others see a stale versao (409)
      if (id !== undefined) await lockVersion(trx, 'usuario', id, input.versao);
      const antes = id === undefined ? undefined : await usuarioDetalhe(trx, id);
      const username = full || !antes ? input.username : antes.username;
      if (senha) {
        const problems = passwordProblems(senha, username);
        if (problems.length) throw new ApiError(422, MSG.validacao, problems);
      }
      if (full) await checkReferences(trx, input);
      else if (input.avatarUuid)
        await checkReferences(trx, { lojasUsuario: antes!.lojasUsuario, avatarUuid: input.avatarUuid });
      // only a picture the caller (or, for an administrator, the edited user) uploaded
      if (input.avatarUuid) await checkAvatarReference(trx, auth, antes ?? {}, input.avatarUuid, full);

      const personal = { nome: input.nome, email: input.email || null, avatarUuid: input.avatarUuid ?? null };
      const privileged = {
        username,
        cpf: input.cpf,
        ativo: input.ativo,
        administrador: input.administrador,
        tipoCliente,
        setorId: input.setorId ?? null,
        forcePasswordReset: input.forcePasswordReset ?? (antes ? antes.forcePasswordReset : false),
      };
      let usuarioId: number;
      if (!antes) {
        const row = await trx
          .insertInto('usuario')
          .values({
            assinanteId: auth.assinanteId,
            ...personal,
            ...privileged,
            senhaHash: senhaHash!,
            ultimoAcesso: null,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        usuarioId = row.id;
      } else {
        usuarioId = antes.id;
        if (full && antes.administrador && antes.ativo && (!input.administrador || !input.ativo))
          await keepOneAdmin(trx, usuarioId);
        await trx
          .updateTable('usuario')
          .set({ ...personal, ...(full ? privileged : {}), ...(senhaHash ? { senhaHash } : {}), ...bumpVersion })
          .where('id', '=', usuarioId)
          .execute();
      }
      await replaceContatos(trx, auth.assinanteId, usuarioId, input.contatos);
      if (full) {
        await replaceLojas(trx, auth.assinanteId, usuarioId, input.lojasUsuario);
        if (input.grupos) await replaceGrupos(trx, auth.assinanteId, usuarioId, input.grupos);
      }
      if (antes && full && antes.ativo && !input.ativo) {
        await endSessions(trx, auth.assinanteId, { usuarioId }, 'USUARIO_INATIVADO', {
          usuarioId: auth.usuarioId,
          requestId: request.id,
        });
      } else if (antes && senhaHash) {
        const except = usuarioId === auth.usuarioId ? (auth.sessaoId ?? undefined) : undefined;
        await endSessions(trx, auth.assinanteId, { usuarioId, exceptSessaoId: except }, 'SENHA_ALTERADA', {
          usuarioId: auth.usuarioId,
          requestId: request.id,
        });
      }
      const depois = await usuarioDetalhe(trx, usuarioId);
      await audit(trx, {
        assinanteId: auth.assinanteId,
        usuarioId: auth.usuarioId,
        entidade: 'usuario',
        entidadeId: usuarioId,
        operacao: antes ? 'ALTERACAO' : 'INCLUSAO',
        antes,
        depois: { ...depois, senhaAlterada: !!senhaHash },
        requestId: request.id,
      });
      return depois;
    });
  } catch (err) {
    if (isUniqueViolation(err, 'usuario_username_idx'))
      throw new ApiError(409, MSG_AUTH.usernameDuplicado, [falhaDeCampo('username', 'já está em uso.')]);
    throw err;
  }
}
