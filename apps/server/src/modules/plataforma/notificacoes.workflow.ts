/** Sending a notification to a user of the tenant (administrators), on its domain face; audited by the backbone. */
import { comandoEnviarNotificacao, falhaDeCampo, MSG, type NovaNotificacao } from '@retaguarda/domain';
import { sql } from 'kysely';
import { ApiError } from '../../plugins/errors';
import { type ContextoDoComando, defineWorkflow } from '../../workflows';
import type { NotificacaoPayload } from '../../plugins/events';
import { criarNotificacao } from './notificacoes.service';

export const MSG_NOTIFICACAO = {
  somenteUsuarios: 'Somente usuários recebem notificações.',
  naoEncontrada: 'Notificação não encontrada.',
  destinatarioInexistente: 'usuário não encontrado neste assinante.',
} as const;

interface Estado {
  criada?: NotificacaoPayload;
}
type Ctx = ContextoDoComando<NovaNotificacao, Estado>;

/** FK checks ignore RLS: the recipient is looked up under the tenant's policy. */
async function conferirDestinatario(ctx: Ctx): Promise<void> {
  const { rows } = await sql`select 1 from usuario where id = ${ctx.entrada.usuarioId}`.execute(ctx.trx);
  if (!rows.length)
    throw new ApiError(422, MSG.validacao, [falhaDeCampo('usuarioId', MSG_NOTIFICACAO.destinatarioInexistente)]);
}

async function gravar(ctx: Ctx): Promise<void> {
  const n = ctx.entrada;
  const criada = await criarNotificacao(ctx.trx, ctx.assinanteId, n, { usuarioId: ctx.usuarioId, auditar: false });
  ctx.estado.criada = criada;
  ctx.auditoria = {
    entidade: 'notificacao',
    entidadeId: criada.id,
    operacao: 'INCLUSAO',
    depois: { usuarioId: n.usuarioId, titulo: n.titulo, link: n.link ?? null },
  };
}

export const enviarNotificacao = defineWorkflow(comandoEnviarNotificacao, {
  estadoInicial: (): Estado => ({}),
  passos: [conferirDestinatario, gravar],
  resposta: (ctx) => {
    if (!ctx.estado.criada) throw new Error('notificação não gravada');
    return ctx.estado.criada;
  },
});
