/**
 * The stock reports (spec: Estoque > Relatórios; the Extrato de estoque): their content and requests, on the
 * report engine (modules/relatorios). Their generators are declared here, at load, for any instance's worker.
 */
import { registrarGerador } from '../../relatorios';
import { gerarExtratoEstoque } from './extrato';
import { gerarMovimentacoes, TIPO_EXTRATO_MOVIMENTACOES } from './movimentacoes';
import { gerarSaldo, TIPO_SALDO_ESTOQUE } from './saldo';

registrarGerador('EXTRATO_ESTOQUE', gerarExtratoEstoque);
registrarGerador(TIPO_EXTRATO_MOVIMENTACOES, gerarMovimentacoes);
registrarGerador(TIPO_SALDO_ESTOQUE, gerarSaldo);

export type { ParametrosExtratoEstoque } from './extrato';
export { relatoriosEstoqueRoutes } from './relatorios.routes';
