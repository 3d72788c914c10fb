/** The settings API (server apps/server/src/configuracoes): an area's parameters, one value's change, the route flags. */
import type { FlagsDoAssinante, ListaDeParametros, ParametroConfigurado } from '@retaguarda/domain';
import { api } from '../api';

export const lerConfiguracoes = (area: string, lojaId: number | null) =>
  api<ListaDeParametros>(`/api/v1/configuracoes?area=${encodeURIComponent(area)}${lojaId ? `&lojaId=${lojaId}` : ''}`);

/** `valor: null` drops the value at that level (a store inherits the company's, the company the default). */
export const gravarConfiguracao = (chave: string, lojaId: number | null, valor: unknown, versao: number) =>
  api<ParametroConfigurado>(`/api/v1/configuracoes/${encodeURIComponent(chave)}${lojaId ? `/lojas/${lojaId}` : ''}`, {
    method: 'PUT',
    body: { valor, versao },
  });

/** The tenant's route flags (`especial.featureFlag`, e.g. `inventario`): what the route guard passes as `usuario.flags`. */
export const lerFlags = () => api<FlagsDoAssinante>('/api/v1/configuracoes/flags');
