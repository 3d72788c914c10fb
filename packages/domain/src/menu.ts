/** The side menu (spec §3 "Menu entry": descricao, rota, submenu), built from the route table. */
import { type UsuarioAcesso, podeVerNoMenu } from './acesso';
import { ROTAS, type RotaDef } from './routes';

export interface MenuEntry {
  id: string;
  descricao: string;
  rota?: string;
  submenu?: MenuEntry[];
}

/** `data-cy="sidemenu-item-<slug>"`: lower case, no accents, words joined by dashes. */
export function slugMenu(texto: string): string {
  return texto
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

const ORDEM_GRUPOS = [
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

function porDescricao(a: MenuEntry, b: MenuEntry): number {
  return a.descricao.localeCompare(b.descricao, 'pt-BR');
}

export function montarMenu(usuario: UsuarioAcesso, rotas: readonly RotaDef[] = ROTAS): MenuEntry[] {
  const raiz: MenuEntry[] = [];
  const grupos = new Map<string, MenuEntry>();
  for (const rota of rotas) {
    if (!rota.menu || !podeVerNoMenu(rota, usuario)) continue;
    const folha: MenuEntry = { id: rota.path, descricao: rota.titulo, rota: rota.path };
    const [grupo, secao] = rota.breadcrumb;
    if (!grupo) {
      raiz.push(folha);
      continue;
    }
    let g = grupos.get(grupo);
    if (!g) {
      g = { id: slugMenu(grupo), descricao: grupo, submenu: [] };
      grupos.set(grupo, g);
    }
    if (!secao) {
      g.submenu?.push(folha);
      continue;
    }
    let s = g.submenu?.find((e) => e.descricao === secao && e.submenu);
    if (!s) {
      s = { id: `${g.id}/${slugMenu(secao)}`, descricao: secao, submenu: [] };
      g.submenu?.push(s);
    }
    s.submenu?.push(folha);
  }
  for (const g of grupos.values()) {
    for (const s of g.submenu ?? []) s.submenu?.sort(porDescricao);
  }
  const ordenados = [...grupos.values()].sort(
    (a, b) => ORDEM_GRUPOS.indexOf(a.descricao) - ORDEM_GRUPOS.indexOf(b.descricao),
  );
  return [...raiz, ...ordenados];
}

/** Every leaf of a menu tree, with its path of descriptions. */
export function folhasMenu(
  menu: readonly MenuEntry[],
  trilha: string[] = [],
): { entry: MenuEntry; trilha: string[] }[] {
  return menu.flatMap((e) => (e.submenu ? folhasMenu(e.submenu, [...trilha, e.descricao]) : [{ entry: e, trilha }]));
}
