/** argon2id password hashing and the password policy (length ≥ 8, not the username, not a common one). */
import { hash } from '@node-rs/argon2';
import { ARGON2_OPTIONS } from '../../db/seed';
import { MSG_AUTH } from './mensagens';

// A valid argon2id hash of a random string: unknown usernames cost the same verification time.
export const DUMMY_HASH =
  '$argon2id$v=19$m=19456,t=2,p=1$q3kgynLookAYS6HV0/sEWQ$/LhlRSdYzswZqC4GKn3BCxQXDQtO6bAV2nud5De0/eM';

const COMMON = new Set([
  '12345678',
  '123456789',
  '1234567890',
  '87654321',
  '11111111',
  '00000000',
  'password',
  'password1',
  'senha123',
  'senha1234',
  'mudar123',
  'qwertyui',
  'abcdefgh',
  'abc12345',
  'admin123',
  'brasil123',
]);

/** Reasons the password is refused (empty: acceptable). */
export function passwordProblems(senha: string, username: string): string[] {
  const problems: string[] = [];
  if (senha.length < 8) problems.push(MSG_AUTH.senhaCurta);
  if (senha.trim().toLowerCase() === username.trim().toLowerCase()) problems.push(MSG_AUTH.senhaIgualUsuario);
  if (COMMON.has(senha.toLowerCase())) problems.push(MSG_AUTH.senhaComum);
  return problems;
}

export function hashPassword(senha: string): Promise<string> {
  return hash(senha, ARGON2_OPTIONS);
}
