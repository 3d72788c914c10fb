import type { ReactNode } from 'react';
import { useSessao } from '../app/session/store';

export function usePermissao(permissoes: readonly string[]): boolean {
  const minhas = useSessao((s) => s.usuario?.permissoes);
  return permissoes.length === 0 || permissoes.some((p) => minhas?.includes(p));
}

/** The permission directive (spec §5): disables the element and its children when the user lacks every permission. */
export function ComPermissao({ permissoes, children }: { permissoes: readonly string[]; children: ReactNode }) {
  const pode = usePermissao(permissoes);
  if (pode) return <>{children}</>;
  return (
    <fieldset
      disabled
      aria-disabled="true"
      data-sem-permissao
      style={{ border: 0, margin: 0, padding: 0, minWidth: 0, display: 'contents' }}
    >
      {children}
    </fieldset>
  );
}
