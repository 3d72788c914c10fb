import { describe, expect, it } from 'vitest';
import { abaDe, urlDaAba, useEstadoCenarios } from './estado';

describe('tax scenario screen state (spec §3)', () => {
  it('starts on the NCM tab with no origin and an empty search per tab', () => {
    const s = useEstadoCenarios.getState();
    expect([s.aba, s.origem, s.busca]).toEqual(['ncm', null, { ncm: '', operacao: '' }]);
    expect(abaDe(null)).toBe('ncm');
    expect(abaDe('qualquer')).toBe('ncm');
    expect(abaDe('operacao')).toBe('operacao');
  });

  it('keeps the search of each tab apart and rebuilds the URL of a tab with its own search', () => {
    const { definirBusca } = useEstadoCenarios.getState();
    definirBusca('ncm', '3303');
    definirBusca('operacao', 'bonificação');
    expect(useEstadoCenarios.getState().busca).toEqual({ ncm: '3303', operacao: 'bonificação' });
    expect(urlDaAba('ncm', '3303')).toBe('/fiscal/cenarios-fiscais?busca=3303');
    expect(urlDaAba('operacao', 'bonificação')).toBe(
      '/fiscal/cenarios-fiscais?aba=operacao&busca=bonifica%C3%A7%C3%A3o',
    );
    expect(urlDaAba('ncm', '')).toBe('/fiscal/cenarios-fiscais');
  });
});
