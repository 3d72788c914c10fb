/** Drafts (#27.4): never a password or secret, at any depth; keyed by route and record. */
import { afterEach, describe, expect, it } from 'vitest';
import { apagarRascunho, chaveRascunho, gravarRascunho, lerRascunho } from './rascunho';

describe('rascunho', () => {
  afterEach(() => sessionStorage.clear());
  it('guarda os valores sem senhas nem segredos, por rota e registro', () => {
    const chave = chaveRascunho('/usuarios', 7);
    expect(chave).not.toBe(chaveRascunho('/usuarios', 8));
    expect(chaveRascunho('/marcasProduto')).toContain('novo');
    gravarRascunho(chave, {
      nome: 'Ana',
      senha: 'Demo@1234',
      confirmarSenha: 'x',
      chaves: [{ secret: 's', rotulo: 'r' }],
    });
    expect(lerRascunho(chave)).toEqual({ nome: 'Ana', chaves: [{ rotulo: 'r' }] });
    expect(JSON.stringify({ ...sessionStorage })).not.toContain('Demo@1234');
    apagarRascunho(chave);
    expect(lerRascunho(chave)).toBeNull();
  });
});
