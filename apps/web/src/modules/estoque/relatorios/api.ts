/** Calls of the stock reports (server modules/estoque/relatorios/relatorios.routes.ts), typed by the domain contracts. */
import type {
  FormularioExtratoMovimentacoes,
  FormularioSaldoEstoque,
  OpcoesDeFiltroDeProduto,
  RelatorioComLink,
} from '@retaguarda/domain';
import { comCarregamento } from '../../../servicos/estado-ui';
import { api } from '../../../lib/api';

// a report request runs under the global loading curtain (spec §2.3), like 'Imprimir'
export const solicitarExtratoMovimentacoes = (corpo: FormularioExtratoMovimentacoes) =>
  comCarregamento(() =>
    api<RelatorioComLink>('/api/v1/estoque/extrato-movimentacoes/relatorio', { method: 'POST', body: corpo }),
  );

export const solicitarSaldoEstoque = (corpo: FormularioSaldoEstoque) =>
  comCarregamento(() =>
    api<RelatorioComLink>('/api/v1/estoque/saldo-estoque/relatorio', { method: 'POST', body: corpo }),
  );

export const opcoesDosRelatorios = () => api<OpcoesDeFiltroDeProduto>('/api/v1/estoque/relatorios/opcoes');

export const buscarProdutos = (busca: string) =>
  api<{ id: number; codigo: string; descricao: string }[]>(
    `/api/v1/estoque/relatorios/produtos?busca=${encodeURIComponent(busca)}`,
  );
