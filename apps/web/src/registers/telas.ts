/** Route path → lazy screen for every declared register whose routes the route table has. */
import { REGISTERS, ROTAS } from '@retaguarda/domain';
import type { Importador } from '../app/routing/carregar';
import { caminhoDoFormulario } from './permissoes';

export function telasDosCadastros(): Record<string, Importador> {
  const caminhos = new Set(ROTAS.map((r) => r.path));
  const telas: Record<string, Importador> = {};
  for (const r of REGISTERS) {
    if (caminhos.has(r.route)) telas[r.route] = () => import('./paginas').then((m) => m.paginaDeLista(r.key));
    const form = caminhoDoFormulario(r);
    if (form) telas[form] = () => import('./paginas').then((m) => m.paginaDeFormulario(r.key));
  }
  return telas;
}
