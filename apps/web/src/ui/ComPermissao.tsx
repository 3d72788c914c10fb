import type { ReactNode } from 'react';

/**
 * The permission directive (spec §5): disables the element and its children when the user may not use
 * them; the caller decides (`usePermissao` in servicos/sessao), so the widget knows no session.
 */
export function ComPermissao({ permitido, children }: { permitido: boolean; children: ReactNode }) {
  if (permitido) return <>{children}</>;
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
