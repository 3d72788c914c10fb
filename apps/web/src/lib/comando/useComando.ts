/**
 * One Idempotency-Key per form submission (workflows README "Idempotency"): the key is kept until the command
 * succeeds or its input changes, so a double click and a retry after a lost answer post once — the server
 * replays the first answer for the same key. While a run is in flight, a second call with the same input
 * answers the same promise (no second request at all). After a success the next call is a new submission.
 * The piece of item 1's `useComando` that the forms need today: URL and types still come from the area's api.ts.
 */
import { useCallback, useRef, useState } from 'react';

/** The same text for the same data, whatever the key order (the server hashes the input alike). */
export function impressao(valor: unknown): string {
  return (
    JSON.stringify(valor, (_k, v) =>
      v && typeof v === 'object' && !Array.isArray(v)
        ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
        : v,
    ) ?? 'undefined'
  );
}

export const novaChave = (): string => crypto.randomUUID();

interface Submissao<R> {
  chave: string;
  entrada: string;
  emCurso?: Promise<R>;
}

/** Keeps the key of one submission; pure, so the hook and its tests share it. */
export class Comando<E, R> {
  private atual: Submissao<R> | undefined;

  constructor(private readonly enviar: (entrada: E, chave: string) => Promise<R>) {}

  /** The key the next call with this input would send. */
  chavePara(entrada: E): string {
    const f = impressao(entrada);
    if (!this.atual || this.atual.entrada !== f) this.atual = { chave: novaChave(), entrada: f };
    return this.atual.chave;
  }

  executar(entrada: E): Promise<R> {
    const chave = this.chavePara(entrada);
    const s = this.atual!;
    if (s.emCurso) return s.emCurso;
    const p = this.enviar(entrada, chave).then(
      (r) => {
        if (this.atual === s) this.atual = undefined; // done: the next call is a new submission
        return r;
      },
      (err) => {
        s.emCurso = undefined; // the same key serves the retry
        throw err;
      },
    );
    s.emCurso = p;
    return p;
  }

  /** A new submission whatever the input (the form was reset). */
  reiniciar(): void {
    this.atual = undefined;
  }
}

export function useComando<E, R>(enviar: (entrada: E, chave: string) => Promise<R>) {
  const envio = useRef(enviar);
  envio.current = enviar;
  const comando = useRef<Comando<E, R>>(null);
  comando.current ??= new Comando<E, R>((e, chave) => envio.current(e, chave));
  const [enviando, setEnviando] = useState(0);
  const executar = useCallback(async (entrada: E): Promise<R> => {
    setEnviando((n) => n + 1);
    try {
      return await comando.current!.executar(entrada);
    } finally {
      setEnviando((n) => n - 1);
    }
  }, []);
  const reiniciar = useCallback(() => comando.current!.reiniciar(), []);
  return { executar, reiniciar, enviando: enviando > 0 };
}
