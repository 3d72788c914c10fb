/**
 * One job-progress mechanism: realtime events first, a read every 1.5 s only while the socket is down (stopped
 * when it comes back, after one catch-up read), everything stopped at the final state.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { acompanharAndamento, type Conexao } from './andamento';

interface Estado {
  status: 'PROCESSANDO' | 'CONCLUIDO';
  feito: number;
}

function cenario(conectadoNoInicio: boolean) {
  let conectado = conectadoNoInicio;
  const aoMudarConexao = new Set<(c: boolean) => void>();
  const conexao: Conexao = {
    conectado: () => conectado,
    aoMudar: (fn) => {
      aoMudarConexao.add(fn);
      return () => aoMudarConexao.delete(fn);
    },
  };
  let noServidor: Estado = { status: 'PROCESSANDO', feito: 1 };
  const ouvintes = new Set<(e: Estado) => void>();
  const ler = vi.fn(async () => noServidor);
  const vistos: Estado[] = [];
  const parar = acompanharAndamento<Estado>({
    ler,
    ouvir: (aplicar) => {
      ouvintes.add(aplicar);
      return () => ouvintes.delete(aplicar);
    },
    encerrado: (e) => e.status === 'CONCLUIDO',
    aoMudar: (e) => vistos.push(e),
    conexao,
  });
  return {
    ler,
    vistos,
    parar,
    ouvintes,
    conexoes: aoMudarConexao,
    servidor: (e: Estado) => {
      noServidor = e;
    },
    evento: (e: Estado) => {
      noServidor = e;
      for (const fn of [...ouvintes]) fn(e);
    },
    socket: (c: boolean) => {
      conectado = c;
      for (const fn of [...aoMudarConexao]) fn(c);
    },
  };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('acompanharAndamento', () => {
  it('com o socket no ar: uma leitura inicial, depois só os eventos (nenhuma leitura periódica)', async () => {
    const c = cenario(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(c.ler).toHaveBeenCalledTimes(1);
    expect(c.vistos).toEqual([{ status: 'PROCESSANDO', feito: 1 }]);
    c.evento({ status: 'PROCESSANDO', feito: 2 });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(c.ler).toHaveBeenCalledTimes(1);
    expect(c.vistos.at(-1)).toEqual({ status: 'PROCESSANDO', feito: 2 });
  });

  it('com o socket fora: lê a cada 1,5 s; quando ele volta, lê uma vez e para de ler', async () => {
    const c = cenario(false);
    await vi.advanceTimersByTimeAsync(0);
    expect(c.ler).toHaveBeenCalledTimes(1);
    c.servidor({ status: 'PROCESSANDO', feito: 3 });
    await vi.advanceTimersByTimeAsync(1_500);
    expect(c.ler).toHaveBeenCalledTimes(2);
    expect(c.vistos.at(-1)).toEqual({ status: 'PROCESSANDO', feito: 3 });
    await vi.advanceTimersByTimeAsync(3_000);
    expect(c.ler).toHaveBeenCalledTimes(4);

    c.servidor({ status: 'PROCESSANDO', feito: 5 });
    c.socket(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(c.ler).toHaveBeenCalledTimes(5); // the catch-up read
    expect(c.vistos.at(-1)).toEqual({ status: 'PROCESSANDO', feito: 5 });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(c.ler).toHaveBeenCalledTimes(5);

    c.socket(false); // down again: polling again
    await vi.advanceTimersByTimeAsync(1_500);
    expect(c.ler).toHaveBeenCalledTimes(6);
  });

  it('o estado final para tudo: sem leituras, sem ouvir eventos nem a conexão', async () => {
    const c = cenario(false);
    await vi.advanceTimersByTimeAsync(0);
    c.servidor({ status: 'CONCLUIDO', feito: 9 });
    await vi.advanceTimersByTimeAsync(1_500);
    expect(c.vistos.at(-1)).toEqual({ status: 'CONCLUIDO', feito: 9 });
    const leituras = c.ler.mock.calls.length;
    await vi.advanceTimersByTimeAsync(10_000);
    c.socket(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(c.ler).toHaveBeenCalledTimes(leituras);
    expect(c.ouvintes.size).toBe(0);
    expect(c.conexoes.size).toBe(0);
  });

  it('um evento final com o socket no ar também encerra; e parar() interrompe a leitura sem o socket', async () => {
    const c = cenario(true);
    await vi.advanceTimersByTimeAsync(0);
    c.evento({ status: 'CONCLUIDO', feito: 9 });
    expect(c.ouvintes.size).toBe(0);

    const d = cenario(false);
    await vi.advanceTimersByTimeAsync(1_500);
    const leituras = d.ler.mock.calls.length;
    d.parar();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(d.ler).toHaveBeenCalledTimes(leituras);
  });

  it('uma leitura que começou antes de um evento mais novo é descartada (o progresso não volta)', async () => {
    const c = cenario(true);
    // the initial read is in flight (answers feito 1) when the event of feito 4 arrives
    c.evento({ status: 'PROCESSANDO', feito: 4 });
    c.servidor({ status: 'PROCESSANDO', feito: 1 });
    await vi.advanceTimersByTimeAsync(0);
    expect(c.vistos).toEqual([{ status: 'PROCESSANDO', feito: 4 }]);
  });
});
