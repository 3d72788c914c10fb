/**
 * Integration keys API (Administrativo, GET/POST /api/v1/administracao/chaves-integracao, DELETE …/{id}):
 * the key itself travels once, in the creation answer.
 */
import { z } from 'zod';
import { instante } from '../contrato';
import { listaPaginada } from '../lista';
import { ALL_PERMISSION_CODES } from '../permissions';

/** POST /api/v1/administracao/chaves-integracao. */
export const chaveEntrada = z.object({
  nome: z.string().trim().min(1).max(100),
  permissoes: z
    .array(z.string().refine((c) => ALL_PERMISSION_CODES.has(c), { message: 'permissão desconhecida.' }))
    .max(2000),
  lojas: z.array(z.number().int().positive()).max(1000).nullish(),
});
export type ChaveEntrada = z.input<typeof chaveEntrada>;

export const chave = z.object({
  id: z.number(),
  nome: z.string(),
  prefixo: z.string(),
  permissoes: z.array(z.string()),
  lojas: z.array(z.number()).nullable(),
  criadaEm: instante,
  criadaPor: z.number().nullable(),
  ultimoUso: instante.nullable(),
  revogadaEm: instante.nullable(),
  revogadaPor: z.number().nullable(),
  ativa: z.boolean(),
});
export type Chave = z.input<typeof chave>;

/** GET …/chaves-integracao: a list of the list contract (its screen reads every key in one page). */
export const chaves = listaPaginada(chave);

/** The creation answer: the only time the key itself is sent. */
export const chaveCriada = chave.extend({ chave: z.string() });
export type ChaveCriada = z.input<typeof chaveCriada>;

export const chaveRevogada = z.object({
  id: z.number(),
  nome: z.string(),
  revogadaEm: instante.nullable(),
  message: z.string(),
});
