import { describe, expect, it } from 'vitest';
import { resolverSimulacao, type ValoresSimulacao, valoresIniciais } from './formulario';

const opcoes = { fields: {}, shouldUseNativeValidation: false } as never;
const validar = (over: Partial<ValoresSimulacao> = {}) =>
  resolverSimulacao({ ...valoresIniciais({ id: 2, uf: 'PR' }), produtoId: 7, ...over }, undefined, opcoes);

describe('formulário do simulador: react-hook-form sobre o contrato do domínio', () => {
  it('starts with the store and its UF, a sale on the NFC-e, quantity 1, value and date empty', () => {
    expect(valoresIniciais({ id: 2, uf: 'PR' })).toMatchObject({
      lojaId: 2,
      ufDestino: 'PR',
      tipoOperacao: 'VENDA',
      modelo: '65',
      quantidade: '1',
      valor: null,
      data: null,
    });
  });

  it('sends empty value and date as null (the store price, today at the store)', async () => {
    const r = await validar();
    expect(r.errors).toEqual({});
    expect(r.values).toMatchObject({ produtoId: 7, lojaId: 2, ufDestino: 'PR', valor: null, data: null });
  });

  it('names every missing or wrong field with the contract’s message', async () => {
    const r = await validar({
      produtoId: undefined as never,
      lojaId: undefined as never,
      ufDestino: undefined as never,
      valor: '0.00',
      quantidade: 'x',
      data: '31/02/2026',
    });
    expect(Object.keys(r.errors).sort()).toEqual(['data', 'lojaId', 'produtoId', 'quantidade', 'ufDestino', 'valor']);
    expect(r.errors.produtoId?.message).toBe('informe o produto.');
    expect(r.errors.valor?.message).toBe('deve ser maior que zero.');
  });

  it('takes the shared inputs’ values: a decimal string and a yyyy-MM-dd date', async () => {
    const r = await validar({ valor: '1000.00', quantidade: '2.5', data: '2026-07-01' });
    expect(r.errors).toEqual({});
    expect(r.values).toMatchObject({ valor: '1000.00', data: '2026-07-01' });
  });
});
