/**
 * Single sign-on: authorization code flow with PKCE against OIDC_ISSUER. The provider sends the
 * browser back to `/app/#code=…&state=…` (response_mode=fragment, so the SPA's `/code*` route
 * catches it); the SPA hands code, state and the signed transaction back to the server.
 * Renewal refreshes at the provider and re-checks the required role (spec §9: every 15 min).
 */
import * as oidc from 'openid-client';
import { ApiError } from '../errors';
import { MSG_AUTH } from './messages';
import type { Signer } from './tokens';

export const MSG_SSO = {
  naoConfigurado: 'O login único (SSO) não está configurado neste servidor.',
  revogado: 'Acesso revogado no MAGB.',
  transacaoInvalida: 'A tentativa de login único expirou ou é inválida. Tente novamente.',
  usuarioDesconhecido: 'Usuário do login único não cadastrado nesta retaguarda.',
  provedorIndisponivel: 'Não foi possível contatar o provedor de login único.',
} as const;

export interface SsoSettings {
  issuer: string;
  clientId: string;
  clientSecret: string | undefined;
  scopes: string;
  redirectUri: string | undefined;
  usernameClaim: string;
  role: string | undefined;
  roleClaim: string;
}

export function loadSsoSettings(env: NodeJS.ProcessEnv = process.env): SsoSettings | undefined {
  if (!env.OIDC_ISSUER || !env.OIDC_CLIENT_ID) return undefined;
  return {
    issuer: env.OIDC_ISSUER,
    clientId: env.OIDC_CLIENT_ID,
    clientSecret: env.OIDC_CLIENT_SECRET || undefined,
    scopes: env.OIDC_SCOPES || 'openid profile offline_access',
    redirectUri: env.OIDC_REDIRECT_URI || undefined,
    usernameClaim: env.OIDC_USERNAME_CLAIM || 'preferred_username',
    role: env.OIDC_ROLE || undefined,
    roleClaim: env.OIDC_ROLE_CLAIM || 'roles',
  };
}

export interface SsoIdentity {
  username: string;
  refreshToken: string | undefined;
}

export interface Sso {
  settings: SsoSettings;
  /** Authorization URL plus the signed transaction (state, nonce, PKCE verifier) the SPA keeps. */
  start(redirectUri: string): Promise<{ url: string; transacao: string }>;
  finish(input: { code: string; state: string; transacao: string; iss?: string }): Promise<SsoIdentity>;
  /** Refreshes at the provider; undefined when access was revoked (token refused or role gone). */
  renew(refreshToken: string): Promise<{ refreshToken: string } | undefined>;
}

function hasRole(claims: Record<string, unknown>, s: SsoSettings): boolean {
  if (!s.role) return true;
  const value = claims[s.roleClaim];
  return Array.isArray(value) ? value.includes(s.role) : value === s.role;
}

export function createSso(settings: SsoSettings, signer: Signer): Sso {
  let config: Promise<oidc.Configuration> | undefined;
  const configuration = () => {
    config ??= oidc
      .discovery(new URL(settings.issuer), settings.clientId, settings.clientSecret, undefined, {
        // plain http only for a provider on this machine (tests, development)
        execute: /^http:\/\/(127\.0\.0\.1|localhost)[:/]/.test(settings.issuer) ? [oidc.allowInsecureRequests] : [],
      })
      .catch((err) => {
        config = undefined;
        throw err;
      });
    return config.catch(() => {
      throw new ApiError(503, MSG_SSO.provedorIndisponivel);
    });
  };
  const claimsOf = async (
    cfg: oidc.Configuration,
    tokens: oidc.TokenEndpointResponse & oidc.TokenEndpointResponseHelpers,
  ) => {
    const sub = tokens.claims()?.sub ?? oidc.skipSubjectCheck;
    const info = await oidc.fetchUserInfo(cfg, tokens.access_token, sub);
    return { ...(tokens.claims() ?? {}), ...info } as Record<string, unknown>;
  };

  return {
    settings,
    async start(redirectUri) {
      const cfg = await configuration();
      const verifier = oidc.randomPKCECodeVerifier();
      const state = oidc.randomState();
      const nonce = oidc.randomNonce();
      const url = oidc.buildAuthorizationUrl(cfg, {
        redirect_uri: redirectUri,
        scope: settings.scopes,
        response_mode: 'fragment',
        prompt: 'consent',
        state,
        nonce,
        code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
        code_challenge_method: 'S256',
      });
      const transacao = await signer.sign({ typ: 'sso', verifier, state, nonce, redirectUri }, 600);
      return { url: url.href, transacao };
    },
    async finish({ code, state, transacao, iss }) {
      const t = await signer.open(transacao);
      if (t?.typ !== 'sso' || t.state !== state) throw new ApiError(400, MSG_SSO.transacaoInvalida);
      const cfg = await configuration();
      const callback = new URL(String(t.redirectUri));
      callback.hash = '';
      callback.search = new URLSearchParams({ code, state, ...(iss ? { iss } : {}) }).toString();
      let tokens: Awaited<ReturnType<typeof oidc.authorizationCodeGrant>>;
      try {
        tokens = await oidc.authorizationCodeGrant(cfg, callback, {
          pkceCodeVerifier: String(t.verifier),
          expectedState: state,
          expectedNonce: String(t.nonce),
          idTokenExpected: true,
        });
      } catch {
        throw new ApiError(401, MSG_AUTH.credenciaisInvalidas);
      }
      const claims = await claimsOf(cfg, tokens);
      if (!hasRole(claims, settings)) throw new ApiError(403, MSG_SSO.revogado);
      const username = claims[settings.usernameClaim];
      if (typeof username !== 'string' || !username) throw new ApiError(403, MSG_SSO.usuarioDesconhecido);
      return { username, refreshToken: tokens.refresh_token };
    },
    async renew(refreshToken) {
      const cfg = await configuration();
      try {
        const tokens = await oidc.refreshTokenGrant(cfg, refreshToken);
        if (!hasRole(await claimsOf(cfg, tokens), settings)) return undefined;
        return { refreshToken: tokens.refresh_token ?? refreshToken };
      } catch (err) {
        if (err instanceof oidc.ResponseBodyError) return undefined; // invalid_grant: revoked at the provider
        throw new ApiError(503, MSG_SSO.provedorIndisponivel);
      }
    },
  };
}
