import { describe, expect, it } from 'vitest';
import { type CamposSimulacao, corpoDaSimulacao, dataDigitada, decimalDigitado } from './formulario';

const campos = (over: Partial<CamposSimulacao> = {}): CamposSimulacao => ({
  produtoId: 7,
  lojaId: 2,
  tipoOperacao: 'VENDA',
  modelo: '65',
  ufDestino: 'PR',
  data: '',
  valor: '',
  quantidade: '1',
  ...over,
});

describe('formulário do simulador', () => {
  it.each([
    ['1.234,56', '1234.56'],
    ['R$ 10,5', '10.5'],
    ['99.90', '99.90'],
    ['abc', null],
    ['', null],
  ])('decimal %s → %s', (t, v) => expect(decimalDigitado(t)).toBe(v));

  it('reads dd/mm/aaaa and refuses a day that does not exist', () => {
    expect(dataDigitada('15/06/2026')).toBe('2026-06-15');
    expect(dataDigitada('31/02/2026')).toBeNull();
    expect(dataDigitada('2026-06-15')).toBeNull();
  });

  it('sends empty value and date as null (the store price, today at the store)', () => {
    expect(corpoDaSimulacao(campos())).toEqual({
      corpo: {
        produtoId: 7,
        lojaId: 2,
        tipoOperacao: 'VENDA',
        modelo: '65',
        ufDestino: 'PR',
        data: null,
        valor: null,
        quantidade: '1',
      },
    });
    expect(corpoDaSimulacao(campos({ valor: '1.000,00', data: '01/07/2026', quantidade: '2,5' }))).toMatchObject({
      corpo: { valor: '1000.00', data: '2026-07-01', quantidade: '2.5' },
    });
  });

  it('names every missing or wrong field', () => {
    const r = corpoDaSimulacao(
      campos({ produtoId: null, lojaId: null, ufDestino: null, valor: '0', quantidade: 'x', data: '32/01/2026' }),
    );
    expect(Object.keys('erros' in r ? r.erros : {}).sort()).toEqual([
      'data',
      'lojaId',
      'produtoId',
      'quantidade',
      'ufDestino',
      'valor',
    ]);
  });
});
