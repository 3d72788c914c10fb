/**
 * The update flow's logout request (administrators, spec §4), on its domain face: every other active
 * session is asked to save and sign out (realtime event after the commit); audited by the backbone.
 */
import { comandoSolicitarLogout } from '@retaguarda/domain';
import { identityFor } from '../../plugins/auth/identity';
import { activeSessions } from '../../plugins/auth/sessions';
import { type ContextoDoComando, defineWorkflow } from '../../workflows';

export const MSG_VERSOES = {
  logoutSolicitado:
    'O administrador solicitou que todos saiam do sistema para a atualização. Salve o seu trabalho e faça logout.',
  logoutEnviado: 'Solicitação de logout enviada aos usuários conectados.',
} as const;

interface Estado {
  sessoes: number;
}

async function pedirLogout(ctx: ContextoDoComando<Record<string, never>, Estado>): Promise<void> {
  const id = await identityFor(ctx.db);
  const ativas = await activeSessions(ctx.trx, id.settings.inactivityMinutesDefault);
  const outras = ativas.filter((s) => s.usuarioId !== ctx.usuarioId).length;
  ctx.estado.sessoes = outras;
  ctx.auditoria = {
    entidade: 'sessao',
    entidadeId: null,
    operacao: 'OUTRO',
    depois: { acao: 'solicitar-logout-usuarios', sessoes: outras },
  };
  ctx.publicar({
    tipo: 'logout-solicitado',
    assinanteId: ctx.assinanteId,
    porUsuarioId: ctx.usuarioId,
    mensagem: MSG_VERSOES.logoutSolicitado,
  });
}

export const solicitarLogout = defineWorkflow(comandoSolicitarLogout, {
  estadoInicial: (): Estado => ({ sessoes: 0 }),
  passos: [pedirLogout],
  resposta: (ctx) => ({ message: MSG_VERSOES.logoutEnviado, sessoes: ctx.estado.sessoes }),
});
