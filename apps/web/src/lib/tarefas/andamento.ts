/**
 * The one way the web follows something that changes in the background (a job, a report, a lot being
 * finalised): its realtime events first; a read every `intervaloMs` only while the socket is down, stopped
 * when it comes back (one read then catches up on what the socket missed); everything stops at the final
 * state. A read that started before a newer event arrived is dropped, so progress never steps back.
 */
import { aoMudarConexao, realtimeConectado } from '../realtime';

export const INTERVALO_SEM_TEMPO_REAL_MS = 1_500;

/** The socket's state (lib/realtime by default; replaced in unit tests). */
export interface Conexao {
  conectado: () => boolean;
  aoMudar: (fn: (conectado: boolean) => void) => () => void;
}

export const conexaoRealtime: Conexao = { conectado: realtimeConectado, aoMudar: aoMudarConexao };

export interface OpcoesDoAndamento<T> {
  /** the current state from the server */
  ler: () => Promise<T>;
  /** listens to this thing's realtime changes; returns the function that stops listening */
  ouvir: (aplicar: (t: T) => void) => () => void;
  /** a final state: nothing changes after it */
  encerrado: (t: T) => boolean;
  aoMudar: (t: T) => void;
  /** a read failed (e.g. 404: gone); polling goes on while the socket is down */
  aoFalhar?: (erro: unknown) => void;
  /** read once at the start (default): the event of a change made before we listened is gone */
  lerAoIniciar?: boolean;
  intervaloMs?: number;
  conexao?: Conexao;
}

/** Starts following; returns the function that stops it. */
export function acompanharAndamento<T>(o: OpcoesDoAndamento<T>): () => void {
  const conexao = o.conexao ?? conexaoRealtime;
  let parado = false;
  let eventos = 0;
  let lendo = false;
  let relogio: ReturnType<typeof setInterval> | null = null;

  const aplicar = (t: T) => {
    if (parado) return;
    o.aoMudar(t);
    if (o.encerrado(t)) parar();
  };
  const ler = () => {
    if (parado || lendo) return;
    lendo = true;
    const antes = eventos;
    o.ler().then(
      (t) => {
        lendo = false;
        if (antes === eventos) aplicar(t);
      },
      (e) => {
        lendo = false;
        if (!parado) o.aoFalhar?.(e);
      },
    );
  };
  const pararDeLer = () => {
    if (relogio) clearInterval(relogio);
    relogio = null;
  };
  const lerSemTempoReal = () => {
    relogio ??= setInterval(ler, o.intervaloMs ?? INTERVALO_SEM_TEMPO_REAL_MS);
  };

  const pararDeOuvir = o.ouvir((t) => {
    eventos++;
    aplicar(t);
  });
  const pararConexao = conexao.aoMudar((conectado) => {
    if (parado) return;
    if (!conectado) return lerSemTempoReal();
    pararDeLer();
    ler(); // what changed while the socket was down
  });
  function parar() {
    parado = true;
    pararDeLer();
    pararDeOuvir();
    pararConexao();
  }

  if (o.lerAoIniciar ?? true) ler();
  if (!parado && !conexao.conectado()) lerSemTempoReal();
  return parar;
}
