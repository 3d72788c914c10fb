import { describe, expect, it } from 'vitest';
import { aplicarCep, trocarUf } from './endereco';

describe('editor de endereço', () => {
  it('o CEP preenche UF, município com o código IBGE, logradouro e bairro; mantém o número', () => {
    const r = aplicarCep(
      { cep: '01310100', numero: '1000', logradouro: null },
      {
        cep: '01310100',
        uf: 'SP',
        codigoIbge: '3550308',
        municipio: 'São Paulo',
        logradouro: 'Avenida Paulista',
        bairro: 'Bela Vista',
      },
    );
    expect(r).toEqual({
      cep: '01310100',
      numero: '1000',
      uf: 'SP',
      codigoIbge: '3550308',
      municipio: 'São Paulo',
      logradouro: 'Avenida Paulista',
      bairro: 'Bela Vista',
    });
  });
  it('CEP geral da cidade (sem rua) não apaga a rua digitada', () => {
    const r = aplicarCep(
      { logradouro: 'Rua XV' },
      { cep: '85000000', uf: 'PR', codigoIbge: '4109401', municipio: 'Guarapuava', logradouro: null, bairro: null },
    );
    expect(r.logradouro).toBe('Rua XV');
  });
  it('trocar a UF limpa o município de outra UF e mantém o da mesma', () => {
    expect(trocarUf({ uf: 'PR', codigoIbge: '4106902', municipio: 'Curitiba' }, 'SP')).toEqual({
      uf: 'SP',
      codigoIbge: null,
      municipio: null,
    });
    expect(trocarUf({ uf: null, codigoIbge: '4106902', municipio: 'Curitiba' }, 'PR').codigoIbge).toBe('4106902');
  });
});
