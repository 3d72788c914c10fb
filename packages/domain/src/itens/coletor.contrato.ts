/**
 * The collector API (issue #25.1): saved layouts per tenant (GET/POST /api/v1/produto/coletor/layouts,
 * DELETE …/layouts/{nome}) and the reading of a file or a paste (POST /api/v1/produto/coletor/leituras):
 * lines read by `lerColetor`, codes resolved in the same call, quantities in the sale unit (× the code's
 * factor). Who may send a collector file (the upload kind `coletor`) may read and configure layouts.
 */
import { z } from 'zod';
import { layoutColetor, layoutColetorSalvo } from './coletor';

export const entradaLeituraColetor = z
  .object({
    lojaId: z
      .number({ error: 'informe a loja.' })
      .int('informe a loja.')
      .positive('informe a loja.')
      .max(2_147_483_647),
    /** a saved layout's name, or the layout itself; neither: "EAN;QTD" */
    layoutNome: z.string().trim().min(1).max(60).nullish(),
    layout: layoutColetor.nullish(),
    /** an upload of kind `coletor` (POST /api/v1/arquivos?tipo=coletor), or the pasted text */
    arquivoId: z.string().uuid('arquivo inválido.').nullish(),
    texto: z.string().max(2_000_000, 'texto com mais de 2 milhões de caracteres: envie um arquivo.').nullish(),
  })
  .refine((e) => !!e.arquivoId !== (e.texto != null), {
    message: 'informe o arquivo (arquivoId) ou o texto colado.',
    path: ['arquivoId'],
  });
export type EntradaLeituraColetor = z.output<typeof entradaLeituraColetor>;

export const linhaLidaColetor = z.object({
  linha: z.number().int(),
  codigo: z.string(),
  /** as read in the file */
  quantidadeLida: z.string(),
  /** in the product's sale unit: read × the code's factor; null when the code did not resolve */
  quantidade: z.string().nullable(),
  produtoId: z.number().int().nullable(),
  descricao: z.string().nullable(),
  unidade: z.string().nullable(),
  casasDecimais: z.number().int().nullable(),
  /** why the line cannot be used (code not found, inactive product), or null */
  motivo: z.string().nullable(),
});
export type LinhaLidaColetor = z.infer<typeof linhaLidaColetor>;

export const resultadoLeituraColetor = z.object({
  itens: z.array(linhaLidaColetor),
  falhas: z.array(z.object({ linha: z.number().int(), mensagem: z.string() })),
});
export type ResultadoLeituraColetor = z.infer<typeof resultadoLeituraColetor>;

export const listaLayoutsColetor = z.object({ items: z.array(layoutColetorSalvo) });
export type ListaLayoutsColetor = z.infer<typeof listaLayoutsColetor>;
