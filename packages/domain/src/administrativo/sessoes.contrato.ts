/**
 * Active sessions (spec §6, administrators: GET /api/v1/sessoes-ativas, DELETE …/{id}) and the tenant's
 * session settings (GET/PUT /api/v1/administracao/configuracao-sessao).
 */
import { z } from 'zod';
import { instante } from '../contrato';
import { listaPaginada } from '../lista';

export const sessaoAtiva = z.object({
  id: z.string(),
  usuarioId: z.number(),
  username: z.string(),
  nome: z.string(),
  tipo: z.string(),
  criadaEm: instante,
  ultimaAtividade: instante,
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
});
export type SessaoAtiva = z.input<typeof sessaoAtiva>;

/** GET /api/v1/sessoes-ativas (a list of the list contract): `atual` marks the caller's own session. */
export const sessoesAtivas = listaPaginada(sessaoAtiva.extend({ atual: z.boolean() }));
export type SessoesAtivas = z.input<typeof sessoesAtivas>;

export const sessaoEncerrada = z.object({ id: z.string(), message: z.string() });

export const sessaoParams = z.object({ id: z.uuid() });

/** PUT /api/v1/administracao/configuracao-sessao (null: no limit). */
export const configuracaoSessaoEntrada = z.object({
  limiteSessoes: z.number().int().min(1).max(100_000).nullable(),
  inatividadeMinutos: z.number().int().min(5).max(10_080),
});
export type ConfiguracaoSessaoEntrada = z.input<typeof configuracaoSessaoEntrada>;

/** The settings as answered (the server's default idle time when the tenant has none). */
export const configuracaoSessao = z.object({ limiteSessoes: z.number().nullable(), inatividadeMinutos: z.number() });
export type ConfiguracaoSessao = z.input<typeof configuracaoSessao>;
