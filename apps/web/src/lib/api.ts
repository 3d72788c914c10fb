/**
 * The HTTP client (spec §7, §8): same origin, Bearer token, 401 → logout except on the
 * auth calls, errors rethrown as 'status url' (HttpError) with the body for the toast mapping.
 */
import { HttpError } from './erros';
import { lerTokens, payloadJwt } from './tokens';

const SEM_LOGOUT_EM_401 = ['/api/auth', '/api/auth/admin', '/api/auth/refresh', '/api/auth/logout'];

interface Hooks {
  aoNaoAutorizado: () => void;
  renovar: () => Promise<boolean>;
}
let hooks: Hooks = { aoNaoAutorizado: () => {}, renovar: async () => false };
export function configurarApi(h: Hooks): void {
  hooks = h;
}

export interface Opcoes {
  method?: string;
  body?: unknown;
  form?: Record<string, string>;
  headers?: Record<string, string>;
  token?: string | null;
  signal?: AbortSignal;
  /** reads the answer's headers (a create's `Location`, spec §7) */
  aoResponder?: (headers: Headers) => void;
}

function expiraEmBreve(token: string): boolean {
  const exp = payloadJwt(token).exp;
  return typeof exp === 'number' && exp * 1000 - Date.now() < 30_000;
}

async function corpoDe(res: Response): Promise<unknown> {
  const texto = await res.text();
  if (!texto) return null;
  if ((res.headers.get('content-type') ?? '').includes('json')) {
    try {
      return JSON.parse(texto);
    } catch {
      return texto;
    }
  }
  return texto;
}

export async function api<T = unknown>(url: string, opcoes: Opcoes = {}): Promise<T> {
  const caminho = url.split('?')[0] ?? url;
  const ehAuth = SEM_LOGOUT_EM_401.includes(caminho);
  let token = opcoes.token === undefined ? (lerTokens()?.accessToken ?? null) : opcoes.token;
  if (token && !ehAuth && expiraEmBreve(token) && (await hooks.renovar())) token = lerTokens()?.accessToken ?? null;
  const headers: Record<string, string> = { Accept: 'application/json', ...opcoes.headers };
  if (token) headers.Authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (opcoes.form) {
    body = new URLSearchParams(opcoes.form);
    headers['Content-Type'] = 'application/x-www-form-urlencoded';
  } else if (opcoes.body !== undefined) {
    body = JSON.stringify(opcoes.body);
    headers['Content-Type'] = 'application/json';
  }
  let res: Response;
  try {
    res = await fetch(url, {
      method: opcoes.method ?? 'GET',
      headers,
      body,
      credentials: 'same-origin',
      signal: opcoes.signal,
    });
  } catch (e) {
    if ((e as Error).name === 'AbortError') throw e;
    throw new HttpError(0, url);
  }
  const data = await corpoDe(res);
  opcoes.aoResponder?.(res.headers);
  if (res.status === 401 && !ehAuth) hooks.aoNaoAutorizado();
  if (!res.ok) throw new HttpError(res.status, url, data);
  return data as T;
}
