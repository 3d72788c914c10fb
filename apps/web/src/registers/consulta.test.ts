import { emitRsql, registerByKey } from '@retaguarda/domain';
import { describe, expect, it } from 'vitest';
import { estadoDaUrl, parametrosDaLista, urlDoEstado } from '../lib/lista/estado';
import { filtroDoRegistro } from './consulta';

const marca = registerByKey('marca')!;
const fornecedor = registerByKey('fornecedor')!;
const filtro = filtroDoRegistro(marca);
const ler = (q: string, def = marca) =>
  estadoDaUrl(new URLSearchParams(q), filtroDoRegistro(def), def.list.defaultSort);
const q = (texto: string, def = marca) => emitRsql(filtroDoRegistro(def).rsql(ler(texto, def)));

describe('list state in the URL', () => {
  it('defaults: page 1, size 10, the declared sort, every situação', () => {
    const e = ler('');
    expect(e).toEqual({ busca: '', situacao: 'todos', lojas: [], pagina: 1, tamanho: 10, ordem: '-id' });
    expect(urlDoEstado(e, filtro, '-id')).toEqual({});
  });

  it('round-trips what differs and ignores hostile values', () => {
    const e = ler('busca=Maré&situacao=inativos&pagina=3&tamanho=50&ordem=descricao&lojas=[1,2]');
    expect(urlDoEstado(e, filtro, '-id')).toEqual({
      busca: 'Maré',
      situacao: 'inativos',
      pagina: '3',
      tamanho: '50',
      ordem: 'descricao',
      lojas: '[1,2]',
    });
    expect(ler('tamanho=7&pagina=-2&situacao=x&lojas={')).toMatchObject({
      tamanho: 10,
      pagina: 1,
      situacao: 'todos',
      lojas: [],
    });
  });

  it('one filter object per register, so the list hook can memoise on it', () => {
    expect(filtroDoRegistro(marca)).toBe(filtro);
  });
});

describe('RSQL of the filters', () => {
  it('numeric text: code equals or description contains; plus the situação', () => {
    expect(q('busca=12&situacao=ativos')).toBe('(id==12,descricao=="*12*");ativo==true');
  });

  it('documents are searched without their mask; quotes are escaped, never break out', () => {
    expect(q('busca=12.ABC.345', fornecedor)).toBe(
      'nome=="*12.ABC.345*",fantasia=="*12.ABC.345*",numeroDoDocumento=="*12ABC345*"',
    );
    expect(q('busca=a"b;c')).toBe('descricao=="*a\\"b;c*"');
  });

  it('page and size become start and count', () => {
    const p = parametrosDaLista(ler('pagina=3&tamanho=25'), filtro);
    expect(Object.fromEntries(p)).toEqual({ start: '50', count: '25', sort: '-id' });
  });
});
