/**
 * A user's record on its domain faces (POST /api/v1/usuarios, PUT /api/v1/usuarios/{id}): one transaction,
 * the audit row (before and after, never the password) from the backbone. Without full rights (a user
 * editing their own record) only personal fields change: name, e-mail, contacts, avatar and password; the
 * privileged ones (admin flag, active, stores, groups, username, sector) are kept as they are.
 */
import {
  comandoAlterarUsuario,
  comandoIncluirUsuario,
  falhaDeCampo,
  MSG,
  perm,
  type UsuarioValidado,
} from '@retaguarda/domain';
import { sql } from 'kysely';
import { lockVersion } from '../../db/optimistic';
import { hasAnyPermission } from '../../plugins/auth';
import { MSG_AUTH } from '../../plugins/auth/messages';
import { hashPassword, passwordProblems } from '../../plugins/auth/passwords';
import { endSessions } from '../../plugins/auth/sessions';
import { ApiError } from '../../plugins/errors';
import { type ContextoDoComando, defineWorkflow } from '../../workflows';
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
type TipoCliente = 'BOTICARIO' | 'TODOS';

interface Estado {
  /** administrators holding the right change everything; the user themself only personal fields */
  completo: boolean;
  tipoCliente?: TipoCliente;
  senhaHash?: string;
  antes?: Detalhe;
  depois?: Detalhe;
}
type Ctx = ContextoDoComando<UsuarioValidado & { id?: number }, Estado>;

const EDITAR = perm('NOVO_USUARIOS_E_GRUPOS', 'EDITAR');

/** The password is changed only when filled (spec §5); a new user needs one. The tenant's client type bounds the user's. */
async function conferirEntrada(ctx: Ctx): Promise<void> {
  const e = ctx.entrada;
  if (e.id === undefined && !e.senha)
    throw new ApiError(422, MSG.validacao, [falhaDeCampo('senha', MSG_AUTH.senhaObrigatoria)]);
  const { rows } = await sql<{ tipoCliente: string }>`
    select tipo_cliente from assinante where id = ${ctx.assinanteId}`.execute(ctx.trx);
  const doAssinante: TipoCliente = rows[0]?.tipoCliente === 'BOTICARIO' ? 'BOTICARIO' : 'TODOS';
  ctx.estado.tipoCliente = e.tipoCliente ?? doAssinante;
  if (ctx.estado.tipoCliente === 'BOTICARIO' && doAssinante !== 'BOTICARIO')
    throw new ApiError(422, MSG.validacao, [falhaDeCampo('tipoCliente', 'este assinante não é do tipo BOTICARIO.')]);
  // hashed before any row is locked: argon2 takes tens of milliseconds
  if (e.senha) ctx.estado.senhaHash = await hashPassword(e.senha);
}

/** The row lock serialises concurrent PUTs: one wins, the others see a stale versao (409). */
async function lerAnterior(ctx: Ctx): Promise<void> {
  const { id, versao } = ctx.entrada;
  if (id === undefined) return;
  await lockVersion(ctx.trx, 'usuario', id, versao);
  ctx.estado.antes = await usuarioDetalhe(ctx.trx, id);
}

async function conferirReferencias(ctx: Ctx): Promise<void> {
  const e = ctx.entrada;
  const { antes, completo } = ctx.estado;
  const username = completo || !antes ? e.username : antes.username;
  if (e.senha) {
    const problems = passwordProblems(e.senha, username);
    if (problems.length) throw new ApiError(422, MSG.validacao, problems);
  }
  if (completo) await checkReferences(ctx.trx, e);
  else if (e.avatarUuid)
    await checkReferences(ctx.trx, { lojasUsuario: antes!.lojasUsuario, avatarUuid: e.avatarUuid });
  // only a picture the caller (or, for an administrator, the edited user) uploaded
  if (e.avatarUuid) await checkAvatarReference(ctx.trx, ctx.auth, antes ?? {}, e.avatarUuid, completo);
}

async function gravar(ctx: Ctx): Promise<void> {
  const e = ctx.entrada;
  const { antes, completo, senhaHash } = ctx.estado;
  const personal = { nome: e.nome, email: e.email || null, avatarUuid: e.avatarUuid ?? null };
  const privileged = {
    username: completo || !antes ? e.username : antes.username,
    cpf: e.cpf,
    ativo: e.ativo,
    administrador: e.administrador,
    tipoCliente: ctx.estado.tipoCliente!,
    setorId: e.setorId ?? null,
    forcePasswordReset: e.forcePasswordReset ?? (antes ? antes.forcePasswordReset : false),
  };
  let usuarioId: number;
  try {
    if (!antes) {
      const row = await ctx.trx
        .insertInto('usuario')
        .values({ assinanteId: ctx.assinanteId, ...personal, ...privileged, senhaHash: senhaHash!, ultimoAcesso: null })
        .returning('id')
        .executeTakeFirstOrThrow();
      usuarioId = row.id;
    } else {
      usuarioId = antes.id;
      if (completo && antes.administrador && antes.ativo && (!e.administrador || !e.ativo))
        await keepOneAdmin(ctx.trx, usuarioId);
      await ctx.trx
        .updateTable('usuario')
        .set({ ...personal, ...(completo ? privileged : {}), ...(senhaHash ? { senhaHash } : {}), ...bumpVersion })
        .where('id', '=', usuarioId)
        .execute();
    }
  } catch (err) {
    if (isUniqueViolation(err, 'usuario_username_idx'))
      throw new ApiError(409, MSG_AUTH.usernameDuplicado, [falhaDeCampo('username', 'já está em uso.')]);
    throw err;
  }
  await replaceContatos(ctx.trx, ctx.assinanteId, usuarioId, e.contatos);
  if (completo) {
    await replaceLojas(ctx.trx, ctx.assinanteId, usuarioId, e.lojasUsuario);
    if (e.grupos) await replaceGrupos(ctx.trx, ctx.assinanteId, usuarioId, e.grupos);
  }
  ctx.estado.depois = await usuarioDetalhe(ctx.trx, usuarioId);
}

/** Deactivating ends every session of the user; a new password ends the others (the caller's own stays). */
async function encerrarSessoes(ctx: Ctx): Promise<void> {
  const { antes, completo, senhaHash } = ctx.estado;
  if (!antes) return;
  const quem = { usuarioId: ctx.usuarioId, requestId: ctx.requestId ?? undefined };
  if (completo && antes.ativo && !ctx.entrada.ativo) {
    await endSessions(ctx.trx, ctx.assinanteId, { usuarioId: antes.id }, 'USUARIO_INATIVADO', quem);
  } else if (senhaHash) {
    const except = antes.id === ctx.usuarioId ? (ctx.auth.sessaoId ?? undefined) : undefined;
    await endSessions(
      ctx.trx,
      ctx.assinanteId,
      { usuarioId: antes.id, exceptSessaoId: except },
      'SENHA_ALTERADA',
      quem,
    );
  }
}

function auditar(ctx: Ctx): void {
  const { antes, depois, senhaHash } = ctx.estado;
  ctx.auditoria = {
    entidade: 'usuario',
    entidadeId: depois!.id,
    operacao: antes ? 'ALTERACAO' : 'INCLUSAO',
    antes,
    depois: { ...depois, senhaAlterada: !!senhaHash },
  };
}

const resposta = (ctx: Ctx): Detalhe => {
  if (!ctx.estado.depois) throw new Error('usuário não gravado');
  return ctx.estado.depois;
};
const passos = [conferirEntrada, lerAnterior, conferirReferencias, gravar, encerrarSessoes, auditar];

export const incluirUsuario = defineWorkflow(comandoIncluirUsuario, {
  estadoInicial: (): Estado => ({ completo: true }),
  passos,
  resposta,
});

export const alterarUsuario = defineWorkflow(comandoAlterarUsuario, {
  estadoInicial: (): Estado => ({ completo: false }),
  passos: [
    // own record without admin rights: only personal fields change
    (ctx: Ctx) => {
      ctx.estado.completo = ctx.auth.administrador && hasAnyPermission(ctx.auth, [EDITAR]);
    },
    ...passos,
  ],
  resposta,
});
