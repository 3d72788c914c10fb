/**
 * The sign-in captcha (spec §7 POST /api/auth/recaptcha {recaptchaToken}): after repeated failures the
 * server answers the sign-in with a field error on `recaptchaToken`; the screen then shows Google's
 * reCAPTCHA widget (site key from GET /api/v1/config-publica), sends its token to /api/auth/recaptcha
 * and tries the sign-in again. The script is loaded only then.
 */
import { api } from '../../lib/api';
import { HttpError } from '../../lib/erros';

interface Grecaptcha {
  render: (el: HTMLElement, opts: { sitekey: string; callback: (token: string) => void; hl?: string }) => number;
  reset: (id?: number) => void;
}
declare global {
  interface Window {
    grecaptcha?: Grecaptcha;
    __retaguardaRecaptcha?: () => void;
  }
}

/** True when an answer asks for the captcha (a field error on `recaptchaToken`). */
export function pedeCaptcha(e: unknown): boolean {
  if (!(e instanceof HttpError) || e.status !== 400) return false;
  const erros = (e.data as { erros?: unknown } | null)?.erros;
  return Array.isArray(erros) && erros.some((x) => (x as { campo?: unknown })?.campo === 'recaptchaToken');
}

/** The public site key, or null when this server has no captcha configured. */
export async function chaveDoSite(): Promise<string | null> {
  const cfg = await api<{ recaptcha?: { siteKey?: string } | null }>('/api/v1/config-publica', { token: null });
  return cfg?.recaptcha?.siteKey || null;
}

let carregando: Promise<Grecaptcha> | null = null;

/** Google's script, once (explicit rendering: the widget goes where the screen puts it). */
export function carregarRecaptcha(): Promise<Grecaptcha> {
  carregando ??= new Promise<Grecaptcha>((resolve, reject) => {
    window.__retaguardaRecaptcha = () =>
      window.grecaptcha ? resolve(window.grecaptcha) : reject(new Error('reCAPTCHA'));
    const s = document.createElement('script');
    s.src = 'https://www.google.com/recaptcha/api.js?onload=__retaguardaRecaptcha&render=explicit&hl=pt-BR';
    s.async = true;
    s.onerror = () => {
      carregando = null;
      reject(new Error('Não foi possível carregar a verificação reCAPTCHA.'));
    };
    document.head.appendChild(s);
  });
  return carregando;
}

/** POST /api/auth/recaptcha: the server checks the token and lets the next sign-in from here through. */
export const verificarCaptcha = (recaptchaToken: string) =>
  api('/api/auth/recaptcha', { method: 'POST', body: { recaptchaToken }, token: null });
