/**
 * The platform's small answers (spec §7): GET /api/v1/assinante (the subscriber of this host, public),
 * GET /api/v1/status (health), GET /api/v1/menu and GET/PUT /api/v1/meu-menu.
 */
import { z } from 'zod';
import { instante } from '../contrato';
import type { MenuEntry } from '../menu';

export const assinantePublico = z.object({
  id: z.number(),
  nome: z.string(),
  tipoCliente: z.string(),
  tema: z.string(),
  criadoEm: instante,
});
export type AssinantePublico = z.input<typeof assinantePublico>;

/** 200 only while the database answers (503 with the error body otherwise). */
export const situacaoDoServidor = z.object({ status: z.string(), versao: z.string() });

/** A menu entry: a screen (`rota`) or a group of entries (`submenu`). */
export const entradaDeMenu: z.ZodType<MenuEntry> = z.lazy(() =>
  z.object({
    id: z.string(),
    descricao: z.string(),
    rota: z.string().optional(),
    submenu: z.array(entradaDeMenu).optional(),
  }),
);
export const menu = z.array(entradaDeMenu);

/** PUT /api/v1/meu-menu: the entries to keep, in order (only `rota` matters). */
export const meuMenuEntrada = z.array(
  z.object({
    id: z.string().max(200).optional(),
    descricao: z.string().max(200).optional(),
    rota: z.string().min(1).max(200),
  }),
);

/** GET /api/v1/sessoes-mensagens/chave-publica: the VAPID applicationServerKey. */
export const chavePublicaPush = z.object({ publicKey: z.string() });
/** POST /api/v1/sessoes-mensagens: the session's push subscription (PushSubscription as JSON or base64url). */
export const inscricaoPushEntrada = z.object({ token: z.unknown() });
export const inscricaoPushRegistrada = z.object({ id: z.number(), message: z.string() });
export const inscricoesPushRemovidas = z.object({ removidas: z.number() });
export type ChavePublicaPush = z.input<typeof chavePublicaPush>;
