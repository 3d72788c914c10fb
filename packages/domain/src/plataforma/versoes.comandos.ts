/** The public faces of the update flow (administrators, spec §4): the logout request (no body, 200), the self-update. */
import { z } from 'zod';
import { defineCommand } from '../comandos/definir';
import { atualizacaoIniciada, logoutSolicitado } from './versoes.contrato';

export const comandoSolicitarLogout = defineCommand({
  nome: 'plataforma.versoes.solicitar-logout',
  caminho: '/api/v1/versoes/solicitar-logout-usuarios',
  resumo: 'Pede a todos os outros usuários que saiam',
  entidade: 'atualização do sistema',
  entrada: z.object({}),
  saida: logoutSolicitado,
  acesso: { administrador: true },
  raizXml: 'LogoutSolicitado',
});

/**
 * The administrator's self-update (spec §4 "Update flow"): records the attempt and enqueues its job
 * (202 + the attempt, naming its job); 503 without UPDATE_COMMAND, 409 when already up to date or while
 * another attempt runs.
 */
export const comandoIniciarAtualizacao = defineCommand({
  nome: 'plataforma.versoes.self-update',
  caminho: '/api/v1/administracao/self-update',
  resumo: 'Inicia a atualização do sistema (comando configurado)',
  entidade: 'atualização do sistema',
  entrada: z.object({}),
  saida: atualizacaoIniciada,
  acesso: { administrador: true },
  responde: 'tarefa',
  raizXml: 'Atualizacao',
});
