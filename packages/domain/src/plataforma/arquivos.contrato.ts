/**
 * File uploads: POST /api/v1/arquivos takes multipart/form-data with the file in the field `arquivo`,
 * or the file's bytes as the body (its own Content-Type, the name in `?nome=` or Content-Disposition),
 * and answers where it is kept. The same bytes twice are recognised by their sha256: the answer names
 * the first upload with `repetido: true`. Too big → 413; no (or an empty) `arquivo` → 422 on `arquivo`.
 */
import { z } from 'zod';

/** The multipart field that carries the file. */
export const CAMPO_ARQUIVO = 'arquivo';

export const envioDeArquivo = z.object({ nome: z.string().min(1).max(255).optional() });

export const arquivoEnviado = z.object({
  id: z.string(),
  sha256: z.string(),
  tamanho: z.number(),
  repetido: z.boolean(),
});
export type ArquivoEnviado = z.infer<typeof arquivoEnviado>;
