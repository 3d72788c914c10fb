import { rsql } from '@retaguarda/domain';
import { describe, expect, it } from 'vitest';
import {
  comTotalLimitado,
  direcaoDe,
  estadoDaUrl,
  type FiltroLista,
  mudarUrl,
  parametrosDaLista,
  proximaOrdem,
  urlDoEstado,
} from './estado';

interface Nome {
  nome: string;
}
const porNome: FiltroLista<Nome> = {
  chaves: ['nome'],
  daUrl: (q) => ({ nome: q.get('nome') ?? '' }),
  paraUrl: (f): Record<string, string> => (f.nome ? { nome: f.nome } : {}),
  rsql: (f) => (f.nome ? rsql.contains('nome', f.nome) : undefined),
};

describe('paged list state in the URL', () => {
  it('reads defaults and writes nothing back for them', () => {
    const e = estadoDaUrl(new URLSearchParams('aba=usuarios'), porNome, 'nome');
    expect(e).toEqual({ nome: '', pagina: 1, tamanho: 10, ordem: 'nome' });
    expect(urlDoEstado(e, porNome, 'nome')).toEqual({});
  });

  it('round-trips filter, page, size and order; hostile values fall back to the defaults', () => {
    const q = new URLSearchParams('nome=fiscal&pagina=3&tamanho=25&ordem=-id');
    expect(urlDoEstado(estadoDaUrl(q, porNome, 'nome'), porNome, 'nome')).toEqual(Object.fromEntries(q));
    expect(estadoDaUrl(new URLSearchParams('pagina=-2&tamanho=7'), porNome, 'nome')).toMatchObject({
      pagina: 1,
      tamanho: 10,
    });
  });

  it("a change keeps the others' parameters and starts again on page 1 unless it is the page", () => {
    const atual = new URLSearchParams('aba=usuarios&nome=a&pagina=4');
    expect(mudarUrl(atual, { nome: 'b' }, porNome, 'nome').toString()).toBe('aba=usuarios&nome=b');
    expect(mudarUrl(atual, { pagina: 2 }, porNome, 'nome').toString()).toBe('aba=usuarios&nome=a&pagina=2');
    expect(mudarUrl(atual, { ordem: 'nome' }, porNome, 'nome').toString()).toBe('aba=usuarios&nome=a');
  });

  it('becomes start/count/sort/q; the screen asks a limited total', () => {
    const e = estadoDaUrl(new URLSearchParams('nome=ana&pagina=2&tamanho=25'), porNome, '-id');
    const p = parametrosDaLista(e, porNome);
    expect(Object.fromEntries(p)).toEqual({ start: '25', count: '25', sort: '-id', q: 'nome=="*ana*"' });
    expect(comTotalLimitado(p).get('total')).toBe('limitado');
    expect(p.has('total')).toBe(false);
  });
});

describe('header clicks', () => {
  it('cycle ascending, descending, default', () => {
    expect(proximaOrdem('-id', 'descricao', '-id')).toBe('descricao');
    expect(proximaOrdem('descricao', 'descricao', '-id')).toBe('-descricao');
    expect(proximaOrdem('-descricao', 'descricao', '-id')).toBe('-id');
    expect(proximaOrdem('-id', 'id', '-id')).toBe('id');
    expect(proximaOrdem('nome', 'nome', 'nome')).toBe('-nome');
    expect(proximaOrdem('-nome', 'nome', 'nome')).toBe('nome');
  });

  it('read the direction of a column', () => {
    expect(direcaoDe('+nome', 'nome')).toBe('asc');
    expect(direcaoDe('-nome', 'nome')).toBe('desc');
    expect(direcaoDe('-id', 'nome')).toBeNull();
  });
});
