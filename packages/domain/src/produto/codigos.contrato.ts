/**
 * Product codes resolved as a set (issue #25.2): POST /api/v1/produto/codigos/resolucao {lojaId, codigos[]}
 * → one answer per code, in the order sent: the product, its sale unit and the code's factor, or why not.
 * The item grid, collector files, POS ingest, inventory counts and NF-e entry all resolve codes through it.
 */
import { z } from 'zod';

/** Most codes of one call: a collector file or a POS upload of a day fits; a bigger load is split. */
export const MAX_CODIGOS_RESOLUCAO = 10_000;

export const MSG_CODIGOS = {
  naoEncontrado: 'Código não encontrado.',
  produtoInativo: 'Produto inativo na loja.',
  codigoInativo: 'Código auxiliar inativo.',
  codigoInvalido: 'Código inválido: use até 14 letras ou dígitos.',
  lojaForaDoEscopo: (loja: string) => `Você não tem acesso à loja ${loja}.`,
} as const;

/** Where a code was found: the product's internal code, or an auxiliary code of that kind (EAN, …). */
/** REFERENCIA_FORNECEDOR: a supplier's own code (produto_fornecedor), only when the supplier is known */
export const ORIGENS_CODIGO = ['CODIGO_INTERNO', 'EAN', 'LITERAL', 'NUMERICO', 'REFERENCIA_FORNECEDOR'] as const;
export type OrigemCodigo = (typeof ORIGENS_CODIGO)[number];

export const entradaResolucaoCodigos = z.object({
  lojaId: z
    .number({ error: 'informe a loja.' })
    .int('informe a loja.')
    .positive('informe a loja.')
    .max(2_147_483_647, 'loja inválida.'),
  codigos: z
    .array(z.string({ error: 'cada código é um texto.' }).max(64, 'código com mais de 64 caracteres.'), {
      error: 'informe a lista de códigos.',
    })
    .min(1, 'informe ao menos um código.')
    .max(MAX_CODIGOS_RESOLUCAO, `informe no máximo ${MAX_CODIGOS_RESOLUCAO} códigos por chamada.`),
});
export type EntradaResolucaoCodigos = z.infer<typeof entradaResolucaoCodigos>;

/**
 * One code's answer. Found: `produtoId` and the product's data; `fator` is how many sale units the code
 * stands for (a box's EAN with fator 12 counts 12). `motivo` is null when the code can be used as is.
 */
export const codigoResolvido = z.object({
  codigo: z.string(),
  produtoId: z.number().int().nullable(),
  descricao: z.string().nullable(),
  origem: z.enum(ORIGENS_CODIGO).nullable(),
  /** sale unit's sigla and the decimals a quantity may carry in it */
  unidade: z.string().nullable(),
  casasDecimais: z.number().int().nullable(),
  fator: z.string().nullable(),
  ativoNaLoja: z.boolean(),
  motivo: z.string().nullable(),
});
export type CodigoResolvido = z.infer<typeof codigoResolvido>;

export const resultadoResolucaoCodigos = z.object({
  lojaId: z.number().int(),
  itens: z.array(codigoResolvido),
});
export type ResultadoResolucaoCodigos = z.infer<typeof resultadoResolucaoCodigos>;
