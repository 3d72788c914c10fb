/**
 * Versions and the administrator's update flow (spec §4 "Update flow", §7): GET /api/v1/versoes/atual,
 * mais-recente, notas-de-atualizacao, POST /api/v1/versoes/solicitar-logout-usuarios,
 * POST/GET /api/v1/administracao/self-update.
 */
import { z } from 'zod';
import { instante } from '../contrato';

/** The full version is `numero.build` ('8.0.48783'). */
export const versao = z.object({ numero: z.string(), build: z.number() });
export type Versao = z.input<typeof versao>;

export const notaDeAtualizacao = z.object({ issue: z.string(), detail: z.string() });
export type NotaDeAtualizacao = z.input<typeof notaDeAtualizacao>;
export const notasDeAtualizacao = z.array(notaDeAtualizacao);

export const logoutSolicitado = z.object({ message: z.string(), sessoes: z.number() });
export type LogoutSolicitado = z.input<typeof logoutSolicitado>;

export const STATUS_ATUALIZACAO = ['EM_ANDAMENTO', 'CONCLUIDA', 'FALHOU'] as const;

/** One self-update attempt, with the last lines of the command's output. */
export const tentativaDeAtualizacao = z.object({
  id: z.number(),
  status: z.enum(STATUS_ATUALIZACAO),
  versaoOrigem: z.string(),
  versaoAlvo: z.string(),
  iniciadaEm: instante,
  concluidaEm: instante.nullable(),
  mensagem: z.string().nullable(),
  saida: z.string().nullable(),
  /** the durable job running it (GET /api/v1/tarefas/{id}: progress and phase); null on older attempts */
  tarefaId: z.string().nullable().optional(),
});
export type TentativaDeAtualizacao = z.input<typeof tentativaDeAtualizacao>;

/** The 202 of POST /api/v1/administracao/self-update. */
export const atualizacaoIniciada = tentativaDeAtualizacao.extend({ message: z.string() });

/** GET /api/v1/administracao/self-update. */
export const situacaoDaAtualizacao = z.object({
  disponivel: z.boolean(),
  ultima: tentativaDeAtualizacao.nullable(),
});
export type SituacaoDaAtualizacao = z.input<typeof situacaoDaAtualizacao>;
