/**
 * The report view while its file is generated follows the report's job (lib/tarefas): the job's end reads the
 * report again; a job that fails before the server marks its report shows the failure at once.
 */
import { MantineProvider } from '@mantine/core';
import { MSG_RELATORIO } from '@retaguarda/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { temaMantine } from '../../servicos/tema';
import { VisualizacaoRelatorioPage } from './VisualizacaoRelatorioPage';

const rt = vi.hoisted(() => ({ ouvintes: new Set<(p: unknown) => void>() }));
vi.mock('../../lib/realtime', () => ({
  ouvirRealtime: (_evento: string, fn: (p: unknown) => void) => {
    rt.ouvintes.add(fn);
    return () => rt.ouvintes.delete(fn);
  },
  realtimeConectado: () => true,
  aoMudarConexao: () => () => {},
}));
const emitir = (p: unknown) => {
  for (const fn of [...rt.ouvintes]) fn(p);
};

const relatorio = (status: string, mensagemErro: string | null = null) => ({
  id: 'r1',
  usuarioId: 1,
  tipo: 'LISTA_CADASTRO',
  titulo: 'Marcas',
  formato: 'XLSX',
  status,
  mensagemErro,
  nomeArquivo: status === 'CONCLUIDO' ? 'marcas.xlsx' : null,
  mimeType: null,
  tamanho: null,
  criadoEm: '2026-11-28T12:00:00.000Z',
  concluidoEm: null,
  link: '/visualizacao-relatorio/r1',
});
const tarefa = (status: string, erro?: string) => ({
  id: 'r1',
  tipo: 'relatorio',
  status,
  titulo: 'Marcas',
  link: '/visualizacao-relatorio/r1',
  progresso: { feito: 1, total: 3, fase: null },
  ...(erro ? { erro } : {}),
  tentativas: 1,
  criadoEm: '2026-11-28T12:00:00.000Z',
  concluidoEm: null,
});

function montar() {
  const servidor = { relatorio: relatorio('PROCESSANDO') };
  const urls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      urls.push(url);
      const corpo =
        url === '/api/v1/relatorios/r1'
          ? servidor.relatorio
          : url === '/api/v1/tarefas/r1'
            ? tarefa('PROCESSANDO')
            : new Blob(['x']);
      return corpo instanceof Blob
        ? new Response(corpo)
        : new Response(JSON.stringify(corpo), { headers: { 'content-type': 'application/json' } });
    }),
  );
  render(
    <MantineProvider theme={temaMantine('blue')}>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter initialEntries={['/visualizacao-relatorio/r1']}>
          <Routes>
            <Route path="/visualizacao-relatorio/:blob" element={<VisualizacaoRelatorioPage />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { servidor, urls };
}

afterEach(() => {
  vi.unstubAllGlobals();
  rt.ouvintes.clear();
});

describe('visualização de um relatório em processamento', () => {
  it('segue a tarefa do relatório e, quando ela termina, lê o relatório pronto', async () => {
    const { servidor, urls } = montar();
    expect(await screen.findByText(MSG_RELATORIO.processando)).toBeTruthy();
    await waitFor(() => expect(urls).toContain('/api/v1/tarefas/r1'));
    servidor.relatorio = relatorio('CONCLUIDO');
    act(() => emitir(tarefa('CONCLUIDO')));
    expect(await screen.findByText('A planilha está pronta.')).toBeTruthy();
    expect(urls.filter((u) => u === '/api/v1/relatorios/r1')).toHaveLength(2);
    expect(urls.filter((u) => u === '/api/v1/tarefas/r1')).toHaveLength(1);
  });

  it('a tarefa que falha antes de o relatório ser marcado mostra a falha com o motivo', async () => {
    montar();
    expect(await screen.findByText(MSG_RELATORIO.processando)).toBeTruthy();
    await waitFor(() => expect(rt.ouvintes.size).toBe(1));
    act(() => emitir(tarefa('ERRO', 'O processamento foi interrompido.')));
    expect(await screen.findByText(MSG_RELATORIO.falhou)).toBeTruthy();
    expect(screen.getByText('O processamento foi interrompido.')).toBeTruthy();
  });
});
