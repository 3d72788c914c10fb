/** User reads and writes inside one tenant transaction. */
import { type FalhaDeCampo, falhaDeCampo, MSG, type UsuarioValidado } from '@retaguarda/domain';
import { sql } from 'kysely';
import type { Tx } from '../../db/database';
import { ApiError } from '../../plugins/errors';
import { MSG_AUTH } from '../../plugins/auth/messages';

export const USUARIO_COLUNAS = [
  'id',
  'nome',
  'username',
  'email',
  'cpf',
  'ativo',
  'administrador',
  'tipoCliente',
  'setorId',
  'forcePasswordReset',
  'ultimoAcesso',
  'avatarUuid',
  'criadoEm',
  'alteradoEm',
  'versao',
] as const;

export async function lojasDoUsuario(trx: Tx, usuarioId: number) {
  const rows = await trx
    .selectFrom('usuarioLoja as ul')
    .innerJoin('loja as l', 'l.id', 'ul.lojaId')
    .select([
      'l.id',
      'l.ativo',
      'l.sigla',
      'l.numeroDoDocumento',
      'l.fantasia',
      'l.nome',
      'l.uf',
      'l.codigoIbge',
      'ul.principal',
    ])
    .where('ul.usuarioId', '=', usuarioId)
    .orderBy('ul.principal', 'desc')
    .orderBy('l.id')
    .execute();
  return rows.map((l) => ({ ...l, lojaId: l.id }));
}

export async function gruposDoUsuario(trx: Tx, usuarioId: number) {
  return trx
    .selectFrom('grupoMembro as gm')
    .innerJoin('grupo as g', 'g.id', 'gm.grupoId')
    .select(['g.id', 'g.nome', 'g.statusDeAtivacao'])
    .where('gm.usuarioId', '=', usuarioId)
    .orderBy('g.nome')
    .execute();
}

export async function usuarioDetalhe(trx: Tx, id: number) {
  const u = await trx.selectFrom('usuario').select(USUARIO_COLUNAS).where('id', '=', id).executeTakeFirst();
  if (!u) throw new ApiError(404, MSG_AUTH.usuarioNaoEncontrado);
  const contatos = await trx
    .selectFrom('usuarioContato')
    .select(['id', 'tipo', 'valor', 'descricao'])
    .where('usuarioId', '=', id)
    .orderBy('id')
    .execute();
  return { ...u, contatos, lojasUsuario: await lojasDoUsuario(trx, id), grupos: await gruposDoUsuario(trx, id) };
}

/** Checks that referenced stores, groups and avatar belong to this tenant (RLS hides the others). */
export async function checkReferences(
  trx: Tx,
  input: Pick<UsuarioValidado, 'lojasUsuario' | 'grupos' | 'avatarUuid'>,
): Promise<void> {
  const reasons: FalhaDeCampo[] = [];
  const lojaIds = input.lojasUsuario.map((l) => l.lojaId);
  const lojas = await trx.selectFrom('loja').select('id').where('id', 'in', lojaIds).execute();
  if (lojas.length !== lojaIds.length) reasons.push(falhaDeCampo('lojasUsuario', 'loja inexistente.'));
  if (input.grupos?.length) {
    const grupos = await trx.selectFrom('grupo').select('id').where('id', 'in', input.grupos).execute();
    if (grupos.length !== new Set(input.grupos).size) reasons.push(falhaDeCampo('grupos', 'grupo inexistente.'));
  }
  if (input.avatarUuid) {
    const a = await trx.selectFrom('avatar').select('uuid').where('uuid', '=', input.avatarUuid).executeTakeFirst();
    if (!a) reasons.push(falhaDeCampo('avatarUuid', 'avatar inexistente.'));
  }
  if (reasons.length) throw new ApiError(422, MSG.validacao, reasons);
}

export async function replaceLojas(
  trx: Tx,
  assinanteId: number,
  usuarioId: number,
  lojas: UsuarioValidado['lojasUsuario'],
) {
  await trx.deleteFrom('usuarioLoja').where('usuarioId', '=', usuarioId).execute();
  await trx
    .insertInto('usuarioLoja')
    .values(lojas.map((l) => ({ assinanteId, usuarioId, lojaId: l.lojaId, principal: l.principal })))
    .execute();
}

export async function replaceContatos(
  trx: Tx,
  assinanteId: number,
  usuarioId: number,
  contatos: UsuarioValidado['contatos'],
) {
  await trx.deleteFrom('usuarioContato').where('usuarioId', '=', usuarioId).execute();
  if (contatos.length) {
    await trx
      .insertInto('usuarioContato')
      .values(
        contatos.map((c) => ({ assinanteId, usuarioId, tipo: c.tipo, valor: c.valor, descricao: c.descricao ?? null })),
      )
      .execute();
  }
}

export async function replaceGrupos(trx: Tx, assinanteId: number, usuarioId: number, grupos: number[]) {
  await trx.deleteFrom('grupoMembro').where('usuarioId', '=', usuarioId).execute();
  const unique = [...new Set(grupos)];
  if (unique.length) {
    await trx
      .insertInto('grupoMembro')
      .values(unique.map((grupoId) => ({ assinanteId, usuarioId, grupoId })))
      .execute();
  }
}

/** Refuses to leave the tenant without an active administrator. */
export async function keepOneAdmin(trx: Tx, exceptUsuarioId: number): Promise<void> {
  const other = await trx
    .selectFrom('usuario')
    .select('id')
    .where('administrador', '=', true)
    .where('ativo', '=', true)
    .where('id', '<>', exceptUsuarioId)
    .executeTakeFirst();
  if (!other)
    throw new ApiError(422, MSG_AUTH.ultimoAdministrador, [
      falhaDeCampo('administrador', MSG_AUTH.ultimoAdministrador),
    ]);
}

export function isUniqueViolation(err: unknown, constraint: string): boolean {
  const e = err as { code?: string; constraint?: string };
  return e?.code === '23505' && e.constraint === constraint;
}

export { bumpVersion } from '../../db/optimistic';
