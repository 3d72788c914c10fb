/**
 * Rows of the permission picker (group and integration-key screens): every code of the domain
 * catalogue, one row per register (base) with the verbs it has, grouped by the menu area where
 * the register's screens live (route table first, then the register declarations).
 */
import {
  PERMISSION_BASES,
  PERMISSION_CATALOGUE,
  REGISTERS,
  ROTAS,
  STANDALONE_PERMISSIONS,
  VERBOS,
  type Verbo,
} from '@retaguarda/domain';

export interface LinhaPermissao {
  /** PERMISSION_BASES key, or the full code of a permission without verb. */
  base: string;
  rotulo: string;
  area: string;
  codigos: Partial<Record<Verbo, string>>;
}

export interface AreaPermissoes {
  area: string;
  linhas: LinhaPermissao[];
}

export const AREA_OUTROS = 'Outros';
const ORDEM_AREAS = [
  'Administrativo',
  'Compras',
  'Estoque',
  'Financeiro',
  'Fiscal',
  'Frente de loja',
  'Pessoa',
  'Produto',
  'Venda',
];

const CODIGO = /^PERM_(.+)_(ACESSO|INCLUIR|EDITAR|EXCLUIR)$/;

function areaDe(codigos: readonly string[], base: string): string {
  const rotas = ROTAS.filter((r) => r.breadcrumb[0] && r.permissoes.some((p) => codigos.includes(p)));
  const rota = rotas.find((r) => r.menu) ?? rotas[0];
  if (rota?.breadcrumb[0]) return rota.breadcrumb[0];
  return REGISTERS.find((r) => r.permissao === base)?.area ?? AREA_OUTROS;
}

function ordemArea(area: string): number {
  const i = ORDEM_AREAS.indexOf(area);
  return i < 0 ? ORDEM_AREAS.length : i;
}

const rotuloBase = (base: string) =>
  (PERMISSION_BASES as Record<string, string>)[base] ??
  (STANDALONE_PERMISSIONS as Record<string, string>)[base] ??
  base;

/** The catalogue as picker rows, areas in menu order, rows by label. */
export function montarCatalogo(catalogo: readonly { codigo: string }[] = PERMISSION_CATALOGUE): AreaPermissoes[] {
  const porBase = new Map<string, LinhaPermissao>();
  for (const { codigo } of catalogo) {
    const m = CODIGO.exec(codigo);
    // a code without a verb suffix is a single-permission row, shown in the ACESSO column
    const base = m?.[1] ?? codigo;
    const verbo = (m?.[2] ?? 'ACESSO') as Verbo;
    let linha = porBase.get(base);
    if (!linha) {
      linha = { base, rotulo: rotuloBase(base), area: '', codigos: {} };
      porBase.set(base, linha);
    }
    linha.codigos[verbo] = codigo;
  }
  const areas = new Map<string, LinhaPermissao[]>();
  for (const linha of porBase.values()) {
    linha.area = areaDe(Object.values(linha.codigos), linha.base);
    areas.set(linha.area, [...(areas.get(linha.area) ?? []), linha]);
  }
  return [...areas.entries()]
    .sort(([a], [b]) => ordemArea(a) - ordemArea(b) || a.localeCompare(b, 'pt-BR'))
    .map(([area, linhas]) => ({ area, linhas: linhas.sort((a, b) => a.rotulo.localeCompare(b.rotulo, 'pt-BR')) }));
}

const normalizar = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

/** Rows whose label, area or code contain the text (accents and case ignored). */
export function filtrarCatalogo(areas: readonly AreaPermissoes[], texto: string): AreaPermissoes[] {
  const t = normalizar(texto.trim());
  if (!t) return [...areas];
  return areas
    .map((a) => ({
      area: a.area,
      linhas: normalizar(a.area).includes(t)
        ? a.linhas
        : a.linhas.filter(
            (l) =>
              normalizar(l.rotulo).includes(t) || Object.values(l.codigos).some((c) => c && normalizar(c).includes(t)),
          ),
    }))
    .filter((a) => a.linhas.length > 0);
}

export type Marcacao = 'todos' | 'alguns' | 'nenhum';

function marcacao(codigos: readonly string[], selecionadas: ReadonlySet<string>): Marcacao {
  const n = codigos.filter((c) => selecionadas.has(c)).length;
  if (n === 0) return 'nenhum';
  return n === codigos.length ? 'todos' : 'alguns';
}

const codigosDaColuna = (linhas: readonly LinhaPermissao[], verbo: Verbo) =>
  linhas.flatMap((l) => (l.codigos[verbo] ? [l.codigos[verbo]] : []));
const codigosDaLinha = (l: LinhaPermissao) => VERBOS.flatMap((v) => (l.codigos[v] ? [l.codigos[v]] : []));

export const marcacaoColuna = (linhas: readonly LinhaPermissao[], verbo: Verbo, sel: ReadonlySet<string>) =>
  marcacao(codigosDaColuna(linhas, verbo), sel);
export const marcacaoLinha = (linha: LinhaPermissao, sel: ReadonlySet<string>) => marcacao(codigosDaLinha(linha), sel);
export const marcacaoTudo = (linhas: readonly LinhaPermissao[], sel: ReadonlySet<string>) =>
  marcacao(linhas.flatMap(codigosDaLinha), sel);

/**
 * One cell. Including, editing or deleting needs the list, so marking any of them marks ACESSO
 * too; unmarking ACESSO unmarks the row.
 */
export function alternarCelula(
  linha: LinhaPermissao,
  verbo: Verbo,
  sel: ReadonlySet<string>,
  marcar: boolean,
): Set<string> {
  const prox = new Set(sel);
  const codigo = linha.codigos[verbo];
  if (!codigo) return prox;
  if (marcar) {
    prox.add(codigo);
    if (linha.codigos.ACESSO) prox.add(linha.codigos.ACESSO);
  } else if (verbo === 'ACESSO') {
    for (const c of codigosDaLinha(linha)) prox.delete(c);
  } else prox.delete(codigo);
  return prox;
}

export function alternarLinha(linha: LinhaPermissao, sel: ReadonlySet<string>, marcar: boolean): Set<string> {
  const prox = new Set(sel);
  for (const c of codigosDaLinha(linha)) {
    if (marcar) prox.add(c);
    else prox.delete(c);
  }
  return prox;
}

/** A column over the visible rows (marking a verb marks ACESSO of those rows too). */
export function alternarColuna(
  linhas: readonly LinhaPermissao[],
  verbo: Verbo,
  sel: ReadonlySet<string>,
  marcar: boolean,
): Set<string> {
  let prox = new Set(sel);
  for (const l of linhas) prox = alternarCelula(l, verbo, prox, marcar);
  return prox;
}

export function alternarTudo(linhas: readonly LinhaPermissao[], sel: ReadonlySet<string>, marcar: boolean) {
  let prox = new Set(sel);
  for (const l of linhas) prox = alternarLinha(l, prox, marcar);
  return prox;
}
