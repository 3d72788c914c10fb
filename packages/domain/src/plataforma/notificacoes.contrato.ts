/**
 * Notifications API (spec §2.4 "/notificacoes", §7 GET /api/v1/notificacoes/recentes): each user reads
 * and marks only their own; an administrator sends one to a user of the tenant.
 */
import { z } from 'zod';
import { instante } from '../contrato';
import { listaPaginada } from '../lista';

export const notificacao = z.object({
  id: z.number(),
  titulo: z.string(),
  corpo: z.string(),
  link: z.string().nullable(),
  criadoEm: instante,
  lida: z.boolean(),
});
export type Notificacao = z.input<typeof notificacao>;

/** GET /api/v1/notificacoes/recentes. */
export const notificacoesRecentes = z.object({
  items: z.array(notificacao),
  hasNewToRead: z.boolean(),
  /** when the user last marked something read (null: never) */
  lastTimeRead: instante.nullable(),
  naoLidas: z.number(),
});
export type NotificacoesRecentes = z.input<typeof notificacoesRecentes>;

/** GET /api/v1/notificacoes?start&count&naoLidas=true|false. */
export const paginaDeNotificacoes = listaPaginada(notificacao);
export type PaginaDeNotificacoes = z.input<typeof paginaDeNotificacoes>;

/** PUT /api/v1/notificacoes/lidas. */
export const notificacoesMarcadas = z.object({ alteradas: z.number() });
export type NotificacoesMarcadas = z.input<typeof notificacoesMarcadas>;

/** POST /api/v1/notificacoes (administrators). */
export const novaNotificacao = z.object({
  usuarioId: z.number().int().positive(),
  titulo: z.string().trim().min(1).max(200),
  corpo: z.string().max(4000).optional(),
  link: z
    .string()
    .max(500)
    .regex(/^\/(?!\/)/, 'deve ser um caminho da aplicação começando com /')
    .nullable()
    .optional(),
});
export type NovaNotificacao = z.input<typeof novaNotificacao>;
