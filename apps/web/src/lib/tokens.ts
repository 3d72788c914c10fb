/**
 * Where the session's tokens live (issue: with sessionStorage every new tab asked for a new login).
 * - The refresh token is an HttpOnly, SameSite=Strict cookie on /api/auth, set by the server's sign-in
 *   and refresh answers: no script reads it (ours, an extension's or another origin's), no other site
 *   sends it, and every tab of this browser shares it.
 * - The access and session tokens live in this tab's memory only: a new tab, a reload or a pasted deep
 *   link gets its own by calling refresh with the cookie (servicos/sessao/store.ts `restaurar`).
 * - Logout clears the cookie on the server and tells the other tabs (storage event), which drop theirs.
 * So nothing of the session is in localStorage or sessionStorage (architecture habit 10); the shared
 * last-activity time (spec §9) stays in localStorage, it is not a credential.
 */
export interface Tokens {
  accessToken: string;
  refreshToken?: string;
  sessionToken?: string;
}

let atuais: Tokens | null = null;

// earlier builds kept the tokens in sessionStorage: drop what a tab may still hold
try {
  sessionStorage.removeItem('rtg.sessao');
  sessionStorage.removeItem('rtg.usuario');
} catch {
  // storage disabled: nothing to clean
}

export function lerTokens(): Tokens | null {
  return atuais;
}

/** Keeps the access and session tokens; the refresh token of the answer is left to the cookie. */
export function gravarTokens(t: Tokens | null): void {
  atuais = t ? { accessToken: t.accessToken, sessionToken: t.sessionToken } : null;
}

/** The JWT payload (no signature check: the server does that). */
export function payloadJwt(token: string): Record<string, unknown> {
  try {
    const parte = token.split('.')[1] ?? '';
    const b64 = parte.replace(/-/g, '+').replace(/_/g, '/');
    const json = decodeURIComponent(
      Array.from(atob(b64), (c) => `%${c.charCodeAt(0).toString(16).padStart(2, '0')}`).join(''),
    );
    return JSON.parse(json) as Record<string, unknown>;
  } catch {
    return {};
  }
}
