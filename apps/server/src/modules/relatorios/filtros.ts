/** The list's filter (RSQL `q`) and sort told in words for the report header. */
import { parseRsql, type RsqlNode } from '@retaguarda/domain';
import type { Meta } from '../../registers/meta';
import { textoDoValor } from './valores';

// words, not symbols: the report font has no ≠ ≥ ≤ glyphs
const OPERADORES: Record<string, string> = {
  '!=': 'diferente de',
  '=gt=': 'maior que',
  '=ge=': 'a partir de',
  '=lt=': 'menor que',
  '=le=': 'até',
};

/** field name → (id → "3 - Loja Centro"): the names of the records a filter or a fixed value points to. */
export type RotulosDosFiltros = ReadonlyMap<string, ReadonlyMap<string, string>>;

/** The filter's text value in the field's own terms ('true' → 'Sim', option labels, R$, a store's name). */
function valorDoFiltro(
  f: Parameters<typeof textoDoValor>[0],
  v: string,
  rotulos?: ReadonlyMap<string, string>,
): string {
  if (f?.type === 'boolean' && (v === 'true' || v === 'false')) return v === 'true' ? 'Sim' : 'Não';
  return textoDoValor(f, v, rotulos as Map<string, string> | undefined) || v;
}

/** The values each field of the filter and of the fixed values compares with (to look their names up). */
export function valoresDosFiltros(q: unknown, fixos: Record<string, unknown>): Map<string, string[]> {
  const porCampo = new Map<string, string[]>();
  const juntar = (campo: string, vs: unknown[]) =>
    porCampo.set(campo, [...(porCampo.get(campo) ?? []), ...vs.filter((v) => v !== null).map(String)]);
  for (const [k, v] of Object.entries(fixos)) juntar(k, Array.isArray(v) ? v : [v]);
  const visitar = (n: RsqlNode | undefined): void => {
    if (!n) return;
    if (n.type === 'comparison') juntar(n.selector, n.values);
    else n.children.forEach(visitar);
  };
  visitar(typeof q === 'string' ? parseRsql(q) : undefined);
  return porCampo;
}

function comparacao(meta: Meta, n: Extract<RsqlNode, { type: 'comparison' }>, rotulos?: RotulosDosFiltros): string {
  const col = meta.byName.get(n.selector);
  const rotulo = col?.field.label ?? n.selector;
  const nomes = rotulos?.get(n.selector);
  const valor = (v: string | null) => (v === null ? 'vazio' : valorDoFiltro(col?.field, v, nomes));
  const [v0 = null] = n.values;
  if (n.operator === '=in=' || n.operator === '=out=')
    return `${rotulo} ${n.operator === '=in=' ? 'em' : 'fora de'} (${n.values.map(valor).join(', ')})`;
  if (n.operator === '==' && typeof v0 === 'string' && v0.includes('*')) {
    const texto = v0.replace(/^\*|\*$/g, '');
    if (v0.startsWith('*') && v0.endsWith('*')) return `${rotulo} contém "${texto}"`;
    return v0.endsWith('*') ? `${rotulo} começa com "${texto}"` : `${rotulo} termina com "${texto}"`;
  }
  return `${rotulo} ${OPERADORES[n.operator] ?? '='} ${valor(v0)}`;
}

function descrever(meta: Meta, n: RsqlNode, raiz: boolean, rotulos?: RotulosDosFiltros): string[] {
  if (n.type === 'comparison') return [comparacao(meta, n, rotulos)];
  const partes = n.children.flatMap((c) => descrever(meta, c, false, rotulos));
  if (n.type === 'and') return raiz ? partes : [partes.join(' e ')];
  const ou = partes.join(' ou ');
  return [raiz ? ou : `(${ou})`];
}

/** One line per condition of the top-level AND (the route's fixed filters first), and the sort. */
export function filtrosEmTexto(
  meta: Meta,
  q: unknown,
  sort: unknown,
  fixos: Record<string, unknown>,
  rotulos?: RotulosDosFiltros,
): { filtros: string[]; ordenacao: string } {
  const linhas = Object.entries(fixos).map(
    ([k, v]) =>
      `${meta.byName.get(k)?.field.label ?? k} = ${textoDoValor(meta.byName.get(k)?.field, v, rotulos?.get(k) as Map<string, string> | undefined)}`,
  );
  const arvore = typeof q === 'string' ? parseRsql(q) : undefined;
  if (arvore) linhas.push(...descrever(meta, arvore, true, rotulos));
  const ordem = typeof sort === 'string' && sort.trim() ? sort : meta.def.list.defaultSort;
  const campos = ordem
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map((t) => {
      const nome = t.replace(/^[-+ ]/, '').trim();
      return `${meta.byName.get(nome)?.field.label ?? nome} (${t.startsWith('-') ? 'decrescente' : 'crescente'})`;
    });
  return { filtros: linhas, ordenacao: campos.join(', ') };
}
