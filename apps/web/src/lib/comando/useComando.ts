/**
 * One Idempotency-Key per form submission (workflows README "Idempotency"): the key is kept until the command
 * succeeds or its input changes, so a double click and a retry after a lost answer post once — the server
 * replays the first answer for the same key. While a run is in flight, a second call with the same input
 * answers the same promise (no second request at all). After a success the next call is a new submission.
 * `useComando(face)` calls a command by its domain face (URL, method, body and answer types derived from it;
 * `previa` runs the preview; `form` maps the answer's `erros` onto the form's fields). A command that answers
 * with a job (`responde: 'tarefa'`, 202) gives it in `tarefa` (and the body's `tarefaId`): the screen follows it
 * with the header's tasks (realtime progress), as any job. The function form
 * (`useComando((entrada, chave) => …)`) stays for a call that is no command face.
 */
import type { EntradaDoComando, QualquerFace, SaidaDoComando } from '@retaguarda/domain';
import { useCallback, useRef, useState } from 'react';
import { falhaDaApi, mostrarErrosNosCampos } from '../erros';
import { chamarComando } from './chamar';

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

/** Errors whose every reason `useComando` put under the form's fields: nothing left to toast. */
const mostradosNosCampos = new WeakSet<object>();

/** Whether the form's fields already show all of this command error (else the screen toasts it). */
export const errosJaNosCampos = (e: unknown): boolean =>
  typeof e === 'object' && e !== null && mostradosNosCampos.has(e);

/** A form whose fields receive the server's `erros` (react-hook-form's setError). */
export interface FormDoComando {
  setError: Parameters<typeof mostrarErrosNosCampos>[1];
  /** the form's name of a server field (default: the same) */
  campo?: (campo: string) => string | undefined;
}

export interface UsoDoComando<E, R> {
  executar: (entrada: E) => Promise<R>;
  /** the answer the command would give, nothing kept (`?previa=true`; an old date is not asked about: the save asks) */
  previa: (entrada: E) => Promise<R>;
  reiniciar: () => void;
  enviando: boolean;
  /** the job the last run started (a command that answers with a job), for the screen to follow */
  tarefa: string | null;
}

/** The job a command answering with one names in its body (`tarefaId`); null for any other command. */
export function tarefaDaResposta(face: QualquerFace, resposta: unknown): string | null {
  if (face.responde !== 'tarefa') return null;
  const id = (resposta as { tarefaId?: unknown } | null)?.tarefaId;
  return typeof id === 'string' ? id : null;
}

const ehFace = (x: unknown): x is QualquerFace => typeof x === 'object' && x !== null && 'comando' in x;

export function useComando<F extends QualquerFace>(
  face: F,
  opcoes?: { form?: FormDoComando },
): UsoDoComando<EntradaDoComando<F>, SaidaDoComando<F>>;
export function useComando<E, R>(enviar: (entrada: E, chave: string) => Promise<R>): UsoDoComando<E, R>;
export function useComando(
  alvo: QualquerFace | ((entrada: unknown, chave: string) => Promise<unknown>),
  opcoes?: { form?: FormDoComando },
): UsoDoComando<unknown, unknown> {
  const atual = useRef({ alvo, opcoes });
  atual.current = { alvo, opcoes };
  const comando = useRef<Comando<unknown, unknown>>(null);
  comando.current ??= new Comando<unknown, unknown>((e, chave) => {
    const a = atual.current.alvo;
    return ehFace(a) ? chamarComando(a, e as never, { chave }) : a(e, chave);
  });
  const [enviando, setEnviando] = useState(0);
  const [tarefa, setTarefa] = useState<string | null>(null);
  const comErros = useCallback(async (fazer: () => Promise<unknown>) => {
    setEnviando((n) => n + 1);
    try {
      return await fazer();
    } catch (e) {
      const form = atual.current.opcoes?.form;
      if (form && !mostrarErrosNosCampos(falhaDaApi(e), form.setError, form.campo) && typeof e === 'object' && e)
        mostradosNosCampos.add(e);
      throw e;
    } finally {
      setEnviando((n) => n - 1);
    }
  }, []);
  const executar = useCallback(
    (entrada: unknown) =>
      comErros(async () => {
        const r = await comando.current!.executar(entrada);
        const a = atual.current.alvo;
        if (ehFace(a) && a.responde === 'tarefa') setTarefa(tarefaDaResposta(a, r));
        return r;
      }),
    [comErros],
  );
  const previa = useCallback(
    (entrada: unknown) =>
      comErros(() => {
        const a = atual.current.alvo;
        if (!ehFace(a)) throw new Error('a prévia pede a face do comando');
        return chamarComando(a, entrada as never, { previa: true, dataAntigaConfirmada: true });
      }),
    [comErros],
  );
  const reiniciar = useCallback(() => comando.current!.reiniciar(), []);
  return { executar, previa, reiniciar, enviando: enviando > 0, tarefa };
}
