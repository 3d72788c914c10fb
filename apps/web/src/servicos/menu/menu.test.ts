import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HttpError } from '../../lib/erros';
import { useSessao } from '../sessao/store';
import { buscarMenu } from './menu';

const reportError = vi.hoisted(() => vi.fn());
vi.mock('../../lib/error-reporting', () => ({ reportError }));

function responder(status: number) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response('{"message":"x"}', { status, headers: { 'content-type': 'application/json' } })),
  );
}

beforeEach(() => {
  localStorage.clear();
  reportError.mockClear();
  useSessao.setState({
    usuario: { id: 9, administrador: false, tipoCliente: 'TODOS', permissoes: [], lojasUsuario: [] },
  });
});
afterEach(() => vi.unstubAllGlobals());

/** Spec §8: a menu load with 401 clears the menu; other menu errors go to error reporting. */
describe('menu load errors', () => {
  it('reports a 500 to error reporting (and builds the menu locally)', async () => {
    responder(500);
    expect(Array.isArray(await buscarMenu())).toBe(true);
    expect(reportError).toHaveBeenCalledTimes(1);
    expect(reportError.mock.calls[0]?.[0]).toBeInstanceOf(HttpError);
  });

  it('does not report a 401: the menu is cleared', async () => {
    responder(401);
    expect(await buscarMenu()).toEqual([]);
    expect(reportError).not.toHaveBeenCalled();
  });
});
