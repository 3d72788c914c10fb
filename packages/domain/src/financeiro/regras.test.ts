import { describe, expect, it } from 'vitest';
import {
  erroChavePix,
  normalizarChavePix,
  errosContaCorrente,
  errosFormaPagamento,
  errosHistoricoPadrao,
  errosMotivoCancelamento,
} from './regras';

describe('regras do financeiro', () => {
  it.each([
    [{ descricao: 'Desistiu', aplicacao: ['CUPOM_NFCE'] }, 1],
    [{ descricao: 'Desistiu', aplicacao: ['NFE', 'TITULO'] }, 1],
    [{ descricao: 'Desistiu', aplicacao: ['TITULO'] }, 0],
    [{ descricao: 'Desistência do cliente', aplicacao: ['CUPOM_NFCE'] }, 0],
    [{ descricao: '   curto  demais  ', aplicacao: ['NFE'] }, 1], // padding does not count
    [{ descricao: 'exatamente 15 c', aplicacao: ['NFE'] }, 0],
    [{ descricao: 'só 14 letras!!', aplicacao: ['NFE'] }, 1],
  ])('motivo de cancelamento %o → %i erro(s)', (m, n) => expect(errosMotivoCancelamento(m)).toHaveLength(n));

  it.each([
    ['PAGTO TÍTULO {documento} - {pessoa}', 0],
    ['RECEBIMENTO CARTÃO {agente}', 0],
    ['TARIFA {tarifa}', 1],
    ['TARIFA {documento', 1],
    ['TARIFA BANCÁRIA', 0],
  ])('histórico %j → %i erro(s)', (d, n) => expect(errosHistoricoPadrao(d)).toHaveLength(n));

  it('conta corrente: caixa sem banco; as demais com banco, agência e conta', () => {
    expect(errosContaCorrente({ tipoConta: 'CAIXA' })).toEqual([]);
    expect(errosContaCorrente({ tipoConta: 'CORRENTE' }).map((e) => e.campo)).toEqual([
      'agenteFinanceiroId',
      'agencia',
      'numeroConta',
      'numeroContaDigito',
    ]);
    expect(errosContaCorrente({ tipoConta: 'CAIXA', chavePix: 'a@b.com' })).toEqual([
      { campo: 'tipoChavePix', mensagem: 'informe o tipo da chave PIX.' },
    ]);
  });

  it.each([
    ['CPF_CNPJ', '41553872000164', true],
    ['CPF_CNPJ', '12ABC34501DE35', true],
    ['CPF_CNPJ', '41.553.872/0001-64', true],
    ['CPF_CNPJ', '41.553.872/0001-65', false],
    ['CPF_CNPJ', '529.982.247-25', true],
    ['CPF_CNPJ', '529.982.247-26', false],
    ['CPF_CNPJ', '111.111.111-11', false],
    ['TELEFONE', '(41) 99999-8888', true],
    ['TELEFONE', '+55 41 99999-8888', true],
    ['EMAIL', 'financeiro@belavida.com.br', true],
    ['TELEFONE', '+5541999998888', true],
    ['TELEFONE', '999998888', false],
    ['ALEATORIA', '123e4567-e89b-12d3-a456-426614174000', true],
  ])('chave PIX %s %s válida: %s', (tipo, chave, ok) => expect(erroChavePix(tipo, chave) === undefined).toBe(ok));

  it('chave PIX guardada como o DICT a tem: CPF/CNPJ sem máscara, telefone +55DDDNÚMERO', () => {
    expect(normalizarChavePix('CPF_CNPJ', ' 41.553.872/0001-64 ')).toBe('41553872000164');
    expect(normalizarChavePix('TELEFONE', '(41) 99999-8888')).toBe('+5541999998888');
    expect(normalizarChavePix('EMAIL', 'Financeiro@BelaVida.com.br')).toBe('financeiro@belavida.com.br');
  });

  it('forma de pagamento: troco só em dinheiro; tPag 99 com descrição', () => {
    expect(errosFormaPagamento({ tipoPagamento: '01', permiteTroco: true })).toEqual([]);
    expect(errosFormaPagamento({ tipoPagamento: '03', permiteTroco: true })).toHaveLength(1);
    expect(errosFormaPagamento({ tipoPagamento: '99' })).toHaveLength(1);
    expect(errosFormaPagamento({ tipoPagamento: '99', descricaoPagamento: 'Vale-troca' })).toEqual([]);
  });
});
