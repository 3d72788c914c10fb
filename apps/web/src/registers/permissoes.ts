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

/** The form's own route when the route table declares one (`/pessoa/fornecedor/cadastro/:id?`). */
export function rotaDoFormulario(def: RegisterDef, concedidas: readonly string[]): string | null {
  const rota = ROTAS.find((r) => r.path === `${def.route}/cadastro/:id?`);
  if (!rota) return null;
  // a user who may only read opens the form inside the list route (read-only there)
  return rota.permissoes.length === 0 || rota.permissoes.some((p) => concedidas.includes(p))
    ? `${def.route}/cadastro`
    : null;
}
