/** Search of the group and user lists (spec §2.4): código, nome and status, 'todos' ignored. */
export type StatusFiltro = 'todos' | 'ativos' | 'inativos';

export interface Filtro {
  codigo: string;
  nome: string;
  status: StatusFiltro;
}

export const FILTRO_VAZIO: Filtro = { codigo: '', nome: '', status: 'todos' };

export interface Ordem {
  campo: string;
  desc: boolean;
}

/** RSQL value in quotes (the parser takes "…" with the wildcards inside). */
const entreAspas = (t: string) => `"${t.replace(/["\\]/g, ' ').trim()}"`;

/** `status` is `statusDeAtivacao==ATIVO` on groups and `ativo==true` on users. */
export function rsqlDoFiltro(f: Filtro, status: 'grupo' | 'usuario'): string | undefined {
  const partes: string[] = [];
  const codigo = f.codigo.trim();
  if (/^\d{1,9}$/.test(codigo)) partes.push(`id==${codigo}`);
  const nome = f.nome.trim();
  if (nome) partes.push(`nome==${entreAspas(`*${nome}*`)}`);
  if (f.status !== 'todos') {
    const ativo = f.status === 'ativos';
    partes.push(status === 'grupo' ? `statusDeAtivacao==${ativo ? 'ATIVO' : 'INATIVO'}` : `ativo==${ativo}`);
  }
  return partes.length ? partes.join(';') : undefined;
}

export function parametrosLista(
  f: Filtro,
  status: 'grupo' | 'usuario',
  pagina: number,
  tamanho: number,
  ordem: Ordem,
): URLSearchParams {
  const p = new URLSearchParams({
    start: String((pagina - 1) * tamanho),
    count: String(tamanho),
    sort: `${ordem.desc ? '-' : ''}${ordem.campo}`,
  });
  const q = rsqlDoFiltro(f, status);
  if (q) p.set('q', q);
  return p;
}

/** Reasons `campo: mensagem` (nested paths keep their first segment) → one message per field. */
export function errosPorCampo(reasons: readonly string[]): { campos: Record<string, string>; soltas: string[] } {
  const campos: Record<string, string> = {};
  const soltas: string[] = [];
  for (const r of reasons) {
    const m = /^([A-Za-z][\w]*)(?:[.[][\w.[\]]*)?(?: \([^)]*\))?: (.+)$/.exec(r);
    if (m?.[1] && m[2]) {
      const texto = m[2].charAt(0).toUpperCase() + m[2].slice(1);
      campos[m[1]] = campos[m[1]] ? `${campos[m[1]]} ${texto}` : texto;
    } else soltas.push(r);
  }
  return { campos, soltas };
}
