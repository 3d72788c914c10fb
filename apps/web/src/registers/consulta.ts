/**
 * The list's state as it lives in the URL after the # (spec §5), and its translation into
 * the API's `start/count/sort/q` (RSQL on declared fields only).
 */
import type { FieldDef, RegisterDef } from '@retaguarda/domain';

export const TAMANHOS_PAGINA = [10, 25, 50, 100] as const;
export type Situacao = 'todos' | 'ativos' | 'inativos';

export interface EstadoLista {
  busca: string;
  situacao: Situacao;
  lojas: number[];
  pagina: number;
  tamanho: number;
  ordem: string;
}

export function estadoDaUrl(q: URLSearchParams, def: RegisterDef): EstadoLista {
  const tamanho = Number(q.get('tamanho'));
  const situacao = q.get('situacao');
  let lojas: number[] = [];
  try {
    const v = JSON.parse(q.get('lojas') ?? '[]');
    if (Array.isArray(v)) lojas = v.filter((x): x is number => Number.isInteger(x));
  } catch {
    lojas = [];
  }
  return {
    busca: q.get('busca') ?? '',
    situacao: situacao === 'ativos' || situacao === 'inativos' ? situacao : 'todos',
    lojas,
    pagina: Math.max(1, Number.parseInt(q.get('pagina') ?? '1', 10) || 1),
    tamanho: (TAMANHOS_PAGINA as readonly number[]).includes(tamanho) ? tamanho : 10,
    ordem: q.get('ordem') ?? def.list.defaultSort,
  };
}

/** Only what differs from the defaults goes into the URL, so a plain link stays plain. */
export function urlDoEstado(e: EstadoLista, def: RegisterDef): Record<string, string> {
  const out: Record<string, string> = {};
  if (e.busca) out.busca = e.busca;
  if (e.situacao !== 'todos') out.situacao = e.situacao;
  if (e.lojas.length) out.lojas = JSON.stringify(e.lojas);
  if (e.pagina > 1) out.pagina = String(e.pagina);
  if (e.tamanho !== 10) out.tamanho = String(e.tamanho);
  if (e.ordem !== def.list.defaultSort) out.ordem = e.ordem;
  return out;
}

/** Quotes a value for RSQL (the parser takes "…" with the wildcards inside). */
function valor(texto: string): string {
  return `"${texto.replace(/["\\]/g, ' ').trim()}"`;
}

export function campoDe(def: RegisterDef, nome: string): FieldDef | undefined {
  const [raiz, filho] = nome.split('.');
  const f = def.fields.find((x) => x.name === raiz);
  return filho ? f?.fields?.find((x) => x.name === filho) : f;
}

/** Quick search: the code equals (when numeric) or any search field contains the text. */
export function rsqlDaBusca(def: RegisterDef, busca: string): string | undefined {
  const t = busca.trim();
  if (!t) return undefined;
  const partes: string[] = [];
  if (/^\d{1,9}$/.test(t) && def.idKind !== 'code') partes.push(`id==${t}`);
  if (def.idKind === 'code') partes.push(`id==${valor(`${t}*`)}`);
  for (const nome of def.list.search) {
    const f = campoDe(def, nome);
    // documents are stored without the mask: search by their characters only
    const texto =
      f && ['cnpj', 'cpf', 'cpfCnpj', 'cep', 'phone', 'ncm'].includes(f.type) ? t.replace(/[.\-/\s()]/g, '') : t;
    if (texto) partes.push(`${nome}==${valor(`*${texto}*`)}`);
  }
  return partes.length ? partes.join(',') : undefined;
}

export function rsqlDoEstado(def: RegisterDef, e: EstadoLista): string | undefined {
  const e1: string[] = [];
  const busca = rsqlDaBusca(def, e.busca);
  if (busca) e1.push(busca.includes(',') ? `(${busca})` : busca);
  if (e.situacao !== 'todos') e1.push(`ativo==${e.situacao === 'ativos'}`);
  if (def.lojaField && e.lojas.length) e1.push(`${def.lojaField}=in=(${e.lojas.join(',')})`);
  return e1.length ? e1.join(';') : undefined;
}

export function parametrosApi(def: RegisterDef, e: EstadoLista): URLSearchParams {
  const p = new URLSearchParams({ start: String((e.pagina - 1) * e.tamanho), count: String(e.tamanho), sort: e.ordem });
  const q = rsqlDoEstado(def, e);
  if (q) p.set('q', q);
  return p;
}

/** The list screen's own query: the same filter, its matches counted only up to 10 000. */
export function comTotalLimitado(p: URLSearchParams): URLSearchParams {
  const out = new URLSearchParams(p);
  out.set('total', 'limitado');
  return out;
}

/** Header click: ascending → descending → back to the default order. */
export function proximaOrdem(atual: string, campo: string, padrao: string): string {
  if (atual === campo || atual === `+${campo}`) return `-${campo}`;
  if (atual === `-${campo}`) return padrao === `-${campo}` ? campo : padrao;
  return campo;
}

export function direcaoDe(ordem: string, campo: string): 'asc' | 'desc' | null {
  if (ordem === campo || ordem === `+${campo}`) return 'asc';
  if (ordem === `-${campo}`) return 'desc';
  return null;
}
