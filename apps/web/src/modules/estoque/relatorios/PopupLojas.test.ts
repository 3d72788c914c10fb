import { describe, expect, it } from 'vitest';
import { lojasDaPesquisa } from './PopupLojas';

const lojas = [
  { id: 1, sigla: 'BV01', fantasia: 'Shopping Curitiba', ativo: true, principal: true },
  { id: 2, sigla: 'BV02', fantasia: 'Londrina', ativo: true, principal: false },
  { id: 12, sigla: 'BV12', fantasia: 'São José', ativo: true, principal: false },
];

describe('the store popup search (api-compat C12: the robot types a store code)', () => {
  it('finds a code exactly (2 is not 12), a sigla or a name without accents; empty lists all', () => {
    expect(lojasDaPesquisa(lojas, '2').map((l) => l.id)).toEqual([2]);
    expect(lojasDaPesquisa(lojas, ' bv12 ').map((l) => l.id)).toEqual([12]);
    expect(lojasDaPesquisa(lojas, 'sao jose').map((l) => l.id)).toEqual([12]);
    expect(lojasDaPesquisa(lojas, '').map((l) => l.id)).toEqual([1, 2, 12]);
    expect(lojasDaPesquisa(lojas, '99')).toEqual([]);
  });
});
