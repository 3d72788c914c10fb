/**
 * The public faces of a user's record (spec §7 POST /api/v1/usuarios → 201 + Location /api/v1/pessoa/usuarios/{id},
 * where it is read; PUT /api/v1/usuarios/{id}, also by the user themself for the personal fields) and of a
 * user's password change (spec §6, §7 PUT /api/v1/usuarios/{id}/nova-senha):
 * administrators holding NOVO_USUARIOS_E_GRUPOS_EDITAR, or the user themself (also while a password change
 * is pending). The body's optional `id` must name the path's user (422 otherwise), so the path fills `usuarioId`.
 */
import { z } from 'zod';
import { defineCommand } from '../comandos/definir';
import { perm } from '../permissions';
import {
  gruposDoUsuario,
  novaSenhaEntrada,
  refPorId,
  senhaAlterada,
  usuario,
  usuarioEntrada,
} from './usuarios.contrato';

const idDoUsuario = z.number().int().positive().max(2_147_483_647);

export const comandoIncluirUsuario = defineCommand({
  nome: 'administrativo.usuario.incluir',
  caminho: '/api/v1/usuarios',
  resumo: 'Inclui usuário',
  entidade: 'usuários',
  entrada: usuarioEntrada,
  saida: usuario,
  acesso: { administrador: true, permissao: perm('NOVO_USUARIOS_E_GRUPOS', 'INCLUIR') },
  criaRecurso: (u) => u.id,
  localDoRecurso: '/api/v1/pessoa/usuarios',
  raizXml: 'Usuario',
});

/** PUT …/{id}: the create's body (its cross-field rules kept), the path's id, `versao` for the optimistic lock. */
export const entradaAlterarUsuario = usuarioEntrada.safeExtend({ id: idDoUsuario });

export const comandoAlterarUsuario = defineCommand({
  nome: 'administrativo.usuario.alterar',
  metodo: 'PUT',
  caminho: '/api/v1/usuarios/{id}',
  resumo: 'Altera usuário',
  entidade: 'usuários',
  entrada: entradaAlterarUsuario,
  saida: usuario,
  // the user themself passes too: the steps then change the personal fields only
  acesso: { administrador: true, permissao: perm('NOVO_USUARIOS_E_GRUPOS', 'EDITAR'), proprioUsuario: true },
  raizXml: 'Usuario',
});

export const entradaNovaSenha = novaSenhaEntrada.extend({ usuarioId: idDoUsuario });

export const comandoNovaSenha = defineCommand({
  nome: 'administrativo.usuario.nova-senha',
  metodo: 'PUT',
  caminho: '/api/v1/usuarios/{id}/nova-senha',
  campoDoId: 'usuarioId',
  resumo: 'Altera a senha',
  entidade: 'usuários',
  entrada: entradaNovaSenha,
  saida: senhaAlterada,
  acesso: {
    administrador: true,
    permissao: perm('NOVO_USUARIOS_E_GRUPOS', 'EDITAR'),
    proprioUsuario: true,
    trocaDeSenha: true,
  },
  raizXml: 'Senha',
});

/** POST /api/v1/usuarios/{id}/grupos: the whole group set (a bare array of ids, or `{id, grupos}`; a body `id` is ignored). */
export const entradaGruposDoUsuario = z.object({
  usuarioId: idDoUsuario,
  id: z.coerce.number().int().optional(),
  grupos: z.array(refPorId).max(500),
});

export const comandoGruposDoUsuario = defineCommand({
  nome: 'administrativo.usuario.grupos',
  caminho: '/api/v1/usuarios/{id}/grupos',
  campoDoId: 'usuarioId',
  resumo: 'Define os grupos do usuário',
  entidade: 'usuários',
  entrada: entradaGruposDoUsuario,
  saida: gruposDoUsuario,
  acesso: { administrador: true, permissao: perm('NOVO_USUARIOS_E_GRUPOS', 'EDITAR') },
  corpoEmLista: 'grupos',
  raizXml: 'Grupos',
});
