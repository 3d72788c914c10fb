/**
 * Per-user share of the GraphQL endpoint on this instance: at most `simultaneas` requests of a user
 * run at once (the next is refused, so a burst cannot queue without end), and their resolvers
 * hold at most `banco` database connections at once (the others of the same user wait), so one
 * user cannot take every pooled connection from the other users and tenants.
 */
interface PorUsuario {
  requisicoes: number;
  banco: number;
  fila: (() => void)[];
}

export interface LimitadorGraphql {
  /** Takes a request slot; undefined when the user already has the maximum running. */
  entrar(chave: string): (() => void) | undefined;
  /** Runs one database call within the user's connection share. */
  banco<T>(chave: string, fn: () => Promise<T>): Promise<T>;
  /** Users with something running (for tests and diagnostics). */
  readonly ativos: number;
}

export function limitadorPorUsuario(max: { simultaneas: number; banco: number }): LimitadorGraphql {
  const usuarios = new Map<string, PorUsuario>();
  const de = (chave: string) => {
    let u = usuarios.get(chave);
    if (!u) {
      u = { requisicoes: 0, banco: 0, fila: [] };
      usuarios.set(chave, u);
    }
    return u;
  };
  const limpar = (chave: string, u: PorUsuario) => {
    if (u.requisicoes === 0 && u.banco === 0 && u.fila.length === 0) usuarios.delete(chave);
  };
  return {
    entrar(chave) {
      const u = de(chave);
      if (u.requisicoes >= max.simultaneas) return undefined;
      u.requisicoes++;
      let saiu = false;
      return () => {
        if (saiu) return;
        saiu = true;
        u.requisicoes--;
        limpar(chave, u);
      };
    },
    async banco(chave, fn) {
      const u = de(chave);
      if (u.banco >= max.banco) await new Promise<void>((vez) => u.fila.push(vez));
      else u.banco++;
      try {
        return await fn();
      } finally {
        const proximo = u.fila.shift();
        if (proximo)
          proximo(); // the slot passes on as is
        else {
          u.banco--;
          limpar(chave, u);
        }
      }
    },
    get ativos() {
      return usuarios.size;
    },
  };
}
