import { describe, expect, it } from 'vitest';
import {
  erroChavePix,
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
    expect(errosContaCorrente({ tipoConta: 'CORRENTE' }).map((e) => e.split(':')[0])).toEqual([
      'agenteFinanceiroId',
      'agencia',
      'numeroConta',
      'numeroContaDigito',
    ]);
    expect(errosContaCorrente({ tipoConta: 'CAIXA', chavePix: 'a@b.com' })).toEqual([
      'tipoChavePix: informe o tipo da chave PIX.',
    ]);
  });

  it.each([
    ['CPF_CNPJ', '41553872000164', true],
    ['CPF_CNPJ', '12ABC34501DE35', true],
    ['CPF_CNPJ', '41.553.872/0001-64', false],
    ['EMAIL', 'financeiro@belavida.com.br', true],
    ['TELEFONE', '+5541999998888', true],
    ['TELEFONE', '41999998888', false],
    ['ALEATORIA', '123e4567-e89b-12d3-a456-426614174000', true],
  ])('chave PIX %s %s válida: %s', (tipo, chave, ok) => expect(erroChavePix(tipo, chave) === undefined).toBe(ok));

  it('forma de pagamento: troco só em dinheiro; tPag 99 com descrição', () => {
    expect(errosFormaPagamento({ tipoPagamento: '01', permiteTroco: true })).toEqual([]);
    expect(errosFormaPagamento({ tipoPagamento: '03', permiteTroco: true })).toHaveLength(1);
    expect(errosFormaPagamento({ tipoPagamento: '99' })).toHaveLength(1);
    expect(errosFormaPagamento({ tipoPagamento: '99', descricaoPagamento: 'Vale-troca' })).toEqual([]);
  });
});
