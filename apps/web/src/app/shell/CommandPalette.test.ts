import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiFalsa } from '../../test/cadastros';
import { buscarRegistros, casaComTela } from './busca-registros';
import { filtrarPaleta } from './CommandPalette';
import { comandosDe } from './comandos';

afterEach(() => vi.unstubAllGlobals());

const pagina = (items: unknown[]) => ({ body: { start: 0, count: items.length, total: items.length, items } });

describe('Ctrl+K', () => {
  it('finds screens without minding accents or case, every word typed', () => {
    const telas = [
      { id: '/a', label: 'Seções', description: 'Produto › Classificação' },
      { id: '/b', label: 'Ajuste de estoque', description: 'Estoque' },
    ];
    expect(filtrarPaleta('secoes', telas).map((a) => ('id' in a ? a.id : ''))).toEqual(['/a']);
    expect(filtrarPaleta('SEÇÕES', telas)).toHaveLength(1);
    expect(filtrarPaleta('estoque ajuste', telas).map((a) => ('id' in a ? a.id : ''))).toEqual(['/b']);
    expect(casaComTela('classificacao', 'Seções', 'Produto › Classificação')).toBe(true);
    // records come from the server's search and are kept as they came
    expect(filtrarPaleta('7891000100103', [{ id: 'registro:produto:5', label: '5 - Café' }])).toHaveLength(1);
  });

  it('commands are results too, found by what people call them, only with the grants they need', () => {
    const todas = [
      'PERM_FECHAMENTO_ESTOQUE_ACESSO',
      'PERM_FECHAMENTO_ESTOQUE_INCLUIR',
      'PERM_TRANSFERENCIA_ESTOQUE_ACESSO',
      'PERM_TRANSFERENCIA_ESTOQUE_INCLUIR',
      'PERM_CENARIOS_FISCAIS_ACESSO',
    ];
    const acoes = comandosDe(todas).map((c) => ({ ...c, keywords: [...c.keywords] }));
    const achados = (busca: string) => filtrarPaleta(busca, acoes).map((a) => ('label' in a ? a.label : ''));
    expect(achados('fechamento')).toEqual(['Fechar estoque']);
    expect(achados('fechar período')).toEqual(['Fechar estoque']);
    expect(achados('nova transferencia')).toEqual(['Nova transferência']);
    expect(achados('simular')).toEqual(['Simular tributação']);
    expect(acoes.find((a) => a.label === 'Fechar estoque')?.rota).toBe('/estoque/parametros?acao=fechar');
    // who may only read the stock closing does not get the command
    expect(comandosDe(['PERM_FECHAMENTO_ESTOQUE_ACESSO']).map((c) => c.label)).toEqual([]);
  });

  it('finds products by description and suppliers by CNPJ through their lists, only with access', async () => {
    const chamadas = apiFalsa((c) =>
      c.url.includes('/produto/produtos')
        ? pagina([{ id: 5, descricao: 'Café torrado' }])
        : pagina([{ id: 9, fantasia: 'Alfa Distribuidora' }]),
    );
    const r = await buscarRegistros('café', ['PERM_PRODUTO_ACESSO'], new AbortController().signal);
    expect(r.map((x) => x.rotulo)).toEqual(['5 - Café torrado']);
    expect(r[0]?.descricao).toBe('Produto');
    expect(chamadas.every((c) => !c.url.includes('fornecedores'))).toBe(true);
    const f = await buscarRegistros('12.345.678/0001-95', ['PERM_FORNECEDOR_ACESSO'], new AbortController().signal);
    expect(f.map((x) => x.rotulo)).toEqual(['9 - Alfa Distribuidora']);
    const q = decodeURIComponent(chamadas.at(-1)?.url ?? '');
    expect(q).toContain('12345678000195');
  });

  it('an EAN finds its product through the barcodes', async () => {
    const chamadas = apiFalsa((c) =>
      c.url.includes('codigos-auxiliares')
        ? pagina([{ id: '7891000100103', produtoId: 42 }])
        : c.url.includes('id%3Din%3D') || c.url.includes('id=in=')
          ? pagina([{ id: 42, descricao: 'Leite integral' }])
          : pagina([]),
    );
    const r = await buscarRegistros('7891000100103', ['PERM_PRODUTO_ACESSO'], new AbortController().signal);
    expect(r.map((x) => [x.rotulo, x.descricao])).toEqual([['42 - Leite integral', 'Produto · EAN 7891000100103']]);
    expect(r[0]?.url).toContain('42');
    expect(chamadas.some((c) => c.url.includes('codigos-auxiliares'))).toBe(true);
  });

  it('one letter asks nothing', async () => {
    const chamadas = apiFalsa(() => pagina([]));
    expect(await buscarRegistros('a', ['PERM_PRODUTO_ACESSO'], new AbortController().signal)).toEqual([]);
    expect(chamadas).toHaveLength(0);
  });
});
