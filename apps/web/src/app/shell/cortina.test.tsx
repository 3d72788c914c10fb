import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { criar } from '../../registers/api';
import { solicitarLista } from '../../modules/relatorios/relatorios.api';
import { renderizar } from '../../test/render';
import { useEstadoUi } from '../../servicos/estado-ui';
import { CortinaCarregamento } from './IndicadorCarregamento';

/** fetch that answers only when `responder` is called. */
function fetchPendente() {
  let responder: () => void = () => {};
  vi.stubGlobal(
    'fetch',
    vi.fn(
      () =>
        new Promise<Response>((r) => {
          responder = () =>
            r(new Response('{"id":1}', { status: 201, headers: { 'content-type': 'application/json' } }));
        }),
    ),
  );
  return () => responder();
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  useEstadoUi.getState().pararCarregamento(true);
});

/** Spec §2.3 / §4 "Loading": long actions turn loading on, and the curtain shows while it is on. */
describe('global loading curtain', () => {
  it.each([
    ['a register save', () => criar('/api/v1/produto/marcas', { descricao: 'X' })],
    ['a report request', () => solicitarLista('/api/v1/produto/marcas', new URLSearchParams())],
  ])('%s shows the curtain until it settles', async (_, acao) => {
    vi.useFakeTimers();
    const responder = fetchPendente();
    renderizar(<CortinaCarregamento />);
    let feito!: Promise<unknown>;
    act(() => {
      feito = acao();
    });
    expect(useEstadoUi.getState().carregando).toBe(1);
    await act(() => vi.advanceTimersByTimeAsync(250));
    expect(document.querySelector('[data-cy="cortina-carregamento"]')).not.toBeNull();
    await act(async () => {
      responder();
      await feito;
    });
    expect(useEstadoUi.getState().carregando).toBe(0);
    await act(() => vi.advanceTimersByTimeAsync(500));
    expect(screen.queryByLabelText('Carregando')).toBeNull();
  });
});
