import { useSessao } from './store';

/** Whether the signed-in user holds any of `permissoes` (none asked = allowed). */
export function usePermissao(permissoes: readonly string[]): boolean {
  const minhas = useSessao((s) => s.usuario?.permissoes);
  return permissoes.length === 0 || permissoes.some((p) => minhas?.includes(p));
}
