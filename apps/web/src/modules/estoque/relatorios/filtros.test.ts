import { pedidoExtratoMovimentacoes } from '@retaguarda/domain';
import { describe, expect, it } from 'vitest';
import { dataDaTela, mesCorrente, validar } from './filtros';

describe('filtros dos relatórios de estoque', () => {
  it('datas digitadas dd/MM/yyyy vão como yyyy-MM-dd', () => {
    expect(dataDaTela('05/11/2026')).toBe('2026-11-05');
    expect(dataDaTela('5/1/2026')).toBe('2026-01-05');
    expect(dataDaTela('ontem')).toBe('ontem');
  });
  it('o período padrão é o mês corrente até hoje no fuso da loja', () => {
    // 02:00 UTC of Dec 1st is still Nov 30th in São Paulo
    expect(mesCorrente('America/Sao_Paulo', new Date('2026-12-01T02:00:00Z'))).toEqual({
      de: '01/11/2026',
      ate: '30/11/2026',
    });
  });
  it('erros do contrato por campo, com inicial maiúscula', () => {
    const r = validar(pedidoExtratoMovimentacoes, { de: '2026-11-10', ate: '2026-11-01' });
    expect(r.erros).toEqual({ ate: 'Deve ser igual ou posterior à data inicial.' });
    expect(validar(pedidoExtratoMovimentacoes, { de: '2026-11-01', ate: '2026-11-10' }).corpo).toBeDefined();
  });
});
