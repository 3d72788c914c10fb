/**
 * Sign-in API (spec §7 "Authentication"): POST /api/auth, POST /api/auth/admin (ends a chosen session at
 * the tenant's limit), GET /api/auth/refresh (alias /api/refresh), GET /api/auth/logout, reCAPTCHA.
 */
import { z } from 'zod';
import { corpoDeErro } from '../contrato';
import { sessaoAtiva } from './sessoes.contrato';

/** POST /api/auth. */
export const credenciais = z.object({
  username: z.string().trim().min(1).max(150),
  password: z.string().min(1).max(512),
  recaptchaToken: z.string().max(4000).optional(),
});
export type Credenciais = z.input<typeof credenciais>;

/** POST /api/auth/admin: the session to end is its id (as listed by the 409) or its session token. */
export const credenciaisEncerrandoSessao = credenciais.extend({
  sessionTokenToInvalidate: z.string().trim().min(1).max(400),
});

/** The answer of sign-in and refresh (XML root `ResultToken` for the vendor SDK). */
export const tokens = z.object({
  accessToken: z.string(),
  refreshToken: z.string(),
  sessionToken: z.string(),
  username: z.string(),
  id: z.number(),
});
export type Tokens = z.input<typeof tokens>;

/** The 409 of a sign-in at the tenant's session limit: the error body plus the live sessions to choose from. */
export const limiteDeSessoes = corpoDeErro.extend({ sessoes: z.array(sessaoAtiva) });
export type LimiteDeSessoes = z.input<typeof limiteDeSessoes>;

export const recaptchaEntrada = z.object({ recaptchaToken: z.string().min(1).max(4000) });
export const recaptchaVerificado = z.object({ success: z.boolean() });

export const sessaoEncerradaNoLogout = z.object({ message: z.string() });

/** GET /api/auth/sso: the provider's authorization URL and the signed transaction to send back. */
export const inicioSso = z.object({ url: z.string(), transacao: z.string() });
export type InicioSso = z.input<typeof inicioSso>;

/** POST /api/auth/sso: the provider's answer (/app/#code=…&state=…) and the transaction. */
export const conclusaoSso = z.object({
  code: z.string().min(1).max(4000),
  state: z.string().min(1).max(500),
  transacao: z.string().min(1).max(8000),
  iss: z.string().max(500).optional(),
});
