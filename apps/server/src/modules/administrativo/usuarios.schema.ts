/** Write schemas of users (domain §1.3): validated on the server whatever the client checked. */
import { cpfValido, somenteDigitos } from '@retaguarda/domain';
import { z } from 'zod';

const idRef = z.union([
  z.coerce.number().int().positive(),
  z.object({ id: z.coerce.number().int().positive() }).transform((o) => o.id),
]);

const lojaUsuario = z
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

export const contatoSchema = z.object({
  tipo: z.enum(['TELEFONE', 'CELULAR', 'WHATSAPP', 'EMAIL', 'OUTRO']).default('TELEFONE'),
  valor: z.string().trim().min(1).max(200),
  descricao: z.string().trim().max(200).nullish(),
});

export const usuarioSchema = z
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
    contatos: z.array(contatoSchema).max(20).default([]),
    lojasUsuario: z.array(lojaUsuario).min(1, 'informe ao menos uma loja.').max(1000),
    grupos: z.array(idRef).max(500).optional(),
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
export type UsuarioInput = z.infer<typeof usuarioSchema>;

export const novaSenhaSchema = z.object({
  id: z.coerce.number().int().positive().optional(),
  senha: z.string().min(1).max(256),
});

export const gruposDoUsuarioSchema = z.union([
  z.array(idRef).max(500),
  z.object({ id: z.coerce.number().int().optional(), grupos: z.array(idRef).max(500) }).transform((o) => o.grupos),
]);

export const idParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
