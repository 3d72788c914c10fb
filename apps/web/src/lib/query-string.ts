/** Query parameters live after the # (spec §5); object values are JSON-encoded. */
export function lerQuery(hash: string = window.location.hash): URLSearchParams {
  try {
    const i = hash.indexOf('?');
    return new URLSearchParams(i >= 0 ? hash.slice(i + 1) : '');
  } catch (e) {
    throw new Error(`Erro ao definir query string: ${String(e)}`);
  }
}

export function valorQuery(valor: unknown): string {
  return typeof valor === 'object' && valor !== null ? JSON.stringify(valor) : String(valor);
}

/** Writes params into the hash URL without a navigation. */
export function gravarQuery(params: Record<string, unknown>, hash: string = window.location.hash): string {
  try {
    const [caminho = '#/', resto = ''] = hash.split('?');
    const q = new URLSearchParams(resto);
    for (const [k, v] of Object.entries(params)) {
      if (v === undefined || v === null || v === '') q.delete(k);
      else q.set(k, valorQuery(v));
    }
    const s = q.toString();
    return s ? `${caminho}?${s}` : caminho;
  } catch (e) {
    throw new Error(`Erro ao atualizar instância URL: ${String(e)}`);
  }
}
