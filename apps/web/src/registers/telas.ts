/** Route path → lazy screen for every declared register whose routes the route table has. */
import { REGISTERS, ROTAS } from '@retaguarda/domain';
import type { Importador } from '../servicos/navegacao/carregar';
import { LISTA_EM, rotasDoFormulario } from './permissoes';

export function telasDosCadastros(): Record<string, Importador> {
  const caminhos = new Set(ROTAS.map((r) => r.path));
  const telas: Record<string, Importador> = {};
  for (const r of REGISTERS) {
    // a register whose list lives on another screen (LISTA_EM) has its form at its own route
    if (caminhos.has(r.route) && !LISTA_EM[r.key])
      telas[r.route] = () => import('./paginas').then((m) => m.paginaDeLista(r.key));
    const { criar, editar } = rotasDoFormulario(r);
    for (const form of [criar, editar])
      if (form) telas[form] = () => import('./paginas').then((m) => m.paginaDeFormulario(r.key));
  }
  return telas;
}
