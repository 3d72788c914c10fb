/**
 * Web Push (spec §7 "Push", RFC 8030/8291/8292): the browser's PushSubscription is stored per
 * session; a new notification is pushed to the user's subscriptions, encrypted (aes128gcm) and
 * signed with the VAPID key. Keys come from VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY, or are generated
 * once and kept in the database (app_segredo), so every instance signs with the same key.
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

export const MSG_PUSH = {
  // spec §8: the text shown when push messaging cannot initialise
  naoInicializou: 'Não foi possível inicializar o FirebaseCloud Messaging...',
  tokenInvalido: 'token: informe a inscrição de push do navegador (PushSubscription em JSON ou base64url).',
  somenteSessoes: 'Somente sessões de usuário registram mensagens push.',
  registrada: 'Inscrição de push registrada.',
} as const;

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
