/** Identity settings from the environment (read once per app). */
import { INACTIVITY_TIMEOUT_MS } from '@retaguarda/domain';

function int(value: string | undefined, fallback: number, min = 1): number {
  const n = Number(value);
  return value && Number.isInteger(n) && n >= min ? n : fallback;
}

export interface IdentitySettings {
  /** Access-token lifetime: short, because refresh is cheap and revocation is checked anyway. */
  accessTtlSeconds: number;
  /** Absolute session lifetime, whatever the activity. */
  sessionMaxSeconds: number;
  /** Default inactivity limit (spec §9: 12 h); a tenant may change it (configuracao_sessao). */
  inactivityMinutesDefault: number;
  /** Failures of one username after which it waits (a delay doubling from 1 min) or, with a captcha, solves it. */
  loginMaxFailures: number;
  /** Failures from one address that lock it: far above the per-user limit (a whole store shares one router). */
  loginMaxFailuresPerIp: number;
  loginWindowSeconds: number;
  /** Failures of one username after which a verified captcha is required, when configured (instead of waiting). */
  captchaAfterFailures: number;
  /** Failures from one address after which its sign-ins need the captcha, when configured. */
  captchaAfterFailuresPerIp: number;
  recaptchaSecret: string | undefined;
  recaptchaVerifyUrl: string;
  redisUrl: string | undefined;
}

export function loadIdentitySettings(env: NodeJS.ProcessEnv = process.env): IdentitySettings {
  return {
    accessTtlSeconds: int(env.ACCESS_TOKEN_TTL_SECONDS, 900, 30),
    sessionMaxSeconds: int(env.SESSAO_MAX_HORAS, 24, 1) * 3600,
    inactivityMinutesDefault: INACTIVITY_TIMEOUT_MS / 60_000,
    loginMaxFailures: int(env.LOGIN_MAX_FALHAS, 5),
    loginMaxFailuresPerIp: int(env.LOGIN_MAX_FALHAS_IP, 100),
    loginWindowSeconds: int(env.LOGIN_JANELA_MINUTOS, 15) * 60,
    captchaAfterFailures: int(env.RECAPTCHA_APOS_FALHAS, 3),
    captchaAfterFailuresPerIp: int(env.RECAPTCHA_APOS_FALHAS_IP, 20),
    recaptchaSecret: env.RECAPTCHA_SECRET || undefined,
    recaptchaVerifyUrl: env.RECAPTCHA_VERIFY_URL || 'https://www.google.com/recaptcha/api/siteverify',
    redisUrl: env.REDIS_URL || undefined,
  };
}
