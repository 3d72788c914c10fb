/**
 * The identity services of one app (one database): signer, throttle, settings. Built once per
 * Database and shared by the /api scope and the root routes (legacy sign-in, /auth/logout).
 */
import type { Database } from '../../db/database';
import { type IdentitySettings, loadIdentitySettings } from './settings';
import { createSso, loadSsoSettings, type Sso } from './sso';
import { pgThrottle, redisThrottle, type Throttle, withFallback } from './throttle';
import { createSigner, loadSecret, type Signer } from './tokens';

export interface Identity {
  db: Database;
  signer: Signer;
  throttle: Throttle;
  settings: IdentitySettings;
  /** Present when OIDC_ISSUER and OIDC_CLIENT_ID are configured. */
  sso: Sso | undefined;
}

const cache = new WeakMap<Database, Promise<Identity>>();

export function identityFor(db: Database, settings: IdentitySettings = loadIdentitySettings()): Promise<Identity> {
  let hit = cache.get(db);
  if (!hit) {
    hit = (async () => {
      const signer = createSigner(await loadSecret(db));
      const local = pgThrottle(db.reserve, settings.loginWindowSeconds); // sign-in runs on the reserved connections
      const throttle = settings.redisUrl
        ? withFallback(redisThrottle(settings.redisUrl, settings.loginWindowSeconds), local)
        : local;
      const ssoSettings = loadSsoSettings();
      return { db, signer, throttle, settings, sso: ssoSettings ? createSso(ssoSettings, signer) : undefined };
    })();
    hit.catch(() => cache.delete(db));
    cache.set(db, hit);
  }
  return hit;
}

export async function closeIdentity(db: Database): Promise<void> {
  const hit = cache.get(db);
  cache.delete(db);
  if (hit) await (await hit).throttle.close();
}
