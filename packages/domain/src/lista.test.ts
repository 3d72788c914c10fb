import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  listaPaginada,
  listaParametros,
  MSG_LISTA,
  parametrosAceitos,
  parametrosListaSchema,
  tamanhoDaPagina,
} from './lista';

const ler = (q: Record<string, unknown>) => parametrosListaSchema.safeParse(q);

describe('list parameters', () => {
  it('reads the query string and the numbers code sends alike', () => {
    expect(ler({ start: ' 20 ', count: '5', sort: '-id', q: 'id==1', total: 'limitado', _: '17' }).data).toEqual({
      start: 20,
      count: 5,
      sort: '-id',
      q: 'id==1',
      total: 'limitado',
      _: '17',
    });
    expect(ler({ start: 20, count: 0 }).data).toEqual({ start: 20, count: 0 });
    expect(ler({ start: '', count: '', total: '' }).data).toEqual({
      start: undefined,
      count: undefined,
      total: undefined,
    });
    expect(ler({ sort: ['nome', '-id'] }).data?.sort).toBe('nome,-id');
  });

  it.each([
    [{ start: '-1' }, MSG_LISTA.inteiroInvalido('start')],
    [{ start: '1e3' }, MSG_LISTA.inteiroInvalido('start')],
    [{ count: 'dez' }, MSG_LISTA.inteiroInvalido('count')],
    [{ count: 2.5 }, MSG_LISTA.inteiroInvalido('count')],
    [{ count: '1234567890' }, MSG_LISTA.inteiroInvalido('count')],
    [{ total: 'aproximado' }, MSG_LISTA.totalInvalido],
    [{ q: ['a==1', 'b==2'] }, MSG_LISTA.filtroRepetido],
  ])('%j is refused with the contract message', (q, mensagem) => {
    expect(ler(q).error?.issues.map((i) => i.message)).toEqual([mensagem]);
  });

  it('refuses unknown parameters and names what a list accepts', () => {
    const r = ler({ cuont: '5' });
    expect(r.error?.issues[0]).toMatchObject({ code: 'unrecognized_keys', keys: ['cuont'] });
    expect(parametrosAceitos(parametrosListaSchema)).toEqual(['start', 'count', 'sort', 'q', 'total']);
    const propria = listaParametros({ naoLidas: z.enum(['true', 'false']).optional() });
    expect(parametrosAceitos(propria)).toEqual(['start', 'count', 'sort', 'q', 'naoLidas']);
    expect(propria.safeParse({ naoLidas: 'true', count: '3' }).data).toEqual({ naoLidas: 'true', count: 3 });
  });

  it('page size: 0 or absent is the default page, never more than 1000', () => {
    expect(tamanhoDaPagina(undefined, 10)).toBe(10);
    expect(tamanhoDaPagina(0, 20)).toBe(20);
    expect(tamanhoDaPagina(300, 10)).toBe(300);
    expect(tamanhoDaPagina(5000, 10)).toBe(1000);
  });

  it('the answer schema checks the envelope and its items', () => {
    const schema = listaPaginada(z.object({ id: z.int() }));
    expect(schema.safeParse({ start: 0, count: 1, total: 7, items: [{ id: 1 }] }).success).toBe(true);
    expect(schema.safeParse({ start: 0, count: 1, total: 7, items: [{ id: 'x' }] }).success).toBe(false);
    expect(schema.safeParse({ items: [] }).success).toBe(false);
  });
});
