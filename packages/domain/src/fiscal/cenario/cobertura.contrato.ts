/** The cobertura's contract (GET /api/v1/fiscal/cenarios-fiscais/cobertura): classes of products without a complete treatment. */
import { z } from 'zod';

/** One class of products (same NCM, exceção, CEST, origem) without a complete treatment in one store. */
export const classeSemCobertura = z.object({
  ncm: z.string().nullable(),
  cest: z.string().nullable(),
  origem: z.string(),
  lojaId: z.number(),
  lojaFantasia: z.string(),
  uf: z.string(),
  crt: z.number(),
  produtos: z.number(),
  /** a product of the class, to simulate it */
  produtoExemploId: z.number(),
  faltando: z.array(z.string()),
});
export type ClasseSemCobertura = z.infer<typeof classeSemCobertura>;
export const listaCobertura = z.object({
  items: z.array(classeSemCobertura),
  total: z.number(),
  start: z.number(),
  count: z.number(),
});
export type ListaCobertura = z.infer<typeof listaCobertura>;
