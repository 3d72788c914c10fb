/** Session tokens live in sessionStorage (per tab), never in localStorage (architecture habit 10). */
export interface Tokens {
  accessToken: string;
  refreshToken?: string;
  sessionToken?: string;
}

const CHAVE = 'rtg.sessao';

export function lerTokens(): Tokens | null {
  try {
    const v = sessionStorage.getItem(CHAVE);
    return v ? (JSON.parse(v) as Tokens) : null;
  } catch {
    return null;
  }
}

export function gravarTokens(t: Tokens | null): void {
  if (t) sessionStorage.setItem(CHAVE, JSON.stringify(t));
  else sessionStorage.removeItem(CHAVE);
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
