/** Files in processing in the header: restored from the server, cleared when the report's notification arrives. */
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderizar } from '../../test/render';
import { useNotificacoes } from '../plataforma/notificacoes.store';
import { ArquivosEmProcessamento } from './ArquivosEmProcessamento';
import { useArquivosEmProcessamento } from './arquivos.store';

const relatorio = (id: string, titulo: string) => ({ id, tipo: 'LISTA_CADASTRO', titulo, status: 'PROCESSANDO' });

beforeEach(() => {
  useArquivosEmProcessamento.getState().limpar();
  useNotificacoes.getState().limpar();
});
afterEach(() => vi.unstubAllGlobals());

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
});
