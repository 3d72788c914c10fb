/**
 * Local storage for the caches the spec names (menu, subscriber, learning resources, counters).
 * The spec's fixed-passphrase "encryption" is obfuscation only: nothing sensitive goes here.
 */
const PASSPHRASE = 'retaguarda-cache';

function xor(bytes: Uint8Array): Uint8Array {
  return bytes.map((b, i) => b ^ PASSPHRASE.charCodeAt(i % PASSPHRASE.length));
}

function ofuscar(texto: string): string {
  return btoa(String.fromCharCode(...xor(new TextEncoder().encode(texto))));
}

function revelar(b64: string): string {
  return new TextDecoder().decode(xor(Uint8Array.from(atob(b64), (c) => c.charCodeAt(0))));
}

/** Returns null for a missing, 'null' or unparsable value (spec §5). */
export function lerStorage<T>(chave: string, armazenamento: Storage = localStorage): T | null {
  const bruto = armazenamento.getItem(chave);
  if (bruto === null || bruto === 'null') return null;
  try {
    return JSON.parse(bruto) as T;
  } catch {
    return null;
  }
}

export function gravarStorage(chave: string, valor: unknown, armazenamento: Storage = localStorage): void {
  try {
    armazenamento.setItem(chave, JSON.stringify(valor));
  } catch {
    // quota or private mode: the cache is only an optimisation
  }
}

interface Envelope<T> {
  em: number;
  valor: T;
}

/** A cache entry with a lifetime, obfuscated at rest. */
export function lerCache<T>(chave: string, validadeMs: number, agora = Date.now()): T | null {
  const bruto = localStorage.getItem(chave);
  if (!bruto) return null;
  try {
    const env = JSON.parse(revelar(bruto)) as Envelope<T>;
    return agora - env.em < validadeMs ? env.valor : null;
  } catch {
    return null;
  }
}

export function gravarCache(chave: string, valor: unknown, agora = Date.now()): void {
  try {
    const texto = JSON.stringify({ em: agora, valor });
    localStorage.setItem(chave, ofuscar(texto));
  } catch {
    // ignore
  }
}

/** Removes the key and its per-user variants (`<chave>.<id>`). */
export function apagarCache(chave: string): void {
  for (const k of Object.keys(localStorage)) if (k === chave || k.startsWith(`${chave}.`)) localStorage.removeItem(k);
}

export const CHAVES = {
  menu: 'rtg.cache.menu',
  assinante: 'rtg.cache.assinante',
  recursosAprendizagem: 'rtg.cache.recursosAprendizagem',
  inconsistencias: 'rtg.cache.inconsistencias',
  inconsistenciasEm: 'rtg.cache.inconsistenciasEm',
  ultimaAtividade: 'rtg.ultimaAtividade',
  logout: 'rtg.logout',
  recentes: 'rtg.recentes',
} as const;
