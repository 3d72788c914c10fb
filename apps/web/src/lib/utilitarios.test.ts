import { describe, expect, it } from 'vitest';
import { gravarQuery, lerQuery } from './query-string';
import { apagarCache, gravarCache, lerCache, lerStorage } from './storage';
import { tempoRelativo } from './tempo-relativo';

describe('local storage reader (spec §5)', () => {
  it.each([
    ['missing', undefined],
    ['null', 'null'],
    ['unparsable', '{oops'],
  ])('returns null for %s', (_, valor) => {
    if (valor !== undefined) localStorage.setItem('k', valor);
    expect(lerStorage('k')).toBeNull();
  });

  it('reads JSON and keeps obfuscated caches for their lifetime', () => {
    localStorage.setItem('k', '{"a":1}');
    expect(lerStorage('k')).toEqual({ a: 1 });
    gravarCache('c', { nome: 'Mercadão' }, 1000);
    expect(localStorage.getItem('c')).not.toContain('Mercad');
    expect(lerCache('c', 500, 1400)).toEqual({ nome: 'Mercadão' });
    expect(lerCache('c', 500, 1600)).toBeNull();
  });

  it('clears a cache with its per-user variants', () => {
    gravarCache('rtg.cache.menu.7', []);
    gravarCache('rtg.cache.menuX', []);
    apagarCache('rtg.cache.menu');
    expect(localStorage.getItem('rtg.cache.menu.7')).toBeNull();
    expect(localStorage.getItem('rtg.cache.menuX')).not.toBeNull();
  });
});

describe('query string after the # (spec §5)', () => {
  it('reads and writes, JSON-encoding objects', () => {
    expect(lerQuery('#/x?conta=1&fim=2').get('conta')).toBe('1');
    expect(gravarQuery({ filtro: { a: 1 }, vazio: '' }, '#/x?vazio=1')).toBe('#/x?filtro=%7B%22a%22%3A1%7D');
  });
});

describe('relative time', () => {
  it("appends ' atrás' for past dates", () => {
    const agora = new Date('2026-01-10T12:00:00Z');
    expect(tempoRelativo('2026-01-10T10:00:00Z', agora)).toBe('2 horas atrás');
    expect(tempoRelativo('2026-01-09T12:00:00Z', agora)).toBe('1 dia atrás');
    expect(tempoRelativo('2026-01-10T11:59:50Z', agora)).toBe('alguns segundos atrás');
  });

  it('reads the API local text (São Paulo wall clock, no offset) in the business zone, not the browser zone', () => {
    const agora = new Date('2026-01-10T12:00:00Z'); // 09:00 in São Paulo
    expect(tempoRelativo('2026-01-10T08:00:00', agora)).toBe('1 hora atrás');
    expect(tempoRelativo('2026-01-10T08:59:50', agora)).toBe('alguns segundos atrás');
  });
});
