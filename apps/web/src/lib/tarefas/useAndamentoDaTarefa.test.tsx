/** A screen following a job by id: GET /tarefas/{id}, then the 'tarefa' events of that id; the socket down → polls. */
import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useAndamentoDaTarefa } from './useAndamentoDaTarefa';

const rt = vi.hoisted(() => ({
  conectado: true,
  ouvintes: new Set<(p: unknown) => void>(),
  conexao: new Set<(c: boolean) => void>(),
}));
vi.mock('../realtime', () => ({
  ouvirRealtime: (_evento: string, fn: (p: unknown) => void) => {
    rt.ouvintes.add(fn);
    return () => rt.ouvintes.delete(fn);
  },
  realtimeConectado: () => rt.conectado,
  aoMudarConexao: (fn: (c: boolean) => void) => {
    rt.conexao.add(fn);
    return () => rt.conexao.delete(fn);
  },
}));

const tarefa = (id: string, status: string, feito: number) => ({
  id,
  tipo: 'fiscal.lote.finalizacao',
  status,
  titulo: null,
  link: null,
  progresso: { feito, total: 10, fase: null },
  tentativas: 1,
  criadoEm: '2026-11-28T12:00:00.000Z',
  concluidoEm: null,
});

function servidor(inicial: ReturnType<typeof tarefa>) {
  let atual = inicial;
  const urls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      urls.push(url);
      return new Response(JSON.stringify(atual), { headers: { 'content-type': 'application/json' } });
    }),
  );
  return { urls, mudar: (t: ReturnType<typeof tarefa>) => (atual = t) };
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  rt.ouvintes.clear();
  rt.conexao.clear();
});

describe('useAndamentoDaTarefa', () => {
  it('lê a tarefa, segue os eventos do seu id e chama aoEncerrar quando ela termina', async () => {
    rt.conectado = true;
    const s = servidor(tarefa('t1', 'PROCESSANDO', 2));
    const aoEncerrar = vi.fn();
    const { result } = renderHook(() => useAndamentoDaTarefa('t1', { aoEncerrar }));
    await waitFor(() => expect(result.current?.progresso.feito).toBe(2));
    expect(s.urls).toEqual(['/api/v1/tarefas/t1']);
    act(() => {
      for (const fn of [...rt.ouvintes]) fn(tarefa('outra', 'PROCESSANDO', 9));
    });
    expect(result.current?.progresso.feito).toBe(2);
    act(() => {
      for (const fn of [...rt.ouvintes]) fn(tarefa('t1', 'PROCESSANDO', 6));
    });
    expect(result.current?.progresso.feito).toBe(6);
    act(() => {
      for (const fn of [...rt.ouvintes]) fn(tarefa('t1', 'CONCLUIDO', 10));
    });
    expect(result.current?.status).toBe('CONCLUIDO');
    expect(aoEncerrar).toHaveBeenCalledTimes(1);
    expect(rt.ouvintes.size).toBe(0);
    expect(s.urls).toHaveLength(1);
  });

  it('sem o socket, lê a cada 1,5 s até a tarefa terminar', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    rt.conectado = false;
    const s = servidor(tarefa('t2', 'PROCESSANDO', 1));
    const aoEncerrar = vi.fn();
    const { result } = renderHook(() => useAndamentoDaTarefa('t2', { aoEncerrar }));
    await waitFor(() => expect(result.current?.progresso.feito).toBe(1));
    s.mudar(tarefa('t2', 'PROCESSANDO', 5));
    await act(() => vi.advanceTimersByTimeAsync(1_500));
    await waitFor(() => expect(result.current?.progresso.feito).toBe(5));
    s.mudar(tarefa('t2', 'ERRO', 5));
    await act(() => vi.advanceTimersByTimeAsync(1_500));
    await waitFor(() => expect(result.current?.status).toBe('ERRO'));
    expect(aoEncerrar).toHaveBeenCalledTimes(1);
    const leituras = s.urls.length;
    await act(() => vi.advanceTimersByTimeAsync(6_000));
    expect(s.urls).toHaveLength(leituras);
  });

  it('sem id não segue nada', async () => {
    const s = servidor(tarefa('t3', 'PROCESSANDO', 1));
    const { result } = renderHook(() => useAndamentoDaTarefa(null));
    expect(result.current).toBeUndefined();
    expect(s.urls).toHaveLength(0);
  });
});
