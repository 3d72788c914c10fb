/** The backbone's small pieces on their own: lock keys, input hash, key format, declaration checks, paths. */
import { perm } from '@retaguarda/domain';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { acessoDaRota, caminhoDoWorkflow, defineWorkflow } from '../../src/workflows';
import { chaveValida, hashDaEntrada, jsonCanonico } from '../../src/workflows/idempotencia';
import { chavesDeTrava } from '../../src/workflows/trava';

describe('advisory lock keys', () => {
  it('are tenant-qualified, unique and sorted (no deadlock between two multi-key commands)', () => {
    expect(chavesDeTrava(7, ['local:9', 'local:10', 'local:9'])).toEqual(['7:local:10', '7:local:9']);
    expect(chavesDeTrava(7, 'conta:1')).toEqual(['7:conta:1']);
    expect(chavesDeTrava(8, 'conta:1')).not.toEqual(chavesDeTrava(7, 'conta:1'));
  });
});

describe('idempotency', () => {
  it('hashes the same input in any key order the same, another input differently', () => {
    expect(jsonCanonico({ b: 1, a: { d: [2, 1], c: null } })).toBe('{"a":{"c":null,"d":[2,1]},"b":1}');
    expect(hashDaEntrada({ a: 1, b: 2 })).toBe(hashDaEntrada({ b: 2, a: 1 }));
    expect(hashDaEntrada({ a: 1 })).not.toBe(hashDaEntrada({ a: 2 }));
  });
  it.each([
    ['a1b2-c3', true],
    ['550e8400-e29b-41d4-a716-446655440000', true],
    ['', false],
    [' x', false],
    ['x'.repeat(256), false],
    ['ç', false],
  ])('key %j valid: %s', (k, ok) => expect(chaveValida(k)).toBe(ok));
});

describe('defineWorkflow', () => {
  const base = {
    nome: 'estoque.teste',
    area: 'estoque',
    recurso: 'lojas',
    resumo: 'x',
    entidade: 'testes',
    entrada: z.object({ lojaId: z.number() }),
    saida: z.object({}),
    acesso: { permissao: perm('INVENTARIO', 'INCLUIR') },
    estadoInicial: () => ({}),
    passos: [() => {}],
    resposta: () => ({}),
  };
  it('checks the declaration', () => {
    expect(() => defineWorkflow({ ...base, nome: 'Sem ponto' })).toThrow(/nome de comando inválido/);
    expect(() => defineWorkflow({ ...base, acao: 'fechar' })).toThrow(/idDoCaminho/);
    expect(() => defineWorkflow({ ...base, passos: [] })).toThrow(/ao menos um passo/);
  });
  it('derives the route and its access from the declaration', () => {
    const membro = defineWorkflow({ ...base, acao: 'fechamento', idDoCaminho: 'lojaId' });
    expect(caminhoDoWorkflow(membro)).toBe('/v1/estoque/lojas/:id/fechamento');
    expect(caminhoDoWorkflow(defineWorkflow({ ...base, recurso: 'ajustes' }))).toBe('/v1/estoque/ajustes');
    expect(acessoDaRota(membro)).toEqual({ anyOf: ['PERM_INVENTARIO_INCLUIR'], entidade: 'testes' });
    expect(acessoDaRota({ acesso: { administrador: true }, entidade: 'x' })).toEqual({
      adminOnly: true,
      entidade: 'x',
    });
  });
});
