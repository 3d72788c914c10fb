/** The GraphQL cost after fragment expansion (graphql.custo.ts), on a small schema: no database. */
import { buildSchema, parse } from 'graphql';
import { describe, expect, it } from 'vitest';
import { ConsultaRecusada, excesso, medirCusto } from '../../src/modules/plataforma/graphql.custo';

const schema = buildSchema(`
  type Marca { id: Int descricao: String }
  type MarcaPagina { total: Int! items: [Marca!]! }
  type Eu { username: String }
  type Query { eumesmo: Eu marca(count: Int, q: String): MarcaPagina! }
`);
const custo = (q: string, variaveis?: Record<string, unknown>, operationName?: string) =>
  medirCusto(schema, parse(q), { variaveis, operationName, livres: ['eumesmo'] });

describe('custo de uma consulta GraphQL', () => {
  it('conta apelidos e campos dentro de fragmentos em linha e nomeados', () => {
    expect(custo('{ a: marca { total } b: marca { total } }').consultas).toBe(2);
    expect(custo('{ ...on Query { a: marca { total } b: marca { total } } }').consultas).toBe(2);
    expect(
      custo('{ ...F } fragment F on Query { a: marca { total } ...G } fragment G on Query { b: marca { total } }')
        .consultas,
    ).toBe(2);
    expect(custo('{ eumesmo { username } }').consultas).toBe(0);
  });

  it('um campo repetido com a mesma chave é uma execução só', () => {
    expect(custo('{ marca { total } ...on Query { marca { total } } }').consultas).toBe(1);
  });

  it('linhas × campos: count literal, variável, padrão e teto de 100', () => {
    const q = 'query($n: Int = 50) { marca(count: $n) { items { id descricao } } }';
    expect(custo(q, { n: 20 }).custo).toBe(1 + 20 + 1 + 20 * 2); // field, rows read, items, two fields per row
    expect(custo(q).custo).toBe(1 + 50 + 1 + 100);
    expect(custo(q, { n: 100_000 }).custo).toBe(1 + 100 + 1 + 200);
    expect(custo('{ marca { items { id } } }').custo).toBe(1 + 10 + 1 + 10);
  });

  it('ciclos de fragmentos não travam; bombas de fragmentos são recusadas pelo número de seleções', () => {
    expect(() => custo('{ ...A } fragment A on Query { ...B } fragment B on Query { ...A }')).not.toThrow();
    const niveis = Array.from({ length: 20 }, (_, i) => `fragment F${i} on Query { ...F${i + 1} ...F${i + 1} }`);
    const bomba = `{ ...F0 } ${niveis.join(' ')} fragment F20 on Query { eumesmo { username } }`;
    expect(() => custo(bomba)).toThrow(ConsultaRecusada);
  });

  it('a operação escolhida pelo nome; sem nome, a pior', () => {
    const doc = 'query Barata { eumesmo { username } } query Cara { a: marca { total } b: marca { total } }';
    expect(custo(doc, undefined, 'Barata').consultas).toBe(0);
    expect(custo(doc).consultas).toBe(2);
  });

  it('introspecção só quando permitida', () => {
    const c = custo('{ __schema { types { name } } }');
    expect(excesso(c, false)).toMatch(/introspecção/);
    expect(excesso(c, true)).toBeUndefined();
    expect(excesso(custo('{ __typename }'), false)).toBeUndefined();
  });
});
