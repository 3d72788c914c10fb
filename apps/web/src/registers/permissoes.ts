/** The permission directive of domain §1.2 for one register, from the signed-in user's grants. */
import { perm, type RegisterDef, ROTAS } from '@retaguarda/domain';
import { useContextoCadastros } from './contexto';

export interface Permissoes {
  incluir: boolean;
  editar: boolean;
  excluir: boolean;
}

export function permissoesDe(def: RegisterDef, concedidas: readonly string[], administrador = false): Permissoes {
  const tem = (v: 'INCLUIR' | 'EDITAR' | 'EXCLUIR') => concedidas.includes(perm(def.permissao, v));
  const escritaAdmin = def.acesso?.escrita === 'admin';
  const pode = (v: 'INCLUIR' | 'EDITAR' | 'EXCLUIR') => (escritaAdmin ? administrador : tem(v));
  return {
    incluir: def.canCreate !== false && pode('INCLUIR'),
    editar: pode('EDITAR'),
    excluir: def.canDelete !== false && pode('EXCLUIR'),
  };
}

export function usePermissoes(def: RegisterDef): Permissoes {
  const { permissoes, administrador } = useContextoCadastros();
  return permissoesDe(def, permissoes, administrador);
}

const escapar = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Registers whose own route is the create screen the spec names (§2.4: /gruponcm creates a group,
 * /gruponcm/:gruponcm edits one): their list lives on another screen (/ncm, tab "Grupos de NCM").
 */
export const LISTA_EM: Readonly<Record<string, string>> = { grupoNcm: '/ncm?aba=grupos' };

/**
 * Registers whose form has a route of its own beside the list instead of `…/cadastro/:id?` (spec: the
 * cenários fiscais' /fiscal/cenarios-fiscais/ncm/:id? and /fiscal/cenarios-fiscais/operacao/:id?).
 */
export const FORMULARIO_EM: Readonly<Record<string, string>> = {
  cenarioFiscalNcm: '/fiscal/cenarios-fiscais/ncm/:id?',
  cenarioFiscalOperacao: '/fiscal/cenarios-fiscais/operacao/:id?',
};

/** Where the register's list is shown: its own route, or the screen that hosts it. */
export const rotaDaLista = (def: RegisterDef): string => LISTA_EM[def.key] ?? def.route;

export interface RotasDoFormulario {
  criar?: string;
  editar?: string;
}

/**
 * The route paths of the register's form in the route table: one `…/cadastro/:id?` for both, or a
 * create route (`…/cadastro`, or the register's own route when its list lives elsewhere) and an edit
 * route (`…/cadastro/:id`, or `…/:codigo` as /ncm/:ncm).
 */
export function rotasDoFormulario(def: RegisterDef): RotasDoFormulario {
  const tem = (p: string) => ROTAS.some((r) => r.path === p);
  const propria = FORMULARIO_EM[def.key];
  if (propria && tem(propria)) return { criar: propria, editar: propria };
  const ambos = `${def.route}/cadastro/:id?`;
  if (tem(ambos)) return { criar: ambos, editar: ambos };
  const edicao = new RegExp(`^${escapar(def.route)}(/cadastro)?/:\\w+$`);
  const editar = ROTAS.find((r) => edicao.test(r.path))?.path;
  const cadastro = `${def.route}/cadastro`;
  const criar = tem(cadastro) ? cadastro : LISTA_EM[def.key] && tem(def.route) ? def.route : undefined;
  return { criar, editar };
}

/**
 * Where the form opens: its own route when the user may enter it (`id` undefined = new record),
 * otherwise null and the list route shows it (read-only users, registers without a form route).
 */
export function urlDoFormulario(def: RegisterDef, concedidas: readonly string[], id?: string): string | null {
  const { criar, editar } = rotasDoFormulario(def);
  const caminho = id === undefined ? criar : editar;
  const rota = ROTAS.find((r) => r.path === caminho);
  if (!caminho || !rota) return null;
  if (rota.permissoes.length > 0 && !rota.permissoes.some((p) => concedidas.includes(p))) return null;
  // the trailing `:param` (optional or not) takes the id; a create route has none or leaves it out
  return caminho.replace(/\/:\w+\??$/, id === undefined ? '' : `/${encodeURIComponent(id)}`);
}
