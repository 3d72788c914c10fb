import { registerByKey } from '@retaguarda/domain';
import { describe, expect, it } from 'vitest';
import { estadoDaUrl, parametrosApi, proximaOrdem, rsqlDoEstado, urlDoEstado } from './consulta';

const marca = registerByKey('marca')!;
const fornecedor = registerByKey('fornecedor')!;

describe('list state in the URL', () => {
  it('defaults: page 1, size 10, the declared sort, every situação', () => {
    const e = estadoDaUrl(new URLSearchParams(''), marca);
    expect(e).toEqual({ busca: '', situacao: 'todos', lojas: [], pagina: 1, tamanho: 10, ordem: '-id' });
    expect(urlDoEstado(e, marca)).toEqual({});
  });

  it('round-trips what differs and ignores hostile values', () => {
    const e = estadoDaUrl(
      new URLSearchParams('busca=Maré&situacao=inativos&pagina=3&tamanho=50&ordem=descricao&lojas=[1,2]'),
      marca,
    );
    expect(urlDoEstado(e, marca)).toEqual({
      busca: 'Maré',
      situacao: 'inativos',
      pagina: '3',
      tamanho: '50',
      ordem: 'descricao',
      lojas: '[1,2]',
    });
    const ruim = estadoDaUrl(new URLSearchParams('tamanho=7&pagina=-2&situacao=x&lojas={'), marca);
    expect(ruim).toMatchObject({ tamanho: 10, pagina: 1, situacao: 'todos', lojas: [] });
  });
});

describe('RSQL of the filters', () => {
  it('numeric text: code equals or description contains; plus the situação', () => {
    const e = estadoDaUrl(new URLSearchParams('busca=12&situacao=ativos'), marca);
    expect(rsqlDoEstado(marca, e)).toBe('(id==12,descricao=="*12*");ativo==true');
  });

  it('documents are searched without their mask; quotes cannot break out', () => {
    const e = estadoDaUrl(new URLSearchParams('busca=12.ABC.345'), fornecedor);
    expect(rsqlDoEstado(fornecedor, e)).toBe(
      '(nome=="*12.ABC.345*",fantasia=="*12.ABC.345*",numeroDoDocumento=="*12ABC345*")',
    );
    const h = estadoDaUrl(new URLSearchParams('busca=a"b;c'), marca);
    expect(rsqlDoEstado(marca, h)).toBe('descricao=="*a b;c*"');
  });

  it('page and size become start and count', () => {
    const p = parametrosApi(marca, estadoDaUrl(new URLSearchParams('pagina=3&tamanho=25'), marca));
    expect(Object.fromEntries(p)).toEqual({ start: '50', count: '25', sort: '-id' });
  });

  it('header clicks cycle ascending, descending, default', () => {
    expect(proximaOrdem('-id', 'descricao', '-id')).toBe('descricao');
    expect(proximaOrdem('descricao', 'descricao', '-id')).toBe('-descricao');
    expect(proximaOrdem('-descricao', 'descricao', '-id')).toBe('-id');
    expect(proximaOrdem('-id', 'id', '-id')).toBe('id');
  });
});
