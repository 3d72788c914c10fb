import { describe, expect, it } from 'vitest';
import { gravarColunas, lerColunas } from './colunas-escolhidas';

describe('colunas extras da lista de produtos', () => {
  it('lembra as colunas escolhidas, na ordem da tela, e ignora lixo', () => {
    const m = new Map<string, string>();
    const armazem = { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v) };
    expect(lerColunas(armazem)).toEqual([]);
    gravarColunas(['saldo', 'ean'], armazem);
    expect(lerColunas(armazem)).toEqual(['ean', 'saldo']);
    m.set('retaguarda.produto.colunasExtras', '{quebrado');
    expect(lerColunas(armazem)).toEqual([]);
  });
});
