import { afterEach, describe, expect, it, vi } from 'vitest';
import { antesDeSairNoServidor } from '../../servicos/sessao/eventos';
import { useSessao } from '../../servicos/sessao/store';
import { gravarTokens } from '../../lib/tokens';
import { removerPushDoServidor, tokenDaInscricao } from './push';

const inscricao = { endpoint: 'https://push.exemplo/abc', keys: { p256dh: 'BA-_x', auth: 'q_-9' } };

afterEach(() => vi.unstubAllGlobals());

/** Spec §4 "Push notifications": on logout the push token is deleted from the server. */
describe('push on logout', () => {
  it('DELETE /api/v1/sessoes-mensagens/{token} goes before the logout, with the session still valid', async () => {
    const chamadas: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        const auth = (init?.headers as Record<string, string> | undefined)?.Authorization ?? '';
        chamadas.push(`${init?.method ?? 'GET'} ${url} ${auth}`);
        return new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } });
      }),
    );
    vi.stubGlobal('navigator', {
      ...navigator,
      serviceWorker: {
        getRegistration: async () => ({ pushManager: { getSubscription: async () => ({ toJSON: () => inscricao }) } }),
      },
    });
    const parar = antesDeSairNoServidor(removerPushDoServidor);
    gravarTokens({ accessToken: 'a.b.c', refreshToken: 'r', sessionToken: 's' });
    useSessao.setState({
      usuario: { id: 1, administrador: false, tipoCliente: 'TODOS', permissoes: [], lojasUsuario: [] },
    });
    await useSessao.getState().sair();
    parar();
    const token = encodeURIComponent(tokenDaInscricao(inscricao));
    expect(chamadas).toEqual([
      `DELETE /api/v1/sessoes-mensagens/${token} Bearer a.b.c`,
      'GET /api/auth/logout Bearer a.b.c',
    ]);
  });
});
