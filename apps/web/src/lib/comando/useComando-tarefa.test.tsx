/**
 * A command that answers with a job (202): the hook gives the job to the screen (`tarefa`), posted once per
 * submission with its Idempotency-Key; a command that answers at once gives none.
 */
import { comandoHistoricoDemo, comandoSolicitarLogout } from '@retaguarda/domain';
import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useComando } from './useComando';

const resposta = (status: number, corpo: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(corpo), { status, headers: { 'content-type': 'application/json', ...headers } });

afterEach(() => vi.unstubAllGlobals());

describe('useComando de um comando que responde com tarefa', () => {
  it('gives the job of the 202 to the screen, posting once with the key', async () => {
    const fetch = vi.fn(async () =>
      resposta(202, { tarefaId: 'job-1', message: 'Iniciada.' }, { location: '/api/v1/tarefas/job-1' }),
    );
    vi.stubGlobal('fetch', fetch);
    const { result } = renderHook(() => useComando(comandoHistoricoDemo));
    expect(result.current.tarefa).toBeNull();
    let corpo: unknown;
    await act(async () => {
      corpo = await result.current.executar({ dias: 10 });
    });
    expect(corpo).toEqual({ tarefaId: 'job-1', message: 'Iniciada.' });
    expect(result.current.tarefa).toBe('job-1');
    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/v1/plataforma/demo/historico');
    expect(init.method).toBe('POST');
    expect((init.headers as Record<string, string>)['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('a command that answers at once names no job', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => resposta(200, { message: 'ok', tarefaId: 'não é tarefa' })),
    );
    const { result } = renderHook(() => useComando(comandoSolicitarLogout));
    await act(async () => {
      await result.current.executar({});
    });
    expect(result.current.tarefa).toBeNull();
  });
});
