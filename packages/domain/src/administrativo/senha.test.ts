import { describe, expect, it } from 'vitest';
import { MSG_SENHA, problemasDaSenha } from './senha';

describe('password policy', () => {
  it.each([
    ['aaaaaaaa', 'ana.admin', [MSG_SENHA.repetida, MSG_SENHA.comum]],
    ['        ', 'ana.admin', [MSG_SENHA.soEspacos]],
    ['11111111', 'ana.admin', [MSG_SENHA.repetida, MSG_SENHA.comum]],
    ['ZZZZZZZZZZ', 'ana.admin', [MSG_SENHA.repetida]],
    ['curta1!', 'ana.admin', [MSG_SENHA.curta]],
    ['', 'ana.admin', [MSG_SENHA.curta]],
    ['mudar123', 'ana.admin', [MSG_SENHA.comum]],
    ['Senha123', 'ana.admin', [MSG_SENHA.comum]],
    ['PASSWORD', 'ana.admin', [MSG_SENHA.comum]],
    ['qwertyuiop', 'ana.admin', [MSG_SENHA.comum]],
    ['ana.admin', 'ana.admin', [MSG_SENHA.contemUsuario]],
    ['X-Ana.Admin-2026', 'ana.admin', [MSG_SENHA.contemUsuario]],
    ['a'.repeat(257), 'ana.admin', [MSG_SENHA.longa, MSG_SENHA.repetida]],
  ])('refuses %j for %s', (senha, username, esperado) => {
    expect(problemasDaSenha(senha, username)).toEqual(esperado);
  });

  it.each([
    ['Demo@1234', 'ana.admin'],
    ['Demo@1234', 'fabio.gerente'],
    ['Joana#2026x', 'joana.teste'],
    ['uma frase longa de senha', 'ana.admin'],
    ['xy-Leque-77', 'xy'],
  ])('accepts %j for %s', (senha, username) => {
    expect(problemasDaSenha(senha, username)).toEqual([]);
  });
});
