/** Files in processing in the header: restored from the server, cleared when the report's notification arrives. */
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderizar } from '../../test/render';
import { useNotificacoes } from '../plataforma/notificacoes.store';
import { ArquivosEmProcessamento } from './ArquivosEmProcessamento';
import { useArquivosEmProcessamento } from '../../servicos/processamento/arquivos.store';

const ouvintes = vi.hoisted(() => new Map<string, Set<(p: unknown) => void>>());
const socket = vi.hoisted(() => ({ conectado: true, ouvintes: new Set<(c: boolean) => void>() }));
vi.mock('../../lib/realtime', () => ({
  ouvirRealtime: (evento: string, fn: (p: unknown) => void) => {
    const set = ouvintes.get(evento) ?? new Set();
    ouvintes.set(evento, set);
    set.add(fn);
    return () => set.delete(fn);
  },
  realtimeConectado: () => socket.conectado,
  aoMudarConexao: (fn: (c: boolean) => void) => {
    socket.ouvintes.add(fn);
    return () => socket.ouvintes.delete(fn);
  },
}));
const emitir = (evento: string, p: unknown) => {
  for (const fn of [...(ouvintes.get(evento) ?? [])]) fn(p);
};
const mudarSocket = (conectado: boolean) => {
  socket.conectado = conectado;
  for (const fn of [...socket.ouvintes]) fn(conectado);
};

const relatorio = (id: string, titulo: string) => ({ id, tipo: 'LISTA_CADASTRO', titulo, status: 'PROCESSANDO' });

beforeEach(() => {
  socket.conectado = true;
  useArquivosEmProcessamento.getState().limpar();
  useNotificacoes.getState().limpar();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('indicador de arquivos em processamento', () => {
  it('mostra os relatórios em processamento e some quando a notificação do relatório chega', async () => {
    const chamadas: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        chamadas.push(url);
        const items = [relatorio('r1', 'Marcas'), relatorio('r2', 'Produtos')];
        return new Response(JSON.stringify({ items }), { headers: { 'content-type': 'application/json' } });
      }),
    );
    renderizar(<ArquivosEmProcessamento />);
    expect(await screen.findByRole('button', { name: '2 arquivos em processamento' })).toBeTruthy();
    expect(chamadas).toContain('/api/v1/relatorios?status=PROCESSANDO');

    act(() =>
      useNotificacoes.getState().recebida({
        id: 9,
        titulo: 'Relatório pronto',
        corpo: 'Marcas (PDF) está pronto para visualização.',
        link: '/visualizacao-relatorio/r1',
        criadoEm: new Date().toISOString(),
        lida: false,
      }),
    );
    expect(await screen.findByRole('button', { name: '1 arquivo em processamento' })).toBeTruthy();
    expect(useArquivosEmProcessamento.getState().arquivos.map((a) => a.id)).toEqual(['r2']);

    act(() => useArquivosEmProcessamento.getState().remover('r2'));
    await waitFor(() => expect(screen.queryByRole('button', { name: /em processamento/ })).toBeNull());
  });

  it('mostra a barra de progresso real dos eventos de tarefa e tira o item quando ela termina', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () => new Response(JSON.stringify({ items: [] }), { headers: { 'content-type': 'application/json' } }),
      ),
    );
    renderizar(<ArquivosEmProcessamento />);
    await waitFor(() => expect(ouvintes.get('tarefa')?.size).toBeTruthy());
    const tarefa = (status: string, feito: number, fase: string) => ({
      id: 't1',
      tipo: 'relatorio',
      status,
      titulo: 'Produtos',
      link: '/visualizacao-relatorio/t1',
      progresso: { feito, total: 4, fase },
      tentativas: 1,
      criadoEm: new Date().toISOString(),
      concluidoEm: null,
    });
    act(() => emitir('tarefa', tarefa('PROCESSANDO', 1, 'Lendo os dados')));
    const botao = await screen.findByRole('button', { name: '1 arquivo em processamento' });
    act(() => botao.click());
    expect((await screen.findByRole('progressbar', { name: 'Produtos: 25%' })).getAttribute('aria-valuenow')).toBe(
      '25',
    );
    expect(screen.getByText('Lendo os dados · 25%')).toBeTruthy();
    expect(screen.getByText('Produtos').closest('a')?.getAttribute('href')).toContain('/visualizacao-relatorio/t1');
    act(() => emitir('tarefa', tarefa('PROCESSANDO', 3, 'Gravando o arquivo')));
    expect(await screen.findByText('Gravando o arquivo · 75%')).toBeTruthy();
    expect(document.querySelector('[role="progressbar"]')?.getAttribute('aria-valuenow')).toBe('75');
    act(() => emitir('tarefa', tarefa('CONCLUIDO', 4, 'Gravando o arquivo')));
    await waitFor(() => expect(screen.queryByRole('button', { name: /em processamento/ })).toBeNull());
  });

  it('com o socket no ar não lê a tarefa; fora do ar, lê a cada 1,5 s até ela terminar (um job que não é relatório)', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let status = 'PROCESSANDO';
    const chamadas: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        chamadas.push(url);
        const corpo = url.startsWith('/api/v1/tarefas/')
          ? { id: 'd1', tipo: 'demo.historico', status, progresso: { feito: 9, total: 365, fase: null } }
          : { items: [] };
        return new Response(JSON.stringify(corpo), { headers: { 'content-type': 'application/json' } });
      }),
    );
    renderizar(<ArquivosEmProcessamento />);
    await waitFor(() => expect(ouvintes.get('tarefa')?.size).toBeTruthy());
    act(() =>
      emitir('tarefa', {
        id: 'd1',
        tipo: 'demo.historico',
        status: 'PROCESSANDO',
        titulo: 'Histórico de demonstração (365 dias)',
        link: null,
        progresso: { feito: 7, total: 365, fase: '5.488 movimentos' },
        tentativas: 1,
        criadoEm: new Date().toISOString(),
        concluidoEm: null,
      }),
    );
    expect(await screen.findByRole('button', { name: '1 arquivo em processamento' })).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(20_000));
    expect(chamadas.filter((u) => u.startsWith('/api/v1/tarefas/'))).toEqual([]);

    act(() => mudarSocket(false));
    await act(() => vi.advanceTimersByTimeAsync(1_500));
    await waitFor(() => expect(chamadas).toContain('/api/v1/tarefas/d1'));
    expect(screen.getByRole('button', { name: '1 arquivo em processamento' })).toBeTruthy();
    status = 'CONCLUIDO';
    await act(() => vi.advanceTimersByTimeAsync(1_500));
    await waitFor(() => expect(screen.queryByRole('button', { name: /em processamento/ })).toBeNull());
    const leituras = chamadas.length;
    await act(() => vi.advanceTimersByTimeAsync(6_000));
    expect(chamadas).toHaveLength(leituras);
  });
});
