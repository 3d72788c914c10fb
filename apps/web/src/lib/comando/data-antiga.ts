/**
 * A business date more than a year before the store's today is refused by the server until confirmed
 * (`confirmarDataAntiga`, issue 26): the call asks the user and, confirmed, sends it again with the flag.
 * A refused run stores nothing, so the same Idempotency-Key serves the second try.
 */
import { falhaDaApi } from '../erros';

/** The server's reason for an old date names the flag ("… (confirmarDataAntiga: true)."). */
const DATA_ANTIGA = /confirmarDataAntiga/;

export function pedeConfirmacaoDeDataAntiga(e: unknown): string | undefined {
  const f = falhaDaApi(e);
  if (f.status !== 422 || f.erros.length !== 1 || !DATA_ANTIGA.test(f.erros[0]!.mensagem)) return undefined;
  const limite = /\d{2}\/\d{2}\/\d{4}/.exec(f.erros[0]!.mensagem)?.[0];
  return `A data é de mais de um ano atrás${limite ? ` (anterior a ${limite})` : ''}. Confirma o lançamento retroativo?`;
}

export async function comConfirmacaoDeDataAntiga<T>(
  enviar: (confirmada: boolean) => Promise<T>,
  perguntar: (pergunta: string) => boolean = (p) => window.confirm(p),
): Promise<T> {
  try {
    return await enviar(false);
  } catch (e) {
    const pergunta = pedeConfirmacaoDeDataAntiga(e);
    if (!pergunta || !perguntar(pergunta)) throw e;
    return enviar(true);
  }
}
