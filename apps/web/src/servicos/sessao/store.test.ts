import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../lib/api';
import { saidaLivre } from '../../lib/saida-livre';
import { gravarTokens, lerTokens } from '../../lib/tokens';
import { quandoEntrar, quandoSair } from './eventos';
import { parametrosDoRetorno } from './sso';
import { useSessao } from './store';

type Resposta = { status: number; body?: unknown };

function servidor(rotas: Record<string, Resposta>) {
  const chamadas: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      chamadas.push(`${init?.method ?? 'GET'} ${url}`);
      const r = rotas[`${init?.method ?? 'GET'} ${url}`] ?? { status: 404, body: { message: 'nada' } };
      return new Response(r.body === undefined ? '' : JSON.stringify(r.body), {
        status: r.status,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return chamadas;
}

const USUARIO = {
  id: 3,
  nome: 'Beatriz',
  administrador: false,
  tipoCliente: 'BOTICARIO',
  permissoes: [],
  lojasUsuario: [],
};
const TOKENS = { accessToken: 'a.eyJmb3JjZVBhc3N3b3JkUmVzZXQiOmZhbHNlfQ.s', refreshToken: 'r', sessionToken: 's' };

afterEach(async () => {
  vi.unstubAllGlobals();
  useSessao.setState({ usuario: null, forcarTrocaSenha: false });
});

describe('session (spec §4, §5, §7, §8)', () => {
  it('signs in legacy first, then /api/auth, then /api/v1/eumesmo', async () => {
    const chamadas = servidor({
      'POST /j_spring_security_check': { status: 200 },
      'POST /api/auth': { status: 200, body: TOKENS },
      'GET /api/v1/eumesmo': { status: 200, body: USUARIO },
    });
    await useSessao.getState().entrar('beatriz.fin', 'x');
    expect(chamadas).toEqual(['POST /j_spring_security_check', 'POST /api/auth', 'GET /api/v1/eumesmo']);
    expect(useSessao.getState().usuario?.id).toBe(3);
    expect(lerTokens()?.accessToken).toBe(TOKENS.accessToken);
    expect(localStorage.getItem('rtg.sessao')).toBeNull();
  });

  it("fails with 'Credenciais de usuário inválidas.' on 401 or an empty answer", async () => {
    servidor({ 'POST /api/auth': { status: 401, body: { message: 'x' } } });
    await expect(useSessao.getState().entrar('a', 'b')).rejects.toThrow('Credenciais de usuário inválidas.');
    servidor({ 'POST /api/auth': { status: 200 } });
    await expect(useSessao.getState().entrar('a', 'b')).rejects.toThrow('Credenciais de usuário inválidas.');
  });

  it("fails with 'Erro ao carregar os dados do usuário.' when the user data is empty", async () => {
    servidor({ 'POST /api/auth': { status: 200, body: TOKENS }, 'GET /api/v1/eumesmo': { status: 200 } });
    await expect(useSessao.getState().entrar('a', 'b')).rejects.toThrow('Erro ao carregar os dados do usuário.');
  });

  it('a 401 on an ordinary call logs out; errors are rethrown as "status url"', async () => {
    servidor({
      'POST /api/auth': { status: 200, body: TOKENS },
      'GET /api/v1/eumesmo': { status: 200, body: USUARIO },
      'GET /api/v1/menu': { status: 401, body: { message: 'x' } },
      'GET /api/auth/logout': { status: 401 },
    });
    await useSessao.getState().entrar('a', 'b');
    await expect(api('/api/v1/menu')).rejects.toThrow('401 /api/v1/menu');
    await vi.waitFor(() => expect(useSessao.getState().usuario).toBeNull());
    expect(lerTokens()).toBeNull();
  });

  it('a refresh answered 400 or 401 logs out', async () => {
    servidor({
      'POST /api/auth': { status: 200, body: TOKENS },
      'GET /api/v1/eumesmo': { status: 200, body: USUARIO },
      'GET /api/auth/refresh': { status: 400, body: { message: 'x' } },
    });
    await useSessao.getState().entrar('a', 'b');
    expect(await useSessao.getState().renovar()).toBe(false);
    expect(useSessao.getState().usuario).toBeNull();
  });

  it('reads the forced password reset from the token', async () => {
    const comFlag = { ...TOKENS, accessToken: `a.${btoa(JSON.stringify({ forcePasswordReset: true }))}.s` };
    servidor({
      'POST /api/auth': { status: 200, body: comFlag },
      'GET /api/v1/eumesmo': { status: 200, body: USUARIO },
    });
    await useSessao.getState().entrar('igor.novo', 'x');
    expect(useSessao.getState().forcarTrocaSenha).toBe(true);
  });

  it('tokens stay in memory: nothing of the session in sessionStorage or localStorage', async () => {
    servidor({
      'POST /api/auth': { status: 200, body: TOKENS },
      'GET /api/v1/eumesmo': { status: 200, body: USUARIO },
    });
    await useSessao.getState().entrar('beatriz.fin', 'x');
    const guardado = JSON.stringify({ ...sessionStorage, ...localStorage });
    expect(guardado).not.toContain(TOKENS.accessToken);
    expect(guardado).not.toContain('Beatriz');
    expect(lerTokens()?.refreshToken).toBeUndefined();
  });

  it('a new tab gets the browser session from the refresh cookie (custom header, no Authorization)', async () => {
    gravarTokens(null);
    const pedidos: { url: string; headers: Record<string, string> }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        pedidos.push({ url, headers: (init?.headers ?? {}) as Record<string, string> });
        const body = url === '/api/auth/refresh' ? TOKENS : USUARIO;
        return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
      }),
    );
    const entrou = vi.fn();
    const parar = quandoEntrar(entrou);
    expect(await useSessao.getState().restaurar()).toBe(true);
    parar();
    expect(useSessao.getState().usuario?.id).toBe(3);
    expect(entrou).toHaveBeenCalledTimes(1);
    expect(pedidos[0]?.url).toBe('/api/auth/refresh');
    expect(pedidos[0]?.headers['X-Retaguarda-Renovacao']).toBe('1');
    expect(pedidos[0]?.headers.Authorization).toBeUndefined();
  });

  it('without the cookie a new tab starts logged out', async () => {
    gravarTokens(null);
    servidor({ 'GET /api/auth/refresh': { status: 400, body: { message: 'x' } } });
    expect(await useSessao.getState().restaurar()).toBe(false);
    expect(useSessao.getState().usuario).toBeNull();
  });

  it('a forced logout ends the session once (concurrent 401s) and frees the way out of unsaved forms', async () => {
    servidor({
      'POST /api/auth': { status: 200, body: TOKENS },
      'GET /api/v1/eumesmo': { status: 200, body: USUARIO },
    });
    await useSessao.getState().entrar('beatriz.fin', 'x');
    expect(saidaLivre()).toBe(false);
    const saiu = vi.fn();
    const parar = quandoSair(saiu);
    await Promise.all([
      useSessao.getState().sair({ semServidor: true }),
      useSessao.getState().sair({ semServidor: true }),
      useSessao.getState().sair({ semServidor: true }),
    ]);
    parar();
    expect(saiu).toHaveBeenCalledTimes(1);
    expect(saidaLivre()).toBe(true);
  });

  it('reads the SSO callback parameters from the hash', () => {
    const p = parametrosDoRetorno('#code=abc&state=xyz&iss=https%3A%2F%2Fsso');
    expect([p.get('code'), p.get('state'), p.get('iss')]).toEqual(['abc', 'xyz', 'https://sso']);
  });
});
