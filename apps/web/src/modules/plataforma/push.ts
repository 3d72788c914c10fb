/**
 * Browser push (spec §4 "Push notifications", §7): after login the permission is asked; when
 * granted, the browser subscribes with the server's VAPID key and the subscription is registered
 * as the session's token. Failures are logged with the spec's text (spec §8); nothing else breaks.
 * On logout the token is deleted from the server (DELETE /api/v1/sessoes-mensagens/{token}, spec §4,
 * while the access token is still valid), and the browser unsubscribes too.
 */
import { type ChavePublicaPush, MSG_PUSH } from '@retaguarda/domain';
import { api } from '../../lib/api';

export const SW_PUSH = '/api/v1/sessoes-mensagens/sw.js';
export const MSG_PUSH_FALHOU = MSG_PUSH.naoInicializou;

function chaveEmBytes(b64url: string): Uint8Array<ArrayBuffer> {
  const b64 = b64url
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(b64url.length / 4) * 4, '=');
  const bin = atob(b64);
  const out = new Uint8Array(new ArrayBuffer(bin.length));
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

/** The subscription as the path-safe token the API takes (base64url of its JSON). */
export function tokenDaInscricao(inscricao: PushSubscriptionJSON): string {
  const bytes = new TextEncoder().encode(JSON.stringify(inscricao));
  let bin = '';
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The token registered in this page's life (the browser's subscription is asked again on logout). */
let registrado: string | null = null;

export async function registrarPush(): Promise<boolean> {
  try {
    if (!('serviceWorker' in navigator) || !('PushManager' in window) || !('Notification' in window)) return false;
    const permissao =
      Notification.permission === 'default' ? await Notification.requestPermission() : Notification.permission;
    if (permissao !== 'granted') return false;
    const { publicKey } = await api<ChavePublicaPush>('/api/v1/sessoes-mensagens/chave-publica');
    const registro = await navigator.serviceWorker.register(SW_PUSH);
    const inscricao =
      (await registro.pushManager.getSubscription()) ??
      (await registro.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: chaveEmBytes(publicKey) }));
    const token = tokenDaInscricao(inscricao.toJSON());
    await api('/api/v1/sessoes-mensagens', { method: 'POST', body: { token } });
    registrado = token;
    return true;
  } catch (e) {
    console.warn(MSG_PUSH_FALHOU, (e as Error).message);
    return false;
  }
}

/** Spec §4: on logout the push token is deleted from the server (a slow answer does not hold the logout). */
export async function removerPushDoServidor(limiteMs = 3000): Promise<void> {
  const atual = async () => {
    const registro = await navigator.serviceWorker?.getRegistration(SW_PUSH);
    const inscricao = await registro?.pushManager.getSubscription();
    return inscricao ? tokenDaInscricao(inscricao.toJSON()) : registrado;
  };
  const token = await atual().catch(() => registrado);
  if (!token) return;
  registrado = null;
  const remover = api(`/api/v1/sessoes-mensagens/${encodeURIComponent(token)}`, { method: 'DELETE' });
  await Promise.race([remover.catch(() => undefined), new Promise((r) => setTimeout(r, limiteMs))]);
}

export async function cancelarPushLocal(): Promise<void> {
  try {
    const registro = await navigator.serviceWorker?.getRegistration(SW_PUSH);
    await (await registro?.pushManager.getSubscription())?.unsubscribe();
  } catch {
    // nothing to undo in this browser
  }
}
