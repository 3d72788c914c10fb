/** The settings API's contracts: `GET /api/v1/configuracoes`, `PUT …/{chave}[/lojas/{lojaId}]`, the web's flags. */
import { z } from 'zod';

export const origemDoValor = z.enum(['padrao', 'assinante', 'loja']);

const valorQualquer = z.union([z.boolean(), z.number(), z.string()]);

export const parametroConfigurado = z.object({
  chave: z.string(),
  area: z.string(),
  escopo: z.enum(['assinante', 'loja']),
  tipo: z.enum(['booleano', 'inteiro', 'decimal', 'texto', 'lista', 'minutos', 'horas']),
  rotulo: z.string(),
  ajuda: z.string(),
  padrao: valorQualquer,
  limites: z
    .object({
      min: z.number().optional(),
      max: z.number().optional(),
      casas: z.number().optional(),
      tamanho: z.number().optional(),
    })
    .optional(),
  opcoes: z.array(z.object({ valor: z.string(), rotulo: z.string() })).optional(),
  /** the value in force at the level asked (the store's with `lojaId`, else the tenant's) */
  valor: valorQualquer,
  /** where that value comes from: the declaration's default, the tenant's value or the store's own */
  origem: origemDoValor,
  /** the tenant's value a store inherits (store-scoped parameters read for a store) */
  valorDaEmpresa: valorQualquer.optional(),
  /** the version of the value at the level asked (0: never set there); a PUT sends it back */
  versao: z.number().int(),
  podeAlterar: z.boolean(),
});
export type ParametroConfigurado = z.infer<typeof parametroConfigurado>;

export const listaDeParametros = z.object({
  area: z.string(),
  lojaId: z.number().int().nullable(),
  items: z.array(parametroConfigurado),
});
export type ListaDeParametros = z.infer<typeof listaDeParametros>;

export const consultaDeParametros = z.object({
  area: z.string().min(1).max(40),
  lojaId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
});

/** `valor: null` drops the value at that level (the store inherits the tenant's, the tenant the default). */
export const entradaDeParametro = z.object({
  valor: z.unknown(),
  versao: z.number().int().min(0).max(2_147_483_647).optional(),
});
export type EntradaDeParametro = z.infer<typeof entradaDeParametro>;

/** The tenant's route flags (`especial.featureFlag`), readable by every signed-in user. */
export const flagsDoAssinante = z.object({ flags: z.record(z.string(), z.boolean()) });
export type FlagsDoAssinante = z.infer<typeof flagsDoAssinante>;
