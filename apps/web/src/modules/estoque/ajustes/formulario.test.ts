import { describe, expect, it } from 'vitest';
import { dataDaTela, decimalDaTela, paraApi, resolverAjuste } from './formulario';

describe('formulário de ajuste', () => {
  it.each([
    ['1.234,5', '1234.5'],
    ['2,50', '2.50'],
    ['3', '3'],
    ['1.5', '1.5'],
  ])('decimal %s → %s', (tela, api) => expect(decimalDaTela(tela)).toBe(api));

  it.each([
    ['24/11/2026', '2026-11-24'],
    ['2026-11-24', '2026-11-24'],
    ['31/2/2026', '31/2/2026'],
  ])('data %s → %s', (tela, api) => expect(dataDaTela(tela)).toBe(api));

  const valores = {
    lojaId: 1,
    localId: 2,
    tipoDeAjusteId: 3,
    tipoDeOperacao: 'ENTRADA' as const,
    data: '24/11/2026',
    observacao: '',
    itens: [{ produtoId: 5, descricao: 'X', quantidade: '1,5', custoUnitario: '' }],
  };

  it('converte para o corpo da API sem custo vazio', () => {
    expect(paraApi(valores)).toMatchObject({
      dataDaMovimentacao: '2026-11-24',
      itens: [{ produtoId: 5, quantidade: '1.5' }],
    });
  });

  it('valida com o contrato do domínio: erros nos campos do formulário', async () => {
    const ok = await resolverAjuste(valores, undefined, { fields: {}, shouldUseNativeValidation: false } as never);
    expect(ok.errors).toEqual({});
    const r = await resolverAjuste({ ...valores, data: '99/99/2026', itens: [] }, undefined, {
      fields: {},
      shouldUseNativeValidation: false,
    } as never);
    expect(Object.keys(r.errors).sort()).toEqual(['data', 'itens']);
  });
});
