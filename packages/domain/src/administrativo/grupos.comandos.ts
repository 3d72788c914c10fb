/**
 * The public faces of the user-group commands (spec §6: group registration is administrators', who also
 * hold NOVO_USUARIOS_E_GRUPOS): create (201 + Location, read by the client), update, delete (200).
 * Members: POST …/{id}/membros replaces the whole set (a bare array of ids, or `{id, membros}`).
 */
import { z } from 'zod';
import { defineCommand } from '../comandos/definir';
import { perm } from '../permissions';
import { grupo, grupoEntrada, grupoExcluido, membrosDoGrupo } from './grupos.contrato';
import { refPorId } from './usuarios.contrato';

const entidade = 'grupos de usuários';
const caminho = '/api/v1/grupo-usuario';
const idDoGrupo = z.number().int().positive().max(2_147_483_647);
const acesso = (verbo: 'INCLUIR' | 'EDITAR' | 'EXCLUIR') =>
  ({ administrador: true, permissao: perm('NOVO_USUARIOS_E_GRUPOS', verbo) }) as const;

export const comandoIncluirGrupo = defineCommand({
  nome: 'administrativo.grupo.incluir',
  caminho,
  resumo: 'Inclui grupo',
  entidade,
  entrada: grupoEntrada,
  saida: grupo,
  acesso: acesso('INCLUIR'),
  criaRecurso: (g) => g.id,
  raizXml: 'Grupo',
});

/** PUT …/{id}: the body of the create, the path's id, `versao` for the optimistic lock. */
export const entradaAlterarGrupo = grupoEntrada.extend({ id: idDoGrupo });

export const comandoAlterarGrupo = defineCommand({
  nome: 'administrativo.grupo.alterar',
  metodo: 'PUT',
  caminho: `${caminho}/{id}`,
  resumo: 'Altera grupo',
  entidade,
  entrada: entradaAlterarGrupo,
  saida: grupo,
  acesso: acesso('EDITAR'),
  raizXml: 'Grupo',
});

export const comandoExcluirGrupo = defineCommand({
  nome: 'administrativo.grupo.excluir',
  metodo: 'DELETE',
  caminho: `${caminho}/{id}`,
  resumo: 'Exclui grupo',
  entidade,
  entrada: z.object({ id: idDoGrupo }),
  saida: grupoExcluido,
  acesso: acesso('EXCLUIR'),
  raizXml: 'Grupo',
});

/** POST …/{id}/membros: the path names the group (`grupoId`); a body `id` is ignored as before. */
export const entradaMembrosDoGrupo = z.object({
  grupoId: idDoGrupo,
  id: z.coerce.number().int().optional(),
  membros: z.array(refPorId).max(5000),
});

export const comandoMembrosDoGrupo = defineCommand({
  nome: 'administrativo.grupo.membros',
  caminho: `${caminho}/{id}/membros`,
  campoDoId: 'grupoId',
  resumo: 'Define os membros do grupo',
  entidade,
  entrada: entradaMembrosDoGrupo,
  saida: membrosDoGrupo,
  acesso: acesso('EDITAR'),
  corpoEmLista: 'membros',
  raizXml: 'Membros',
});
