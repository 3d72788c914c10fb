/**
 * Web Push (spec §7 "Push", RFC 8030/8291/8292): the browser's PushSubscription is stored per
 * session; a new notification is pushed to the user's subscriptions, encrypted (aes128gcm) and
 * signed with the VAPID key. Keys come from VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY, or are generated
 * once and kept in the database (app_segredo), so every instance signs with the same key.
 * An opaque messaging token (the spec's clients send `{token}` as Firebase Cloud Messaging gives it)
 * is stored as is and delivered by the configured provider (`provedorMensagens`), kept when none is.
 */
import { sql } from 'kysely';
import webpush from 'web-push';
import type { Database } from '../../db/database';

export interface Vapid {
  publicKey: string;
  privateKey: string;
  subject: string;
}

export interface Inscricao {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

const B64URL = /^[A-Za-z0-9_-]+$/;

/** Accepts the subscription as an object, its JSON, or its JSON in base64url (path-safe). */
export function lerInscricao(token: unknown): Inscricao | undefined {
  let valor = token;
  if (typeof valor === 'string') {
    const texto = valor.trim();
    try {
      valor = JSON.parse(B64URL.test(texto) ? Buffer.from(texto, 'base64url').toString('utf8') : texto);
    } catch {
      return undefined;
    }
  }
  const v = valor as Partial<Inscricao> | null;
  if (!v || typeof v.endpoint !== 'string' || !/^https?:\/\//.test(v.endpoint) || v.endpoint.length > 2000)
    return undefined;
  const { p256dh, auth } = v.keys ?? ({} as Inscricao['keys']);
  if (typeof p256dh !== 'string' || typeof auth !== 'string' || !B64URL.test(p256dh) || !B64URL.test(auth))
    return undefined;
  return { endpoint: v.endpoint, keys: { p256dh, auth } };
}

export async function chavesVapid(db: Database, env: NodeJS.ProcessEnv = process.env): Promise<Vapid> {
  const subject = env.VAPID_SUBJECT || 'mailto:suporte@retaguarda.invalid';
  if (env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY) {
    return { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY, subject };
  }
  const novas = webpush.generateVAPIDKeys();
  // first writer wins: every instance reads back the same pair
  const { rows } = await sql<{
    valor: string;
  }>`select app_segredo_obter('vapid', ${JSON.stringify(novas)}) as valor`.execute(db.kysely);
  const salvas = JSON.parse(rows[0]!.valor) as { publicKey: string; privateKey: string };
  return { ...salvas, subject };
}

export interface Envio {
  endpoint: string;
  status: number;
}

/** Encrypts and signs one push message and POSTs it to the push service. */
export async function enviarPush(
  vapid: Vapid,
  inscricao: Inscricao,
  mensagem: unknown,
  ttlSegundos = 3600,
): Promise<Envio> {
  const req = webpush.generateRequestDetails(inscricao, JSON.stringify(mensagem), {
    vapidDetails: vapid,
    TTL: ttlSegundos,
    contentEncoding: 'aes128gcm',
  });
  const res = await fetch(req.endpoint, {
    method: req.method,
    headers: req.headers as Record<string, string>,
    body: req.body ?? undefined,
    signal: AbortSignal.timeout(10_000),
  });
  await res.arrayBuffer().catch(() => undefined);
  return { endpoint: req.endpoint, status: res.status };
}

/** An opaque messaging token (FCM registration tokens: `<instance>:APA91b…`, about 160 characters). */
const TOKEN_OPACO = /^[A-Za-z0-9_:.-]{32,4096}$/;

export function lerTokenOpaco(token: unknown): string | undefined {
  return typeof token === 'string' && TOKEN_OPACO.test(token.trim()) ? token.trim() : undefined;
}

/**
 * The messaging provider of opaque tokens, when configured: FCM HTTP v1 (`FCM_PROJECT_ID` and a
 * short-lived `FCM_ACCESS_TOKEN` the platform renews; `FCM_URL` overrides the endpoint). None → undefined.
 */
export interface ProvedorMensagens {
  url: string;
  accessToken: string;
}

export function provedorMensagens(env: NodeJS.ProcessEnv = process.env): ProvedorMensagens | undefined {
  const { FCM_PROJECT_ID: projeto, FCM_ACCESS_TOKEN: accessToken, FCM_URL: url } = env;
  if (!accessToken || (!projeto && !url)) return undefined;
  return { url: url || `https://fcm.googleapis.com/v1/projects/${projeto}/messages:send`, accessToken };
}

/** Sends one message to an opaque token (FCM v1 body: data values are strings). */
export async function enviarPorToken(
  provedor: ProvedorMensagens,
  token: string,
  mensagem: { type: string; data: Record<string, unknown> },
): Promise<Envio> {
  const data = Object.fromEntries(
    Object.entries({ type: mensagem.type, ...mensagem.data }).map(([k, v]) => [
      k,
      typeof v === 'string' ? v : JSON.stringify(v),
    ]),
  );
  const res = await fetch(provedor.url, {
    method: 'POST',
    headers: { authorization: `Bearer ${provedor.accessToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ message: { token, data } }),
    signal: AbortSignal.timeout(10_000),
  });
  await res.arrayBuffer().catch(() => undefined);
  return { endpoint: provedor.url, status: res.status };
}
