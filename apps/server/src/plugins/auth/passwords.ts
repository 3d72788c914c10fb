/** argon2id password hashing; the password policy is the domain's (administrativo/senha.ts). */
import { hash } from '@node-rs/argon2';
import { type FalhaDeCampo, falhaDeCampo, problemasDaSenha } from '@retaguarda/domain';

/** Production argon2id parameters (OWASP's minimum: 19 MiB, 2 passes); the demo seed and the login bench use them too. */
export const ARGON2_OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

// A valid argon2id hash of a random string: unknown usernames cost the same verification time.
export const DUMMY_HASH =
  '$argon2id$v=19$m=19456,t=2,p=1$q3kgynLookAYS6HV0/sEWQ$/LhlRSdYzswZqC4GKn3BCxQXDQtO6bAV2nud5De0/eM';

/** The policy's errors of the `senha` field (the domain's rule, the web forms' too); empty when it passes. */
export function passwordProblems(senha: string, username: string): FalhaDeCampo[] {
  return problemasDaSenha(senha, username).map((m) => falhaDeCampo('senha', m, 'Senha'));
}

export function hashPassword(senha: string): Promise<string> {
  return hash(senha, ARGON2_OPTIONS);
}
