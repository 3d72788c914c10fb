import { describe, expect, it } from 'vitest';
import { MAX_LINHAS_DOCUMENTO, MSG_LINHAS_ESTOQUE, POLITICA_DUPLICADOS, politicaDuplicados } from './duplicados';

describe('politicaDuplicados', () => {
  it.each([
    ['ajuste', [1, 2, 1, 1], ['itens.2.produtoId', 'itens.3.produtoId']],
    ['transferencia', [5, 6, 7], []],
    ['recebimento', [9, 9], ['itens.1.produtoId']],
  ] as const)('%s: cada repetição é recusada na sua linha', (doc, ids, campos) => {
    const r = politicaDuplicados(
      doc,
      ids.map((produtoId) => ({ produtoId, quantidade: '1' })),
    );
    expect(r.falhas.map((f) => f.campo)).toEqual(campos);
    for (const f of r.falhas) expect(f.mensagem).toMatch(/mais de uma vez: .* numa só linha/);
    expect(r.itens).toHaveLength(ids.length);
  });

  it('every stock document declares its policy and its line bound, and the message says them', () => {
    for (const doc of ['ajuste', 'transferencia', 'recebimento'] as const) {
      expect(POLITICA_DUPLICADOS[doc]).toBe('recusar');
      expect(MAX_LINHAS_DOCUMENTO[doc]).toBeGreaterThan(0);
      expect(MSG_LINHAS_ESTOQUE.muitasLinhas[doc]).toContain(MAX_LINHAS_DOCUMENTO[doc].toLocaleString('pt-BR'));
    }
    expect(MSG_LINHAS_ESTOQUE.muitasLinhas.ajuste).toBe(
      'no máximo 1.000 linhas por ajuste: divida-o em mais de um ajuste.',
    );
  });
});
