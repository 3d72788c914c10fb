/**
 * A link that opens one product's statement: holders of the legacy permission go straight to the
 * legacy host (/vf with r=/relatorioExtratoEstoque/index?produtoId=…, the breadcrumb of the route), as the
 * route itself would redirect them — but keeping the filters, which the route's redirect would drop.
 */
import { breadcrumbLegado, ROTAS, rLegado, urlLegado } from '@retaguarda/domain';

const ROTA = ROTAS.find((r) => r.path === '/estoque/extrato-estoque');

export function linkDoExtrato(f: { produtoId: number | string; lojaId: number; localId?: number }): string {
  const esp = ROTA?.especial;
  const params = {
    produtoId: String(f.produtoId),
    lojaId: String(f.lojaId),
    localId: f.localId ? String(f.localId) : undefined,
  };
  if (!ROTA || esp?.tipo !== 'legado')
    return `/estoque/extrato-estoque?${new URLSearchParams(params as Record<string, string>)}`;
  return urlLegado(rLegado(esp, params), breadcrumbLegado(ROTA));
}
