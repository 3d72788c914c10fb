import { describe, expect, it } from 'vitest';
import { consultaDe, dataIso, mesAtual } from './filtros';

describe('filtros do extrato de estoque', () => {
  it('lê datas dd/mm/aaaa e recusa as inexistentes', () => {
    expect(dataIso('05/02/2026')).toBe('2026-02-05');
    expect(dataIso('30/02/2026')).toBeNull();
    expect(dataIso('2026-02-05')).toBeNull();
  });

  it('o período padrão é o mês corrente na data local da loja', () => {
    // 01/03 00:30 UTC is still 28/02 in São Paulo (PR) and in Manaus (AM)
    const agora = new Date('2026-03-01T00:30:00Z');
    expect(mesAtual({ uf: 'PR' }, agora)).toEqual({ de: '01/02/2026', ate: '28/02/2026' });
    expect(mesAtual({ uf: 'AM' }, new Date('2026-03-01T03:30:00Z'))).toEqual({ de: '01/02/2026', ate: '28/02/2026' });
    expect(mesAtual({ uf: 'PR' }, new Date('2026-03-01T03:30:00Z'))).toEqual({ de: '01/03/2026', ate: '31/03/2026' });
  });

  it('monta a consulta ou diz o que falta', () => {
    const base = {
      produto: { id: 7, descricao: 'X', codigoInterno: '7' },
      lojaId: 2,
      localId: '',
      de: '01/02/2026',
      ate: '28/02/2026',
    };
    const ok = consultaDe(base);
    expect('params' in ok && ok.params.toString()).toBe('produtoId=7&lojaId=2&de=2026-02-01&ate=2026-02-28');
    const comLocal = consultaDe({ ...base, localId: '9' });
    expect('params' in comLocal && comLocal.params.get('localId')).toBe('9');
    expect(consultaDe({ ...base, produto: null, ate: '31/01/2026' })).toEqual({
      erros: { produto: 'Informe o produto.', ate: 'A data final deve ser igual ou posterior à data inicial.' },
    });
  });
});

describe('link do extrato', () => {
  it('vai ao hospedeiro legado com o produto, a loja e o local', async () => {
    const { linkDoExtrato } = await import('./link');
    const url = new URL(linkDoExtrato({ produtoId: 7, lojaId: 2, localId: 5 }), 'http://x');
    expect(url.pathname).toBe('/vf');
    expect(url.searchParams.get('r')).toBe('/relatorioExtratoEstoque/index?produtoId=7&lojaId=2&localId=5');
    expect(url.searchParams.get('b')).toBe('Estoque > Relatórios > Extrato de estoque');
  });
});
