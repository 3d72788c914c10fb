import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { duplicado, useToasts } from './toasts';

const st = () => useToasts.getState();

describe('toasts', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    st().limpar();
    vi.useRealTimers();
  });

  it('ignores a duplicate by the message variant rule (type, message, icon, reasons)', () => {
    expect(st().mostrar({ type: 'error', message: 'a', reasons: ['x'] })).not.toBeNull();
    expect(st().mostrar({ type: 'error', message: 'a', reasons: ['x'], title: 'outro título' })).toBeNull();
    expect(st().mostrar({ type: 'error', message: 'a', reasons: ['y'] })).not.toBeNull();
    expect(st().toasts).toHaveLength(2);
  });

  it('ignores a duplicate by the card variant rule (type, body, reasons, title, icon)', () => {
    const base = { variante: 'card' as const, type: 'info' as const, bodyText: 'b', title: 't' };
    st().mostrar(base);
    expect(st().mostrar({ ...base, message: 'mensagem diferente' })).toBeNull();
    expect(st().mostrar({ ...base, title: 'outro' })).not.toBeNull();
    expect(duplicado({ ...base }, { ...base, variante: 'mensagem' })).toBe(false);
  });

  it('keeps at most 5: the oldest leaves', () => {
    for (let i = 1; i <= 6; i++) st().mostrar({ type: 'info', message: `m${i}` });
    expect(st().toasts.map((t) => t.message)).toEqual(['m2', 'm3', 'm4', 'm5', 'm6']);
  });

  it('closes after 5000 ms (message variant) and 10000 ms (card variant)', () => {
    st().mostrar({ type: 'info', message: 'curto' });
    st().mostrar({ type: 'info', variante: 'card', bodyText: 'longo' });
    vi.advanceTimersByTime(4999);
    expect(st().toasts).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(st().toasts.map((t) => t.bodyText ?? t.message)).toEqual(['longo']);
    vi.advanceTimersByTime(5000);
    expect(st().toasts).toHaveLength(0);
  });

  it('clears all', () => {
    st().mostrar({ type: 'info', message: 'x' });
    st().limpar();
    expect(st().toasts).toEqual([]);
  });
});
