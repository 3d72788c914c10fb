/** Business constants and limits of spec §9. */
export const APP_VERSION = '8.0.48783';
export const INACTIVITY_TIMEOUT_MS = 43_200_000;
export const INACTIVITY_CHECK_MS = 10_000;
export const SSO_RENEW_MS = 900_000;
export const MENU_CACHE_MS = 86_400_000;
export const SUBSCRIBER_CACHE_MS = 86_400_000;
export const PAGE_SIZE_DEFAULT = 10;
export const PAGE_SIZE_MAX = 1000;
export const TOAST_TIMEOUT_LONG_MS = 10_000;
export const TOAST_TIMEOUT_SHORT_MS = 5_000;
export const TOAST_MAX = 5;
export const TOAST_REASONS_SHOWN = 2;
export const INCONSISTENCY_REFRESH_MS = 20_000;
export const INCONSISTENCY_MIN_INTERVAL_MS = 120_000;
export const UPDATE_REQUEST_EXPIRY_MS = 60_000;
/** Error reporting: share of requests/pages traced (spec §9). */
export const ERROR_TRACES_SAMPLE_RATE = 0.1;
export const LAZY_INDICATOR_DELAY_MS = 200;
export const LAZY_LOAD_TIMEOUT_MS = 50_000;
export const MENU_COLLAPSE_WIDTH_PX = 868;
