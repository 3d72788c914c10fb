import type { ExtratoEstoque } from '@retaguarda/domain';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderizar } from '../../../test/render';
import { TabelaExtrato } from './TabelaExtrato';

const linha = (id: number, entrada: string, saida: string, saldoApos: string) => ({
  movimentoId: String(id),
  data: '2026-02-10',
  instante: '2026-02-10T09:30:00',
  ocorridoEm: '2026-02-10T09:30:00',
  tipo: entrada !== '0.0000' ? ('AJUSTE_ENTRADA' as const) : ('AJUSTE_SAIDA' as const),
  documentoTipo: 'AJUSTE',
  documentoId: String(id),
  documento: `Ajuste ${id}`,
  localId: 1,
  local: 'Loja',
  entrada,
  saida,
  custoUnitario: '2.000000',
  saldoApos,
  custoMedioApos: '2.500000',
  usuario: 'Diego Farias',
});

const extrato = (items: ExtratoEstoque['items'], start: number): ExtratoEstoque => ({
  produto: { id: 7, codigo: '1007', descricao: 'Colônia' },
  loja: { id: 2, sigla: 'BV02', nome: 'Londrina' },
  local: null,
  de: '2026-02-01',
  ate: '2026-02-28',
  saldoAnterior: '1234.5000',
  custoMedioAnterior: '2.000000',
  start,
  count: items.length,
  total: 3,
  items,
  // the closing balance is the last line's (the whole statement: 1 234,5 + 10 − 5,5)
  saldoFinal: '1239.0000',
  totais: { entradas: '10.0000', saidas: '5.5000' },
});

const noop = () => {};

describe('tabela do extrato', () => {
  it('1ª página: saldo anterior com o custo médio, linhas com entrada ou saída, sem saldo final antes da última', () => {
    renderizar(
      <TabelaExtrato
        extrato={extrato([linha(1, '10.0000', '0.0000', '1244.5000'), linha(2, '0.0000', '4.5000', '1240.0000')], 0)}
        pagina={1}
        porPagina={2}
        aoMudarPagina={noop}
        carregando={false}
      />,
    );
    expect(screen.getByText('Saldo anterior a 01/02/2026')).toBeTruthy();
    expect(document.querySelector('[data-cy=extrato-saldo-anterior-valor]')?.textContent).toBe('1.234,5');
    expect(screen.getByText('R$ 2,00')).toBeTruthy();
    const saldos = [...document.querySelectorAll('[data-cy=extrato-linha-saldo]')].map((c) => c.textContent);
    expect(saldos).toEqual(['1.244,5', '1.240']);
    expect(document.querySelector('[data-cy=extrato-saldo-final]')).toBeNull();
  });

  it('página seguinte: o saldo transportado é o de antes da primeira linha; a última mostra o saldo final', () => {
    renderizar(
      <TabelaExtrato
        extrato={extrato([linha(3, '0.0000', '1.0000', '1239.0000')], 2)}
        pagina={2}
        porPagina={2}
        aoMudarPagina={noop}
        carregando={false}
      />,
    );
    expect(screen.getByText('Saldo transportado da página anterior')).toBeTruthy();
    expect(document.querySelector('[data-cy=extrato-saldo-anterior-valor]')?.textContent).toBe('1.240');
    expect(document.querySelector('[data-cy=extrato-saldo-final-valor]')?.textContent).toBe('1.239');
  });

  it('um saldo negativo aparece na cor de alerta (#27.5); os positivos não', () => {
    renderizar(
      <TabelaExtrato
        extrato={{
          ...extrato([linha(1, '0.0000', '3.0000', '-2.0000'), linha(2, '1.0000', '0.0000', '-1.0000')], 0),
          total: 2,
          saldoAnterior: '1.0000',
          saldoFinal: '-1.0000',
        }}
        pagina={1}
        porPagina={2}
        aoMudarPagina={noop}
        carregando={false}
      />,
    );
    const negativos = [...document.querySelectorAll('[data-negativo]')].map((c) => c.getAttribute('data-cy'));
    expect(negativos).toEqual(['extrato-linha-saldo', 'extrato-linha-saldo', 'extrato-saldo-final-valor']);
    expect(document.querySelector('[data-cy=extrato-saldo-anterior-valor]')?.hasAttribute('data-negativo')).toBe(false);
  });
});
