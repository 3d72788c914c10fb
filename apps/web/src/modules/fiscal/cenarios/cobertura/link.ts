/** Links of the cobertura rows: the new scenario by NCM that covers the class (CenarioNcmPage reads the scope). */
import type { ClasseSemCobertura } from '@retaguarda/domain';

export const ncmFormatado = (n: string | null) => (n ? n.replace(/^(\d{4})(\d{2})(\d{2})$/, '$1.$2.$3') : 'sem NCM');

/** The class's NCM/CEST, the store's UF both ways (the sale inside it) and the store's CRT. */
export function linkNovoCenario(c: ClasseSemCobertura): string {
  const q = new URLSearchParams({
    ncm: c.ncm ?? '',
    ufOrigem: c.uf,
    ufDestino: c.uf,
    crt: String(c.crt),
    descricao: `${ncmFormatado(c.ncm)} ${c.uf} CRT ${c.crt}`,
  });
  if (c.cest) q.set('cest', c.cest);
  return `/fiscal/cenarios-fiscais/ncm?${q}`;
}
