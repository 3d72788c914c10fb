/**
 * GET /api/v1/eumesmo (spec §3 "Current user": who is calling, with effective rights and stores) and the
 * avatar uploads (POST /api/v1/avatar, PUT /api/v1/avatar?uuid=; the image itself is the binary body).
 */
import { z } from 'zod';
import { instante } from '../contrato';

/** A store of the caller, the principal one marked. */
const lojaDaSessao = z.object({
  id: z.number(),
  ativo: z.boolean(),
  sigla: z.string(),
  numeroDoDocumento: z.string(),
  fantasia: z.string(),
  nome: z.string(),
  uf: z.string(),
  /** the store's IANA zone (tempo/zonas.ts): the screens propose "today" in it */
  zona: z.string(),
  principal: z.boolean(),
});

/** A user; an integration key answers with `id: null`, its name and no personal fields. */
export const euMesmo = z.object({
  id: z.number().nullable(),
  nome: z.string(),
  username: z.string(),
  email: z.string().nullable().optional(),
  administrador: z.boolean(),
  tipoCliente: z.string(),
  forcePasswordReset: z.boolean(),
  setorId: z.number().nullable().optional(),
  avatarUuid: z.string().nullable().optional(),
  ultimoAcesso: instante.nullable().optional(),
  permissoes: z.array(z.string()),
  lojasUsuario: z.array(lojaDaSessao),
  /** the tenant's route flags (`especial.featureFlag` → on/off), from its settings: what the guards read */
  flags: z.record(z.string(), z.boolean()).optional(),
});
export type EuMesmo = z.input<typeof euMesmo>;

export const avatarParams = z.object({ uuid: z.uuid() });

/** The stored image's description (201 with Location on creation, 200 on replacement). */
export const avatarEnviado = z.object({
  uuid: z.string(),
  contentType: z.string(),
  tamanho: z.number(),
  nomeArquivo: z.string().nullable(),
});
export type AvatarEnviado = z.input<typeof avatarEnviado>;
