/**
 * Sends a file with upload progress (fetch has none: XMLHttpRequest's upload events). The caller gives
 * the URL and headers (ui/ knows no session); the answer is the parsed JSON, or the API's error body
 * `{message, reasons}` as an Error whose message is the server's Portuguese text.
 */
export interface ErroDeEnvio extends Error {
  status: number;
  reasons?: string[];
}

export function enviarComProgresso<T>(
  url: string,
  arquivo: File,
  opts: { headers?: Record<string, string>; aoProgredir?: (fracao: number) => void; sinal?: AbortSignal },
): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    for (const [k, v] of Object.entries(opts.headers ?? {})) xhr.setRequestHeader(k, v);
    xhr.upload.onprogress = (e) => e.lengthComputable && opts.aoProgredir?.(e.loaded / e.total);
    xhr.onload = () => {
      let corpo: { message?: string; reasons?: string[] } | undefined;
      try {
        corpo = xhr.responseText ? JSON.parse(xhr.responseText) : undefined;
      } catch {
        corpo = undefined;
      }
      if (xhr.status >= 200 && xhr.status < 300) return resolve(corpo as T);
      const erro = new Error(corpo?.message ?? `Falha no envio (HTTP ${xhr.status}).`) as ErroDeEnvio;
      erro.status = xhr.status;
      erro.reasons = corpo?.reasons;
      reject(erro);
    };
    xhr.onerror = () =>
      reject(Object.assign(new Error('Não foi possível enviar o arquivo: sem conexão com o servidor.'), { status: 0 }));
    xhr.onabort = () => reject(Object.assign(new Error('Envio cancelado.'), { status: 0 }));
    opts.sinal?.addEventListener('abort', () => xhr.abort());
    const form = new FormData();
    form.append('arquivo', arquivo, arquivo.name);
    xhr.send(form);
  });
}

/** "1,5 MB" / "800 KB" in pt-BR. */
export function tamanhoLegivel(bytes: number): string {
  const f = (n: number) => n.toLocaleString('pt-BR', { maximumFractionDigits: 1 });
  return bytes >= 1024 * 1024 ? `${f(bytes / 1024 / 1024)} MB` : `${f(Math.max(bytes, 1) / 1024)} KB`;
}

/** Why a file cannot be sent (checked before any byte goes), or undefined. */
export function recusaDoArquivo(
  arquivo: Pick<File, 'name' | 'size'>,
  extensoes: readonly string[] | undefined,
  limiteBytes: number | undefined,
): string | undefined {
  const nome = arquivo.name.toLowerCase();
  if (extensoes?.length && !extensoes.some((e) => nome.endsWith(e.toLowerCase())))
    return `O arquivo ${arquivo.name} não é aceito aqui. Envie um arquivo ${extensoes.join(', ')}.`;
  if (limiteBytes && arquivo.size > limiteBytes)
    return `O arquivo ${arquivo.name} tem ${tamanhoLegivel(arquivo.size)}; o máximo é ${tamanhoLegivel(limiteBytes)}.`;
  if (arquivo.size === 0) return `O arquivo ${arquivo.name} está vazio.`;
  return undefined;
}
