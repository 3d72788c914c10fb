/**
 * A big lot finalised by a job: the screen shows the job's progress from its realtime events (no polling while the
 * socket is up) and, when the job ends, reads the closed lot and shows the change log.
 */
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSessao } from '../../../servicos/sessao/store';
import type { Usuario } from '../../../servicos/sessao/types';
import { temaMantine } from '../../../servicos/tema';
import { FinalizacaoInconsistenciasPage } from './FinalizacaoInconsistenciasPage';

const rt = vi.hoisted(() => ({ ouvintes: new Map<string, Set<(p: unknown) => void>>() }));
vi.mock('../../../lib/realtime', () => ({
  ouvirRealtime: (evento: string, fn: (p: unknown) => void) => {
    const set = rt.ouvintes.get(evento) ?? new Set();
    rt.ouvintes.set(evento, set);
    set.add(fn);
    return () => set.delete(fn);
  },
  realtimeConectado: () => true,
  aoMudarConexao: () => () => {},
}));
const emitir = (evento: string, p: unknown) => {
  for (const fn of [...(rt.ouvintes.get(evento) ?? [])]) fn(p);
};

const lote = (finalizado: boolean) => ({
  id: 5,
  descricao: 'Sem CEST',
  tipoInconsistencia: 'SEM_CEST',
  campo: 'cest',
  filtros: {},
  status: finalizado ? 'FINALIZADO' : 'EM_ANALISE',
  quantidadeProdutos: 1500,
  quantidadeCorrigidos: finalizado ? 1500 : 0,
  quantidadePropostos: 1500,
  criadoEm: '2026-11-28T12:00:00.000Z',
  usuario: 'admin',
  finalizadoEm: finalizado ? '2026-11-28T12:05:00.000Z' : null,
  tarefaId: finalizado ? null : 't9',
});
const tarefa = (status: string, feito: number) => ({
  id: 't9',
  tipo: 'fiscal.lote.finalizacao',
  status,
  titulo: null,
  link: null,
  progresso: { feito, total: 1500, fase: 'Aplicando alterações' },
  tentativas: 1,
  criadoEm: '2026-11-28T12:00:00.000Z',
  concluidoEm: null,
});

afterEach(() => {
  vi.unstubAllGlobals();
  rt.ouvintes.clear();
});

function montar() {
  const estado = { finalizado: false };
  const urls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      urls.push(url);
      const caminho = url.split('?')[0];
      const corpo =
        caminho === '/api/v1/fiscal/lotes-inconsistencia'
          ? { items: [lote(estado.finalizado)], total: 1, count: 1 }
          : caminho === '/api/v1/fiscal/lotes-inconsistencia/5'
            ? lote(estado.finalizado)
            : caminho === '/api/v1/tarefas/t9'
              ? tarefa('PROCESSANDO', 300)
              : { items: [], total: 0, count: 0 };
      return new Response(JSON.stringify(corpo), { headers: { 'content-type': 'application/json' } });
    }),
  );
  useSessao.setState({
    usuario: {
      id: 1,
      administrador: false,
      tipoCliente: 'TODOS',
      permissoes: ['PERM_LOTE_INCONSISTENCIA_PRODUTO_EDITAR', 'PERM_PRODUTO_EDITAR'],
      lojasUsuario: [],
    } as unknown as Usuario,
  });
  const router = createMemoryRouter([{ path: '/', element: <FinalizacaoInconsistenciasPage /> }], {
    initialEntries: ['/?lote=5'],
  });
  render(
    <MantineProvider theme={temaMantine('blue')}>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  const cy = (nome: string) => document.querySelector(`[data-cy="${nome}"]`);
  return { estado, urls, cy, barra: () => cy('progresso-finalizacao')?.querySelector('[role="progressbar"]') };
}

describe('finalização de lote em segundo plano', () => {
  it('segue a tarefa pelos eventos e, ao terminar, mostra o lote finalizado', async () => {
    const { estado, urls, cy, barra } = montar();
    await waitFor(() => expect(barra()?.getAttribute('aria-valuenow')).toBe('20'));
    act(() => emitir('tarefa', tarefa('PROCESSANDO', 750)));
    await waitFor(() => expect(barra()?.getAttribute('aria-valuenow')).toBe('50'));
    expect(urls.filter((u) => u.startsWith('/api/v1/tarefas/'))).toEqual(['/api/v1/tarefas/t9']);

    estado.finalizado = true;
    act(() => emitir('tarefa', tarefa('CONCLUIDO', 1500)));
    await waitFor(() => expect(cy('lote-finalizado')).toBeTruthy());
    expect(cy('progresso-finalizacao')).toBeNull();
    expect(urls.filter((u) => u.startsWith('/api/v1/tarefas/'))).toHaveLength(1);
  });

  it('uma tarefa que falha antes de o servidor liberar o lote encerra o andamento e devolve o Finalizar', async () => {
    const { cy, barra } = montar();
    await waitFor(() => expect(barra()?.getAttribute('aria-valuenow')).toBe('20'));
    expect(cy('lote-finalizar')?.hasAttribute('disabled')).toBe(true);
    // the lot is read again still naming the job: its end is what counts
    act(() => emitir('tarefa', { ...tarefa('ERRO', 300), erro: 'Não foi possível concluir a tarefa.' }));
    await waitFor(() => expect(cy('progresso-finalizacao')).toBeNull());
    expect(cy('lote-finalizar')?.hasAttribute('disabled')).toBe(false);
  });
});
