/** The permission directive of domain §1.2 for one register, from the signed-in user's grants. */
import { perm, type RegisterDef, ROTAS } from '@retaguarda/domain';
import { useSessao } from '../app/session/store';

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
  const usuario = useSessao((s) => s.usuario);
  return permissoesDe(def, usuario?.permissoes ?? [], usuario?.administrador === true);
}

const escapar = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The route path of the register's form, if the route table has one: `…/cadastro/:id?` or `…/:codigo` (NCM). */
export function caminhoDoFormulario(def: RegisterDef): string | undefined {
  const cadastro = `${def.route}/cadastro/:id?`;
  const edicao = new RegExp(`^${escapar(def.route)}/:\\w+$`);
  return ROTAS.find((r) => r.path === cadastro)?.path ?? ROTAS.find((r) => edicao.test(r.path))?.path;
}

/**
 * Where the form opens: its own route when the user may enter it (`id` undefined = new record),
 * otherwise null and the list route shows it (read-only users, registers without a form route).
 */
export function urlDoFormulario(def: RegisterDef, concedidas: readonly string[], id?: string): string | null {
  const caminho = caminhoDoFormulario(def);
  const rota = ROTAS.find((r) => r.path === caminho);
  if (!caminho || !rota) return null;
  if (rota.permissoes.length > 0 && !rota.permissoes.some((p) => concedidas.includes(p))) return null;
  if (caminho.endsWith('/cadastro/:id?')) return `${def.route}/cadastro${id ? `/${encodeURIComponent(id)}` : ''}`;
  // an edit-only route (`/ncm/:ncm`) cannot create
  return id ? `${def.route}/${encodeURIComponent(id)}` : null;
}
