import { describe, expect, it } from 'vitest';
import { diferencaDaLinha, paraApi, recebidaDaTela, resolverTransferencia } from './formulario';

const valores = {
  lojaOrigemId: 1,
  localOrigemId: 10,
  lojaDestinoId: 2,
  localDestinoId: 20,
  data: '24/11/2026',
  observacao: '',
  itens: [{ produtoId: 5, descricao: 'Batom', quantidade: '1.234,5', custoUnitario: '' }],
};
const opcoes = { fields: {}, shouldUseNativeValidation: false } as never;

describe('formulário de transferência', () => {
  it('converte para o corpo da API (data e decimal pt-BR)', () => {
    expect(paraApi(valores)).toMatchObject({ data: '2026-11-24', itens: [{ produtoId: 5, quantidade: '1234.5' }] });
  });

  it('valida com o contrato do domínio: mesmo local e sem itens', async () => {
    expect((await resolverTransferencia(valores, undefined, opcoes)).errors).toEqual({});
    const r = await resolverTransferencia({ ...valores, localDestinoId: 10, itens: [] }, undefined, opcoes);
    expect(Object.keys(r.errors).sort()).toEqual(['itens', 'localDestinoId']);
  });

  it('recebida e diferença de uma linha do recebimento', () => {
    expect(recebidaDaTela('7,5')).toBe('7.5');
    expect(recebidaDaTela('-1')).toBeNull();
    expect(recebidaDaTela('abc')).toBeNull();
    expect(diferencaDaLinha({ quantidade: '10.0000' }, '7,5')).toBe('2.5000');
    expect(diferencaDaLinha({ quantidade: '10.0000' }, '10')).toBe('0.0000');
    expect(diferencaDaLinha({ quantidade: '10.0000' }, '')).toBeNull();
  });
});
