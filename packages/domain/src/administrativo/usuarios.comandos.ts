/**
 * The public face of a user's password change (spec §6, §7 PUT /api/v1/usuarios/{id}/nova-senha):
 * administrators holding NOVO_USUARIOS_E_GRUPOS_EDITAR, or the user themself (also while a password change
 * is pending). The body's optional `id` must name the path's user (422 otherwise), so the path fills `usuarioId`.
 */
import { z } from 'zod';
import { definirComando } from '../comandos/definir';
import { perm } from '../permissions';
import { gruposDoUsuario, novaSenhaEntrada, refPorId, senhaAlterada } from './usuarios.contrato';

export const entradaNovaSenha = novaSenhaEntrada.extend({
  usuarioId: z.number().int().positive().max(2_147_483_647),
});

export const comandoNovaSenha = definirComando({
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
  usuarioId: z.number().int().positive().max(2_147_483_647),
  id: z.coerce.number().int().optional(),
  grupos: z.array(refPorId).max(500),
});

export const comandoGruposDoUsuario = definirComando({
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
