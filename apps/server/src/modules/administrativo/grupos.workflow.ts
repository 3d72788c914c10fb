/**
 * User-group commands (spec §6: administrators holding NOVO_USUARIOS_E_GRUPOS): create, update and delete
 * on their domain faces; the audit row (before and after) comes from the backbone. The group's reads and
 * its members' routes (grupos.routes.ts) share the helpers below.
 */
import {
  comandoAlterarGrupo,
  comandoExcluirGrupo,
  comandoIncluirGrupo,
  comandoMembrosDoGrupo,
  falhaDeCampo,
  MSG,
} from '@retaguarda/domain';
import type { Tx } from '../../db/database';
import { lockVersion } from '../../db/optimistic';
import { MSG_AUTH } from '../../plugins/auth/messages';
import { ApiError } from '../../plugins/errors';
import { type ContextoDoComando, defineWorkflow } from '../../workflows';
import { bumpVersion, isUniqueViolation } from './usuarios.service';

const COLUNAS = ['id', 'nome', 'statusDeAtivacao', 'criadoEm', 'alteradoEm', 'versao'] as const;
export const COLUNAS_GRUPO = COLUNAS;

export async function membros(trx: Tx, grupoId: number) {
  return trx
    .selectFrom('grupoMembro as gm')
    .innerJoin('usuario as u', 'u.id', 'gm.usuarioId')
    .select(['u.id', 'u.nome', 'u.username', 'u.ativo'])
    .where('gm.grupoId', '=', grupoId)
    .orderBy('u.nome')
    .execute();
}

export async function detalhe(trx: Tx, id: number) {
  const g = await trx.selectFrom('grupo').select(COLUNAS).where('id', '=', id).executeTakeFirst();
  if (!g) throw new ApiError(404, MSG_AUTH.grupoNaoEncontrado);
  const permissoes = (
    await trx.selectFrom('grupoPermissao').select('permissao').where('grupoId', '=', id).orderBy('permissao').execute()
  ).map((p) => p.permissao);
  return { ...g, permissoes, membros: await membros(trx, id) };
}
type Detalhe = Awaited<ReturnType<typeof detalhe>>;

async function setPermissoes(trx: Tx, assinanteId: number, grupoId: number, codes: string[]) {
  await trx.deleteFrom('grupoPermissao').where('grupoId', '=', grupoId).execute();
  const unique = [...new Set(codes)];
  if (unique.length)
    await trx
      .insertInto('grupoPermissao')
      .values(unique.map((permissao) => ({ assinanteId, grupoId, permissao })))
      .execute();
}

export async function setMembros(trx: Tx, assinanteId: number, grupoId: number, ids: number[]) {
  const unique = [...new Set(ids)];
  if (
    unique.length &&
    (await trx.selectFrom('usuario').select('id').where('id', 'in', unique).execute()).length !== unique.length
  ) {
    throw new ApiError(422, MSG.validacao, [falhaDeCampo('membros', 'usuário inexistente.')]);
  }
  await trx.deleteFrom('grupoMembro').where('grupoId', '=', grupoId).execute();
  if (unique.length)
    await trx
      .insertInto('grupoMembro')
      .values(unique.map((usuarioId) => ({ assinanteId, grupoId, usuarioId })))
      .execute();
}

/** A unique violation on the name is the 409 of a duplicate, named on the field. */
async function semDuplicar<T>(p: Promise<T>): Promise<T> {
  return p.catch((err) => {
    if (isUniqueViolation(err, 'grupo_nome_idx'))
      throw new ApiError(409, MSG_AUTH.grupoDuplicado, [falhaDeCampo('nome', 'já está em uso.')]);
    throw err;
  });
}

interface EntradaGrupo {
  nome: string;
  statusDeAtivacao: 'ATIVO' | 'INATIVO';
  permissoes?: string[];
  membros?: number[];
  versao?: number;
}
interface EstadoGrupo {
  depois?: Detalhe;
}
type Ctx<E = EntradaGrupo> = ContextoDoComando<E, EstadoGrupo>;

const resposta = (ctx: Ctx<unknown>): Detalhe => {
  if (!ctx.estado.depois) throw new Error('grupo não gravado');
  return ctx.estado.depois;
};

async function incluir(ctx: Ctx): Promise<void> {
  const b = ctx.entrada;
  const { id } = await semDuplicar(
    ctx.trx
      .insertInto('grupo')
      .values({ assinanteId: ctx.assinanteId, nome: b.nome, statusDeAtivacao: b.statusDeAtivacao })
      .returning('id')
      .executeTakeFirstOrThrow(),
  );
  await setPermissoes(ctx.trx, ctx.assinanteId, id, b.permissoes ?? []);
  await setMembros(ctx.trx, ctx.assinanteId, id, b.membros ?? []);
  const depois = await detalhe(ctx.trx, id);
  ctx.estado.depois = depois;
  ctx.auditoria = { entidade: 'grupo', entidadeId: id, operacao: 'INCLUSAO', depois };
}

export const incluirGrupo = defineWorkflow(comandoIncluirGrupo, {
  estadoInicial: (): EstadoGrupo => ({}),
  passos: [incluir],
  resposta,
});

async function alterar(ctx: Ctx<EntradaGrupo & { id: number }>): Promise<void> {
  const { id, ...b } = ctx.entrada;
  // the row lock serialises concurrent PUTs: one wins, the others see a stale versao (409)
  await lockVersion(ctx.trx, 'grupo', id, b.versao);
  const antes = await detalhe(ctx.trx, id);
  await semDuplicar(
    ctx.trx
      .updateTable('grupo')
      .set({ nome: b.nome, statusDeAtivacao: b.statusDeAtivacao, ...bumpVersion })
      .where('id', '=', id)
      .execute(),
  );
  if (b.permissoes) await setPermissoes(ctx.trx, ctx.assinanteId, id, b.permissoes);
  if (b.membros) await setMembros(ctx.trx, ctx.assinanteId, id, b.membros);
  const depois = await detalhe(ctx.trx, id);
  ctx.estado.depois = depois;
  ctx.auditoria = { entidade: 'grupo', entidadeId: id, operacao: 'ALTERACAO', antes, depois };
}

export const alterarGrupo = defineWorkflow(comandoAlterarGrupo, {
  estadoInicial: (): EstadoGrupo => ({}),
  passos: [alterar],
  resposta,
});

/** Removing a group silently strips rights from its members: emptying it first is an explicit step. */
async function excluir(ctx: ContextoDoComando<{ id: number }, EstadoGrupo>): Promise<void> {
  const { id } = ctx.entrada;
  const antes = await detalhe(ctx.trx, id);
  if (antes.membros.length)
    throw new ApiError(409, MSG_AUTH.grupoComMembros, [`membros: ${antes.membros.length} usuário(s).`]);
  await ctx.trx.deleteFrom('grupo').where('id', '=', id).execute();
  ctx.auditoria = { entidade: 'grupo', entidadeId: id, operacao: 'EXCLUSAO', antes };
}

export const excluirGrupo = defineWorkflow(comandoExcluirGrupo, {
  estadoInicial: (): EstadoGrupo => ({}),
  passos: [excluir],
  resposta: (ctx) => ({ id: ctx.entrada.id, message: 'Grupo excluído.' }),
});

interface EstadoMembros {
  membros: Awaited<ReturnType<typeof membros>>;
}

/** Replaces the whole member set in one transaction (the group's versao moves: a form holding it sees 409). */
async function definirMembros(ctx: ContextoDoComando<{ grupoId: number; membros: number[] }, EstadoMembros>) {
  const { grupoId: id } = ctx.entrada;
  const antes = await detalhe(ctx.trx, id);
  await setMembros(ctx.trx, ctx.assinanteId, id, ctx.entrada.membros);
  await ctx.trx.updateTable('grupo').set(bumpVersion).where('id', '=', id).execute();
  ctx.estado.membros = await membros(ctx.trx, id);
  ctx.auditoria = {
    entidade: 'grupo',
    entidadeId: id,
    operacao: 'ALTERACAO',
    antes: { membros: antes.membros.map((m) => m.id) },
    depois: { membros: ctx.estado.membros.map((m) => m.id) },
  };
}

export const definirMembrosDoGrupo = defineWorkflow(comandoMembrosDoGrupo, {
  estadoInicial: (): EstadoMembros => ({ membros: [] }),
  passos: [definirMembros],
  resposta: (ctx) => ({ id: ctx.entrada.grupoId, membros: ctx.estado.membros }),
});
