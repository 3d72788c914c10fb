import { describe, expect, it, vi } from 'vitest';
import { ChunkError, carregarTela, TempoEsgotadoError } from './carregar';

const Tela = () => null;

describe('lazy screens', () => {
  it('gives up with the timeout error after the limit (50 s in the app)', async () => {
    vi.useFakeTimers();
    const p = carregarTela(() => new Promise(() => {}), 50_000);
    const verificado = expect(p).rejects.toBeInstanceOf(TempoEsgotadoError);
    await vi.advanceTimersByTimeAsync(50_000);
    await verificado;
    vi.useRealTimers();
  });

  it('retries a failed chunk once', async () => {
    const importar = vi
      .fn<() => Promise<typeof Tela>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module: /app/assets/x.js'))
      .mockResolvedValueOnce(Tela);
    await expect(carregarTela(importar)).resolves.toBe(Tela);
    expect(importar).toHaveBeenCalledTimes(2);
  });

  it("reports 'Loading chunk … failed' when the retry fails too", async () => {
    const importar = vi.fn(() => Promise.reject(new Error('Loading chunk 12 failed')));
    await expect(carregarTela(importar)).rejects.toBeInstanceOf(ChunkError);
    expect(importar).toHaveBeenCalledTimes(2);
  });

  it('does not retry other errors', async () => {
    const importar = vi.fn(() => Promise.reject(new Error('boom')));
    await expect(carregarTela(importar)).rejects.toThrow('boom');
    expect(importar).toHaveBeenCalledTimes(1);
  });
});
