import { describe, expect, it } from 'vitest';
import { errosVigencia } from '../fiscal/vigencia';
import { errosMotivoTrocaDevolucao } from '../venda/regras';
import { errosLocalEstoque, errosTipoAjuste } from './regras';

describe('regras do estoque e da venda', () => {
  it.each([
    [{ tipo: 'ENTRADA', usoInventario: 'SOBRA' }, 0],
    [{ tipo: 'SAIDA', usoInventario: 'SOBRA' }, 1],
    [{ tipo: 'ENTRADA', usoInventario: 'FALTA' }, 1],
    [{ tipo: 'SAIDA', usoInventario: 'FALTA', cfop: '5927' }, 0],
    [{ tipo: 'ENTRADA', cfop: '5927' }, 1],
    [{ tipo: 'SAIDA', cfop: '1949' }, 1],
    [{ tipo: 'ENTRADA', cfop: '1949' }, 0],
  ])('tipo de ajuste %o → %i erro(s)', (m, n) => expect(errosTipoAjuste(m)).toHaveLength(n));

  it.each([
    [{ permiteVenda: true, padraoVenda: true }, 0],
    [{ permiteVenda: false, padraoVenda: true }, 1],
    [{ permiteVenda: true, padraoVenda: true, ativo: false }, 1],
    [{ padraoEntrada: true, ativo: false }, 0],
  ])('local de estoque %o → %i erro(s)', (m, n) => expect(errosLocalEstoque(m)).toHaveLength(n));

  it.each([
    [{ retornaEstoque: true, tipoLocalDestino: 'AVARIA' }, 0],
    [{ retornaEstoque: true }, 1],
    [{ retornaEstoque: false }, 0],
    [{ tipo: 'DEVOLUCAO', geraValeTroca: true, retornaEstoque: false }, 1],
  ])('motivo de troca %o → %i erro(s)', (m, n) => expect(errosMotivoTrocaDevolucao(m)).toHaveLength(n));

  it('vigência: o fim não antecede o início', () => {
    expect(errosVigencia('2026-01-01', '2026-01-01')).toEqual([]);
    expect(errosVigencia('2026-01-02', '2026-01-01')).toHaveLength(1);
    expect(errosVigencia('2026-01-02', null)).toEqual([]);
  });
});
