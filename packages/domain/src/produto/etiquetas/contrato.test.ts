import { describe, expect, it } from 'vitest';
import { entradaImpressaoEtiqueta, precoDaEtiqueta } from './contrato';

const base = { precoVenda1: '10.90', precoOferta1: '8.50', inicioOferta: '2026-11-01', fimOferta: '2026-11-30' };

describe('the price a shelf label shows', () => {
  it('the offer on its first and last day, the sale price outside them', () => {
    expect(precoDaEtiqueta({ ...base, dia: '2026-11-01' })).toEqual({ preco: '8.50', oferta: true });
    expect(precoDaEtiqueta({ ...base, dia: '2026-11-30' })).toEqual({ preco: '8.50', oferta: true });
    expect(precoDaEtiqueta({ ...base, dia: '2026-12-01' })).toEqual({ preco: '10.90', oferta: false });
    expect(precoDaEtiqueta({ ...base, dia: '2026-10-31' })).toEqual({ preco: '10.90', oferta: false });
  });

  it('an open-ended offer runs; a zero or missing one does not', () => {
    expect(precoDaEtiqueta({ ...base, inicioOferta: null, fimOferta: null, dia: '2030-01-01' }).oferta).toBe(true);
    expect(precoDaEtiqueta({ ...base, precoOferta1: '0.00', dia: '2026-11-10' })).toEqual({
      preco: '10.90',
      oferta: false,
    });
    expect(precoDaEtiqueta({ ...base, precoOferta1: null, precoVenda1: null, dia: '2026-11-10' }).preco).toBeNull();
  });
});

describe('the request', () => {
  it('defaults to the A4 sheet of 30 and one copy; caps stores × products × copies', () => {
    expect(entradaImpressaoEtiqueta.parse({ lojas: [1], produtos: [2] })).toEqual({
      lojas: [1],
      produtos: [2],
      layout: 'A4-3x10',
      copias: 1,
    });
    const grande = entradaImpressaoEtiqueta.safeParse({
      lojas: [1, 2, 3],
      produtos: [...Array(10_000).keys()].map((i) => i + 1),
    });
    expect(grande.success).toBe(false);
  });
});
