/** The declared parameters and events hold to their rules; each type's value schema, table-driven. */
import { describe, expect, it } from 'vitest';
import { EVENTOS_DAS_AREAS } from '../tempo-real';
import { defineSetting, esquemaDoValor, type QualquerParametro, valorOuPadrao } from './definir';
import { AREAS_DE_PARAMETROS, PARAMETROS, parametroPorChave } from './index';

const base = {
  area: 'teste',
  escopo: 'assinante',
  permissao: { ler: [], alterar: 'administrador' },
  rotulo: 'R',
  ajuda: 'A',
} as const;

describe('catálogo de parâmetros', () => {
  it('chaves únicas, da própria área, padrão aceito pela declaração', () => {
    expect(new Set(PARAMETROS.map((p) => p.chave)).size).toBe(PARAMETROS.length);
    for (const p of PARAMETROS) {
      expect(p.chave.startsWith(`${p.area}.`)).toBe(true);
      expect(esquemaDoValor(p).safeParse(p.padrao).success, p.chave).toBe(true);
      expect(p.rotulo.length).toBeGreaterThan(3);
      expect(p.ajuda).toMatch(/\.$/);
    }
    expect(AREAS_DE_PARAMETROS).toEqual(expect.arrayContaining(['estoque', 'financeiro', 'administrativo', 'fiscal']));
  });

  it('o interruptor de inventário: da empresa, ligado por padrão, lido pela flag inventario', () => {
    expect(parametroPorChave('estoque.inventarioHabilitado')).toMatchObject({
      escopo: 'assinante',
      tipo: 'booleano',
      padrao: true,
      flag: 'inventario',
    });
    expect(parametroPorChave('estoque.permiteSaldoNegativo')).toMatchObject({ escopo: 'loja', padrao: true });
  });

  it('eventos de tempo real: nomes únicos e da própria área', () => {
    expect(new Set(EVENTOS_DAS_AREAS.map((e) => e.nome)).size).toBe(EVENTOS_DAS_AREAS.length);
    for (const e of EVENTOS_DAS_AREAS) expect(e.nome.startsWith(`${e.area}.`)).toBe(true);
  });

  it('uma declaração contraditória falha ao carregar', () => {
    expect(() =>
      defineSetting({ ...base, chave: 'teste.x', tipo: 'inteiro', padrao: 50, limites: { max: 10 } }),
    ).toThrow(/padrão fora/);
    expect(() => defineSetting({ ...base, chave: 'outra.x', tipo: 'booleano', padrao: true })).toThrow(/área/);
    expect(() => defineSetting({ ...base, chave: 'teste.x', tipo: 'inteiro', padrao: 1, flag: 'f' })).toThrow(/flag/);
    expect(() => defineSetting({ ...base, chave: 'teste.x', tipo: 'lista', padrao: 'a' })).toThrow(/opções/);
  });
});

const decl = (d: Partial<QualquerParametro> & Pick<QualquerParametro, 'tipo' | 'padrao'>) =>
  ({ ...base, chave: 'teste.x', ...d }) as QualquerParametro;

describe('valor por tipo', () => {
  const casos: [string, QualquerParametro, unknown, unknown][] = [
    ['booleano aceita', decl({ tipo: 'booleano', padrao: true }), false, false],
    ['booleano recusa texto', decl({ tipo: 'booleano', padrao: true }), 'sim', 'informe verdadeiro ou falso.'],
    ['inteiro na faixa', decl({ tipo: 'inteiro', padrao: 3, limites: { min: 0, max: 31 } }), 31, 31],
    [
      'inteiro acima',
      decl({ tipo: 'inteiro', padrao: 3, limites: { min: 0, max: 31 } }),
      32,
      'informe um número inteiro entre 0 e 31.',
    ],
    [
      'inteiro fracionário',
      decl({ tipo: 'inteiro', padrao: 3, limites: { min: 0, max: 31 } }),
      2.5,
      'informe um número inteiro entre 0 e 31.',
    ],
    [
      'horas com unidade',
      decl({ tipo: 'horas', padrao: 24, limites: { min: 1, max: 168 } }),
      0,
      'informe um número inteiro de horas entre 1 hora e 168 horas.',
    ],
    ['decimal como texto', decl({ tipo: 'decimal', padrao: '1.5', limites: { casas: 2, max: 100 } }), 12.5, '12.50'],
    [
      'decimal com casas demais',
      decl({ tipo: 'decimal', padrao: '1.5', limites: { casas: 2 } }),
      '1.234',
      'no máximo 2 casas decimais.',
    ],
    [
      'decimal acima do máximo',
      decl({ tipo: 'decimal', padrao: '1', limites: { max: 100 } }),
      '100.01',
      'informe um número até 100, com até 2 casas decimais.',
    ],
    ['texto longo', decl({ tipo: 'texto', padrao: '', limites: { tamanho: 3 } }), 'abcd', 'no máximo 3 caracteres.'],
    [
      'lista fora das opções',
      decl({
        tipo: 'lista',
        padrao: 'A',
        opcoes: [
          { valor: 'A', rotulo: 'Alfa' },
          { valor: 'B', rotulo: 'Beta' },
        ],
      }),
      'C',
      'escolha uma das opções: Alfa, Beta.',
    ],
  ];
  it.each(casos)('%s', (_nome, d, entrada, esperado) => {
    const r = esquemaDoValor(d).safeParse(entrada);
    if (r.success) expect(r.data).toEqual(esperado);
    else expect(r.error.issues[0]?.message).toBe(esperado);
  });

  it('um valor guardado que a declaração não aceita mais é lido como o padrão', () => {
    const d = decl({ tipo: 'inteiro', padrao: 3, limites: { max: 10 } });
    expect(valorOuPadrao(d, 50)).toBe(3);
    expect(valorOuPadrao(d, null)).toBe(3);
    expect(valorOuPadrao(d, 7)).toBe(7);
  });
});
