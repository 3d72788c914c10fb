/**
 * Background jobs ("tarefas", spec §3/§4 files in processing): GET /api/v1/tarefas/{id} and
 * POST /api/v1/tarefas/{id}/cancelar (owner or tenant administrator; anyone else gets 404), and the
 * realtime event 'tarefa' the header's "arquivos em processamento" list follows.
 */
import { z } from 'zod';
import { instante } from '../contrato';

export const STATUS_TAREFA = ['PENDENTE', 'PROCESSANDO', 'CONCLUIDO', 'ERRO', 'CANCELADO'] as const;
export type StatusTarefa = (typeof STATUS_TAREFA)[number];
/** A job in one of these states may still change; the others are final. */
export const TAREFA_ABERTA: readonly StatusTarefa[] = ['PENDENTE', 'PROCESSANDO'];

export const progressoTarefa = z.object({
  feito: z.number().int().nonnegative(),
  /** 0 while the amount of work is not known yet */
  total: z.number().int().nonnegative(),
  fase: z.string().nullable(),
});
export type ProgressoTarefa = z.infer<typeof progressoTarefa>;

export const tarefa = z.object({
  id: z.string(),
  tipo: z.string(),
  status: z.enum(STATUS_TAREFA),
  progresso: progressoTarefa,
  /** what the user asked for ('Marcas'), and the screen showing the result */
  titulo: z.string().nullable(),
  link: z.string().nullable(),
  resultado: z.unknown().optional(),
  erro: z.string().optional(),
  tentativas: z.number().int(),
  criadoEm: instante,
  concluidoEm: instante.nullable(),
});
export type Tarefa = z.input<typeof tarefa>;

export const tarefaParams = z.object({ id: z.string().max(64) });

export const MSG_TAREFA = {
  naoEncontrada: 'Tarefa não encontrada.',
  encerrada: 'A tarefa já foi encerrada e não pode ser cancelada.',
  cancelada: 'Tarefa cancelada pelo usuário.',
  interrompida: 'O processamento foi interrompido e não pôde ser concluído após novas tentativas.',
  falhou: 'Não foi possível concluir a tarefa.',
  somenteUsuarios: 'Somente usuários podem consultar tarefas.',
} as const;
