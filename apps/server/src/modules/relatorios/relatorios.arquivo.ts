/** A generated report's file: in memory or in a temporary file, stored in parts by relatorios.store. */

/** A file written to a temporary file while generated (the stock reports' XLSX): never whole in memory. */
export interface ArquivoEmDisco {
  caminho: string;
  tamanho: number;
  /** removes the temporary file (once stored, or when the job fails) */
  descartar(): Promise<void>;
}

export interface Arquivo {
  nome: string;
  mimeType: string;
  /** in memory (PDFs, register lists: a few MB at most) or on disk */
  conteudo: Buffer | ArquivoEmDisco;
}

export const tamanhoDoArquivo = (a: Arquivo): number =>
  Buffer.isBuffer(a.conteudo) ? a.conteudo.length : a.conteudo.tamanho;

export async function descartarArquivo(a: Arquivo): Promise<void> {
  if (!Buffer.isBuffer(a.conteudo)) await a.conteudo.descartar();
}
