/**
 * Single sign-on (spec §2.2 /code*, §8, §9): GET /api/auth/sso gives the provider URL and a
 * transaction; the provider returns to /app/#code=…; POST /api/auth/sso starts the session;
 * the SSO token is renewed every 15 min and a refused renewal logs out with 'Acesso revogado no MAGB.'.
 */
import { type InicioSso, SSO_RENEW_MS } from '@retaguarda/domain';
import { api } from '../../lib/api';
import { HttpError } from '../../lib/erros';
import { quandoSair } from './eventos';
import { logado, useSessao } from './store';
import type { RespostaAuth, Usuario } from './types';

const CHAVE_TRANSACAO = 'rtg.sso.transacao';
const CHAVE_DESTINO = 'rtg.sso.destino';
const CHAVE_ATIVO = 'rtg.sso';
export const MSG_SSO_REVOGADO = 'Acesso revogado no MAGB.';

/** GET /api/auth/sso (domain contract `inicioSso`). */
export type { InicioSso };

/** null when the subscriber has no SSO configured (501) or the call fails. */
export async function ssoDisponivel(): Promise<InicioSso | null> {
  try {
    const r = await api<InicioSso>('/api/auth/sso', { token: null });
    return r?.url ? r : null;
  } catch {
    return null;
  }
}

export function irParaSso(inicio: InicioSso, destino: string): void {
  sessionStorage.setItem(CHAVE_TRANSACAO, inicio.transacao);
  sessionStorage.setItem(CHAVE_DESTINO, destino);
  window.location.assign(inicio.url);
}

/** Reads `code`, `state` and `iss` from the hash the provider sent back (`#code=…&state=…`). */
export function parametrosDoRetorno(hash: string): URLSearchParams {
  return new URLSearchParams(hash.replace(/^#\/?/, ''));
}

let emAndamento: { hash: string; p: Promise<{ usuario: Usuario; destino: string }> } | null = null;

/** Exchanges the code once per callback (React's strict mode runs effects twice). */
export function concluirSso(hash: string): Promise<{ usuario: Usuario; destino: string }> {
  if (emAndamento?.hash !== hash) emAndamento = { hash, p: trocarCodigo(hash) };
  return emAndamento.p;
}

async function trocarCodigo(hash: string): Promise<{ usuario: Usuario; destino: string }> {
  const p = parametrosDoRetorno(hash);
  const transacao = sessionStorage.getItem(CHAVE_TRANSACAO);
  const destino = sessionStorage.getItem(CHAVE_DESTINO) ?? '/';
  sessionStorage.removeItem(CHAVE_TRANSACAO);
  sessionStorage.removeItem(CHAVE_DESTINO);
  const resp = await api<RespostaAuth>('/api/auth/sso', {
    method: 'POST',
    token: null,
    body: { code: p.get('code'), state: p.get('state'), iss: p.get('iss') ?? undefined, transacao },
  });
  const usuario = await useSessao.getState().iniciar(resp);
  sessionStorage.setItem(CHAVE_ATIVO, '1');
  return { usuario, destino };
}

/** The 15-minute renewal of an SSO session; returns the function that stops it. */
export function vigiarSso(aoRevogar: (mensagem: string) => void): () => void {
  const t = setInterval(async () => {
    if (!logado() || sessionStorage.getItem(CHAVE_ATIVO) !== '1') return;
    try {
      await api('/api/auth/sso/renovar', { method: 'POST' });
    } catch (e) {
      if (e instanceof HttpError && (e.status === 401 || e.status === 403)) aoRevogar(MSG_SSO_REVOGADO);
    }
  }, SSO_RENEW_MS);
  const parar = quandoSair(() => sessionStorage.removeItem(CHAVE_ATIVO));
  return () => {
    clearInterval(t);
    parar();
  };
}
