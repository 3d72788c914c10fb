/**
 * Signing and token formats. Access tokens are short-lived HS256 JWTs; session and refresh
 * tokens are opaque and derived from the session id with an HMAC, so the server can hand the
 * same ones back on refresh while storing only their hashes.
 */
import crypto from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';
import { sql } from 'kysely';
import type { Database } from '../../db/database';

export const TOKEN_PREFIX = {
  refresh: 'rtgr_',
  sessao: 'rtgs_',
  chave: 'rtgk_',
  dispositivo: 'rtgd_',
  qr: 'rtgq_',
} as const;
const ISSUER = 'retaguarda';

export interface AccessClaims {
  sub: string;
  sid: string;
  ass: number;
  username: string;
  forcePasswordReset: boolean;
}

export interface Signer {
  accessToken(claims: AccessClaims, ttlSeconds: number): Promise<string>;
  /** Verifies signature and issuer; `toleranceSeconds` accepts that much time past `exp`. */
  verify(token: string, toleranceSeconds?: number): Promise<AccessClaims | undefined>;
  refreshToken(sessaoId: string): string;
  sessionToken(sessaoId: string): string;
  /** Short-lived signed payloads that are not credentials (the SSO transaction). */
  sign(payload: Record<string, unknown>, ttlSeconds: number): Promise<string>;
  open(token: string): Promise<Record<string, unknown> | undefined>;
  /** AES-256-GCM for secrets kept at rest (the provider's SSO refresh token). */
  seal(plain: string): string;
  unseal(sealed: string): string | undefined;
}

const TRANSACAO = 'retaguarda:transacao';

export function sha256(value: string): string {
  return crypto.createHash('sha256').update(value).digest('hex');
}

export function randomToken(prefix: string, bytes = 32): string {
  return `${prefix}${crypto.randomBytes(bytes).toString('base64url')}`;
}

export function looksLikeJwt(token: string): boolean {
  return /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/.test(token);
}

/** JWT_SECRET when set (≥ 32 characters), otherwise one generated secret shared through the database. */
export async function loadSecret(db: Database, fromEnv = process.env.JWT_SECRET): Promise<Uint8Array> {
  if (fromEnv) {
    if (fromEnv.length < 32) throw new Error('JWT_SECRET deve ter pelo menos 32 caracteres.');
    return new TextEncoder().encode(fromEnv);
  }
  const candidate = crypto.randomBytes(48).toString('base64url');
  const { rows } = await sql<{ valor: string }>`select app_segredo_obter('jwt', ${candidate}) as valor`.execute(
    db.kysely,
  );
  return new TextEncoder().encode(rows[0]!.valor);
}

export function createSigner(secret: Uint8Array): Signer {
  const sealKey = crypto.createHmac('sha256', secret).update('selo:v1').digest();
  const derive = (purpose: string, sessaoId: string) =>
    crypto.createHmac('sha256', secret).update(`${purpose}:${sessaoId}`).digest('base64url');
  return {
    accessToken(claims, ttlSeconds) {
      return new SignJWT({
        sid: claims.sid,
        ass: claims.ass,
        username: claims.username,
        forcePasswordReset: claims.forcePasswordReset,
      })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(claims.sub)
        .setIssuer(ISSUER)
        .setIssuedAt()
        .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds)
        .sign(secret);
    },
    async verify(token, toleranceSeconds = 0) {
      try {
        const { payload } = await jwtVerify(token, secret, {
          issuer: ISSUER,
          algorithms: ['HS256'],
          clockTolerance: toleranceSeconds,
        });
        if (typeof payload.sid !== 'string' || typeof payload.ass !== 'number' || typeof payload.sub !== 'string')
          return undefined;
        return {
          sub: payload.sub,
          sid: payload.sid,
          ass: payload.ass,
          username: String(payload.username ?? ''),
          forcePasswordReset: payload.forcePasswordReset === true,
        };
      } catch (err) {
        if (err instanceof errors.JOSEError) return undefined;
        throw err;
      }
    },
    sign(payload, ttlSeconds) {
      return new SignJWT(payload)
        .setProtectedHeader({ alg: 'HS256' })
        .setIssuer(ISSUER)
        .setAudience(TRANSACAO)
        .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds)
        .sign(secret);
    },
    async open(token) {
      try {
        const { payload } = await jwtVerify(token, secret, {
          issuer: ISSUER,
          audience: TRANSACAO,
          algorithms: ['HS256'],
        });
        return payload as Record<string, unknown>;
      } catch (err) {
        if (err instanceof errors.JOSEError) return undefined;
        throw err;
      }
    },
    seal(plain) {
      const iv = crypto.randomBytes(12);
      const cipher = crypto.createCipheriv('aes-256-gcm', sealKey, iv);
      const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return `v1.${Buffer.concat([iv, cipher.getAuthTag(), data]).toString('base64url')}`;
    },
    unseal(sealed) {
      if (!sealed.startsWith('v1.')) return undefined;
      try {
        const raw = Buffer.from(sealed.slice(3), 'base64url');
        const decipher = crypto.createDecipheriv('aes-256-gcm', sealKey, raw.subarray(0, 12));
        decipher.setAuthTag(raw.subarray(12, 28));
        return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
      } catch {
        return undefined;
      }
    },
    refreshToken: (id) => `${TOKEN_PREFIX.refresh}${derive('refresh', id)}`,
    sessionToken: (id) => `${TOKEN_PREFIX.sessao}${derive('sessao', id)}`,
  };
}
