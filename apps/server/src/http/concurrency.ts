/**
 * Per-user and per-tenant limits on work that runs at once (exports): one user, or one tenant, cannot
 * take every connection, spool or socket of the instance. Counted in this process (each instance
 * enforces its own limits); a slot is held until the caller releases it (the response closed).
 */
import { ApiError } from '../plugins/errors';

export { Semaphore } from '../db/semaphore';

export interface ConcurrencyLimits {
  perUser: number;
  perTenant: number;
}

export interface ConcurrencyMessages {
  user(n: number): string;
  tenant(n: number): string;
}

export class ConcurrencyGate {
  private readonly users = new Map<string, number>();
  private readonly tenants = new Map<number, number>();

  constructor(
    readonly limits: ConcurrencyLimits,
    private readonly messages: ConcurrencyMessages,
  ) {}

  /** Takes a slot or throws 429; the returned function gives it back (only the first call counts). */
  acquire(assinanteId: number, userKey: string): () => void {
    const key = `${assinanteId}:${userKey}`;
    const byUser = this.users.get(key) ?? 0;
    const byTenant = this.tenants.get(assinanteId) ?? 0;
    if (byUser >= this.limits.perUser) throw new ApiError(429, this.messages.user(this.limits.perUser));
    if (byTenant >= this.limits.perTenant) throw new ApiError(429, this.messages.tenant(this.limits.perTenant));
    this.users.set(key, byUser + 1);
    this.tenants.set(assinanteId, byTenant + 1);
    let held = true;
    return () => {
      if (!held) return;
      held = false;
      decrement(this.users, key);
      decrement(this.tenants, assinanteId);
    };
  }

  /** Slots in use (tests, diagnostics). */
  inUse(assinanteId: number): number {
    return this.tenants.get(assinanteId) ?? 0;
  }
}

function decrement<K>(map: Map<K, number>, key: K): void {
  const n = (map.get(key) ?? 1) - 1;
  if (n > 0) map.set(key, n);
  else map.delete(key);
}
