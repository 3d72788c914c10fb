/** Notifications client: realtime arrivals update the bell's badge; the page filters unread and marks read. */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderizar } from '../../test/render';
import { NotificacoesPage } from './NotificacoesPage';
import { NotificationBell } from './NotificationBell';
import type { Notificacao } from './notificacoes.api';
import { useNotificacoes } from './notificacoes.store';
import { tokenDaInscricao } from './push';

const nova = (id: number, lida = false): Notificacao => ({
  id,
  titulo: `Aviso ${id}`,
  corpo: 'Corpo',
  link: '/notificacoes',
  criadoEm: new Date().toISOString(),
  lida,
});

function respostaJson(body: unknown) {
  return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
}

beforeEach(() => useNotificacoes.getState().limpar());
afterEach(() => vi.unstubAllGlobals());

describe('notificações no cliente', () => {
  it('notificação em tempo real entra no topo, sem duplicar, e conta como não lida', () => {
    const s = useNotificacoes.getState();
    s.recebida(nova(1));
    s.recebida(nova(1));
    s.recebida(nova(2, true));
    const { recentes, naoLidas, hasNewToRead } = useNotificacoes.getState();
    expect(recentes.map((n) => n.id)).toEqual([2, 1]);
    expect(naoLidas).toBe(1);
    expect(hasNewToRead).toBe(true);
  });

  it('o sino mostra a quantidade de não lidas', () => {
    useNotificacoes.getState().recebida(nova(7));
    useNotificacoes.getState().recebida(nova(8));
    renderizar(<NotificationBell />);
    expect(screen.getByRole('button', { name: 'Notificações (2 não lidas)' })).toBeTruthy();
  });

  it('a página filtra as não lidas e marca uma como lida', async () => {
    const chamadas: string[] = [];
    const lidas = new Set([4]);
    const todas = () => [3, 4].map((id) => nova(id, lidas.has(id)));
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        chamadas.push(`${init?.method ?? 'GET'} ${url}`);
        if (url.includes('/lida')) {
          lidas.add(3);
          return respostaJson(nova(3, true));
        }
        const items = url.includes('naoLidas=true') ? todas().filter((n) => !n.lida) : todas();
        if (url.includes('/recentes'))
          return respostaJson({ items, hasNewToRead: false, lastTimeRead: null, naoLidas: 0 });
        return respostaJson({ start: 0, count: items.length, total: items.length, items });
      }),
    );
    renderizar(<NotificacoesPage />);
    expect(await screen.findByText('Aviso 4')).toBeTruthy();
    fireEvent.click(screen.getByText(/^Não lidas/));
    await waitFor(() => expect(screen.queryByText('Aviso 4')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Marcar como lida' }));
    await waitFor(() => expect(screen.queryByText('Aviso 3')).toBeNull());
    expect(chamadas).toContain('PUT /api/v1/notificacoes/3/lida');
    expect(chamadas.some((c) => c.includes('naoLidas=true'))).toBe(true);
  });

  it('o token de push é a inscrição em JSON, em base64url (seguro no caminho do DELETE)', () => {
    const inscricao = { endpoint: 'https://push.exemplo/ação?x=1', keys: { p256dh: 'BA-_x', auth: 'q_-9' } };
    const token = tokenDaInscricao(inscricao);
    expect(token).toMatch(/^[A-Za-z0-9_-]+$/);
    const b64 = token.replace(/-/g, '+').replace(/_/g, '/');
    const bytes = Uint8Array.from(atob(b64.padEnd(Math.ceil(b64.length / 4) * 4, '=')), (c) => c.charCodeAt(0));
    expect(JSON.parse(new TextDecoder().decode(bytes))).toEqual(inscricao);
  });
});
