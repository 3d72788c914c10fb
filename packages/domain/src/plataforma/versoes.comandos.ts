/** The public face of the update flow's logout request (administrators, spec §4): no body, 200. */
import { z } from 'zod';
import { definirComando } from '../comandos/definir';
import { logoutSolicitado } from './versoes.contrato';

export const comandoSolicitarLogout = definirComando({
  nome: 'plataforma.versoes.solicitar-logout',
  caminho: '/api/v1/versoes/solicitar-logout-usuarios',
  resumo: 'Pede a todos os outros usuários que saiam',
  entidade: 'atualização do sistema',
  entrada: z.object({}),
  saida: logoutSolicitado,
  acesso: { administrador: true },
  raizXml: 'LogoutSolicitado',
});
