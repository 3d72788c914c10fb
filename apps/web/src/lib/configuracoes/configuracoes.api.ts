/** The settings API (server apps/server/src/configuracoes): an area's parameters, one value's change (a command face), the route flags. */
import {
  comandoValorDaEmpresa,
  comandoValorDaLoja,
  type FlagsDoAssinante,
  type ListaDeParametros,
  type ParametroConfigurado,
} from '@retaguarda/domain';
import { api } from '../api';
import { chamarComando } from '../comando/chamar';

export const lerConfiguracoes = (area: string, lojaId: number | null) =>
  api<ListaDeParametros>(`/api/v1/configuracoes?area=${encodeURIComponent(area)}${lojaId ? `&lojaId=${lojaId}` : ''}`);

/** `valor: null` drops the value at that level (a store inherits the company's, the company the default). */
export const gravarConfiguracao = (
  chave: string,
  lojaId: number | null,
  valor: unknown,
  versao: number,
): Promise<ParametroConfigurado> =>
  lojaId
    ? chamarComando(comandoValorDaLoja, { chave, lojaId, valor, versao })
    : chamarComando(comandoValorDaEmpresa, { chave, valor, versao });

/** The tenant's route flags (`especial.featureFlag`, e.g. `inventario`): what the route guard passes as `usuario.flags`. */
export const lerFlags = () => api<FlagsDoAssinante>('/api/v1/configuracoes/flags');
