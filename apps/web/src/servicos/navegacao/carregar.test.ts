import { describe, expect, it, vi } from 'vitest';
import { CHUNK_LOAD_TIMEOUT_MS, ChunkError, carregarChunk, carregarTela, TempoEsgotadoError } from './carregar';

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

  it("fails a chunk that has not arrived after 120 s as 'Loading chunk … failed' (spec §8)", async () => {
    vi.useFakeTimers();
    expect(CHUNK_LOAD_TIMEOUT_MS).toBe(120_000);
    let falhou: unknown = null;
    carregarChunk(() => new Promise(() => {})).catch((e) => {
      falhou = e;
    });
    await vi.advanceTimersByTimeAsync(119_999);
    expect(falhou).toBeNull();
    await vi.advanceTimersByTimeAsync(1);
    expect(falhou).toBeInstanceOf(ChunkError);
    expect(String((falhou as Error).message)).toMatch(/^Loading chunk .*failed/);
    vi.useRealTimers();
  });

  it('a screen whose chunk hangs past 120 s gets the retry and then the chunk error view', async () => {
    vi.useFakeTimers();
    const importar = vi.fn(() => new Promise<typeof Tela>(() => {}));
    const p = carregarTela(importar, 10 * 60_000);
    const verificado = expect(p).rejects.toBeInstanceOf(ChunkError);
    await vi.advanceTimersByTimeAsync(2 * CHUNK_LOAD_TIMEOUT_MS);
    await verificado;
    expect(importar).toHaveBeenCalledTimes(2);
    vi.useRealTimers();
  });

  it('does not retry other errors', async () => {
    const importar = vi.fn(() => Promise.reject(new Error('boom')));
    await expect(carregarTela(importar)).rejects.toThrow('boom');
    expect(importar).toHaveBeenCalledTimes(1);
  });
});
