import { lazy, Suspense, useMemo } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { TELAS_LEGADO } from '../app/routing/legado';
import { carregarTela } from '../app/routing/carregar';
import { PaginaCarregando } from '../ui/PaginaCarregando';

/** /vf hosts the screens the legacy redirects name (`r`), with the breadcrumb from `b`. */
export function VfPage() {
  const [query] = useSearchParams();
  const r = query.get('r') ?? '';
  const importar = TELAS_LEGADO[r.split('?')[0] ?? ''];
  const Tela = useMemo(
    () => (importar ? lazy(() => carregarTela(importar).then((c) => ({ default: c }))) : null),
    [importar],
  );
  if (!Tela) return <Navigate to="/404" replace />;
  return (
    <Suspense fallback={<PaginaCarregando />}>
      <Tela />
    </Suspense>
  );
}
