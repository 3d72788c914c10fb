/** Where a request carries its credential: the Authorization header or the legacy session cookie. */
import type { FastifyRequest } from 'fastify';

export const LEGACY_COOKIE = 'JSESSIONID';

export function readCookie(request: FastifyRequest, name: string): string | undefined {
  const header = request.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const i = part.indexOf('=');
    if (i > 0 && part.slice(0, i).trim() === name) return decodeURIComponent(part.slice(i + 1).trim());
  }
  return undefined;
}

/** `Authorization: Bearer x` or the bare `Authorization: x` most integrations send. */
export function bearerOf(request: FastifyRequest): string | undefined {
  const raw = request.headers.authorization;
  if (!raw) return undefined;
  return raw.replace(/^Bearer\s+/i, '').trim() || undefined;
}

function hostOf(url: string): string | undefined {
  try {
    return new URL(url).host;
  } catch {
    return undefined;
  }
}

/**
 * Whether a request carries a positive sign of coming from this site: `Sec-Fetch-Site` same-origin
 * (or none: typed in the address bar), else an Origin or Referer of this host. A browser attaches the
 * legacy cookie to cross-site requests too, so a cookie alone never proves who asked.
 */
export function sameOriginSignal(request: FastifyRequest): boolean {
  const site = request.headers['sec-fetch-site'];
  if (site === 'same-origin' || site === 'none') return true;
  if (site) return false;
  const host = request.headers.host;
  const origin = request.headers.origin;
  if (origin && origin !== 'null') return hostOf(origin) === host;
  const referer = request.headers.referer;
  return !!referer && hostOf(referer) === host;
}
