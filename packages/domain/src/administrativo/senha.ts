/**
 * The password policy, one rule for the server (every place a password is set: a new user, a user's
 * own change, an administrator's reset, the change forced at sign-in) and the web forms, with the same
 * messages. Messages are the `senha` field's (`Senha: Deve ter…` as a reason, under the field in a form).
 */
import { SENHAS_COMUNS } from './senhas-comuns';

export const SENHA_MINIMO = 8;
export const SENHA_MAXIMO = 256;

export const MSG_SENHA = {
  curta: `Deve ter pelo menos ${SENHA_MINIMO} caracteres.`,
  longa: `Deve ter no máximo ${SENHA_MAXIMO} caracteres.`,
  soEspacos: 'Não pode ser formada só por espaços.',
  repetida: 'Não pode ser um mesmo caractere repetido.',
  comum: 'É comum demais; escolha outra.',
  contemUsuario: 'Não pode ser nem conter o nome de usuário.',
} as const;

/** What is wrong with the password (empty: acceptable); `username` of the user it is for, when known. */
export function problemasDaSenha(senha: string, username?: string | null): string[] {
  const problemas: string[] = [];
  if (senha.length < SENHA_MINIMO) problemas.push(MSG_SENHA.curta);
  if (senha.length > SENHA_MAXIMO) problemas.push(MSG_SENHA.longa);
  if (senha.length > 0 && senha.trim() === '') problemas.push(MSG_SENHA.soEspacos);
  else if (senha.length > 1 && [...senha].every((c) => c === senha[0])) problemas.push(MSG_SENHA.repetida);
  if (SENHAS_COMUNS.has(senha.toLowerCase())) problemas.push(MSG_SENHA.comum);
  const usuario = username?.trim().toLowerCase() ?? '';
  // a very short username (two letters) would refuse half the dictionary: from three characters on
  if (usuario.length >= 3 && senha.toLowerCase().includes(usuario)) problemas.push(MSG_SENHA.contemUsuario);
  return problemas;
}
