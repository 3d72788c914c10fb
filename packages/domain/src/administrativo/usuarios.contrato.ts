/**
 * Users API (spec §7 "Users, groups, sectors, avatar", domain §1.3 "Usuário"): the write body checked by
 * the server whatever the client checked, and the answers (list row, record with contacts, stores, groups).
 */
import { z } from 'zod';
import { instante } from '../contrato';
import { cpfValido, somenteDigitos } from '../documentos';

/** A reference by id, bare or as `{id}` (the vendor SDK sends objects). */
export const refPorId = z.union([
  z.coerce.number().int().positive(),
  z.object({ id: z.coerce.number().int().positive() }).transform((o) => o.id),
]);

export const idParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

const lojaDoUsuarioEntrada = z
  .object({
    lojaId: z.coerce.number().int().positive().optional(),
    id: z.coerce.number().int().positive().optional(),
    principal: z.boolean().default(false),
  })
  .transform((l, ctx) => {
    const lojaId = l.lojaId ?? l.id;
    if (!lojaId) {
      ctx.addIssue({ code: 'custom', message: 'informe a loja (lojaId).' });
      return z.NEVER;
    }
    return { lojaId, principal: l.principal };
  });

export const TIPOS_CONTATO = ['TELEFONE', 'CELULAR', 'WHATSAPP', 'EMAIL', 'OUTRO'] as const;

export const contatoEntrada = z.object({
  tipo: z.enum(TIPOS_CONTATO).default('TELEFONE'),
  valor: z.string().trim().min(1).max(200),
  descricao: z.string().trim().max(200).nullish(),
});
export type ContatoEntrada = z.input<typeof contatoEntrada>;

/** POST /api/v1/usuarios and PUT /api/v1/usuarios/{id}. */
export const usuarioEntrada = z
  .object({
    nome: z.string().trim().min(1).max(150),
    username: z
      .string()
      .trim()
      .min(3)
      .max(100)
      .regex(/^[A-Za-z0-9._@-]+$/, 'use apenas letras, números, ponto, hífen, sublinhado ou @.'),
    email: z.union([z.literal(''), z.email().max(200)]).nullish(),
    cpf: z
      .string()
      .nullish()
      .refine((v) => !v || cpfValido(v), 'CPF inválido.')
      .transform((v) => (v ? somenteDigitos(v) : null)),
    senha: z.string().max(256).nullish(),
    ativo: z.boolean().default(true),
    administrador: z.boolean().default(false),
    tipoCliente: z.enum(['BOTICARIO', 'TODOS']).optional(),
    setorId: z.coerce.number().int().positive().nullish(),
    forcePasswordReset: z.boolean().optional(),
    avatarUuid: z.uuid().nullish(),
    contatos: z.array(contatoEntrada).max(20).default([]),
    lojasUsuario: z.array(lojaDoUsuarioEntrada).min(1, 'informe ao menos uma loja.').max(1000),
    grupos: z.array(refPorId).max(500).optional(),
    versao: z.number().int().optional(),
  })
  .superRefine((u, ctx) => {
    if (u.lojasUsuario.filter((l) => l.principal).length !== 1) {
      ctx.addIssue({ code: 'custom', path: ['lojasUsuario'], message: 'indique exatamente uma loja principal.' });
    }
    if (new Set(u.lojasUsuario.map((l) => l.lojaId)).size !== u.lojasUsuario.length) {
      ctx.addIssue({ code: 'custom', path: ['lojasUsuario'], message: 'loja repetida.' });
    }
  });
/** What a client sends. */
export type UsuarioEntrada = z.input<typeof usuarioEntrada>;
/** What the server reads. */
export type UsuarioValidado = z.output<typeof usuarioEntrada>;

/** PUT /api/v1/usuarios/{id}/nova-senha. */
export const novaSenhaEntrada = z.object({
  id: z.coerce.number().int().positive().optional(),
  senha: z.string().min(1).max(256),
});

/** POST /api/v1/usuarios/{id}/grupos: the ids, bare or as `{id, grupos}`. */
export const gruposDoUsuarioEntrada = z.union([
  z.array(refPorId).max(500),
  z.object({ id: z.coerce.number().int().optional(), grupos: z.array(refPorId).max(500) }).transform((o) => o.grupos),
]);

/** A group as a user's record lists it. */
export const grupoResumo = z.object({ id: z.number(), nome: z.string(), statusDeAtivacao: z.string() });

/** A row of GET /api/v1/pessoa/usuarios. */
export const usuarioResumo = z.object({
  id: z.number(),
  nome: z.string(),
  username: z.string(),
  email: z.string().nullable(),
  cpf: z.string().nullable(),
  ativo: z.boolean(),
  administrador: z.boolean(),
  tipoCliente: z.string(),
  setorId: z.number().nullable(),
  forcePasswordReset: z.boolean(),
  ultimoAcesso: instante.nullable(),
  avatarUuid: z.string().nullable(),
  criadoEm: instante,
  alteradoEm: instante,
  versao: z.number(),
});
export type UsuarioResumo = z.input<typeof usuarioResumo>;

export const contato = z.object({
  id: z.number(),
  tipo: z.enum(TIPOS_CONTATO),
  valor: z.string(),
  descricao: z.string().nullable(),
});
export type Contato = z.input<typeof contato>;

/** One of the user's stores (`lojaId` repeats `id` for clients that read either). */
export const lojaDoUsuario = z.object({
  id: z.number(),
  lojaId: z.number(),
  ativo: z.boolean(),
  sigla: z.string(),
  numeroDoDocumento: z.string(),
  fantasia: z.string(),
  nome: z.string(),
  uf: z.string(),
  principal: z.boolean(),
});

/** GET /api/v1/pessoa/usuarios/{id}, and the answer of a create or update. */
export const usuario = usuarioResumo.extend({
  contatos: z.array(contato),
  lojasUsuario: z.array(lojaDoUsuario),
  grupos: z.array(grupoResumo),
});
export type Usuario = z.input<typeof usuario>;

/** GET /api/v1/usuarios/{id}/grupos and the answer of its POST. */
export const gruposDoUsuario = z.object({ id: z.number(), grupos: z.array(grupoResumo) });
export type GruposDoUsuario = z.input<typeof gruposDoUsuario>;

/** The answer of PUT /api/v1/usuarios/{id}/nova-senha. */
export const senhaAlterada = z.object({ id: z.number(), message: z.string(), sessoesEncerradas: z.number() });
