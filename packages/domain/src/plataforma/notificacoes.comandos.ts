/** The public face of sending a notification to a user of the tenant (administrators): 201 + Location. */
import { defineCommand } from '../comandos/definir';
import { notificacao, novaNotificacao } from './notificacoes.contrato';

export const comandoEnviarNotificacao = defineCommand({
  nome: 'plataforma.notificacao.enviar',
  caminho: '/api/v1/notificacoes',
  resumo: 'Envia uma notificação a um usuário do assinante',
  entidade: 'notificações',
  entrada: novaNotificacao,
  saida: notificacao,
  acesso: { administrador: true },
  criaRecurso: (n) => n.id,
  raizXml: 'Notificacao',
});
