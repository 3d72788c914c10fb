import type { RegisterHooks } from '../hooks';
import { situacaoFiscalHooks } from './fiscal';
import { naturezaPisCofinsHooks, ncmHooks } from './fiscal-local';
import { familiaHooks, grupoNcmHooks, similarHooks } from './grupos';
import { contadorHooks, pessoaHooks } from './pessoa';
import { codigoAuxiliarHooks, produtoHooks } from './produto';
import {
  agenteFinanceiroHooks,
  contaCorrenteHooks,
  formaPagamentoHooks,
  historicoPadraoHooks,
  motivoCancelamentoHooks,
} from './financeiro';
import {
  localEstoqueHooks,
  mensagemPromocionalHooks,
  motivoTrocaDevolucaoHooks,
  processoJudicialHooks,
  setorProducaoHooks,
  tipoAjusteHooks,
} from './cadastros-gerais';

/** Register key → its named hooks (a declaration's `hooks` list must match what is here). */
export const REGISTER_HOOKS: Record<string, RegisterHooks> = {
  situacaoFiscal: situacaoFiscalHooks,
  fornecedor: pessoaHooks,
  cliente: pessoaHooks,
  contador: contadorHooks,
  produto: produtoHooks,
  codigoAuxiliar: codigoAuxiliarHooks,
  familiaProduto: familiaHooks,
  similar: similarHooks,
  grupoNcm: grupoNcmHooks,
  ncm: ncmHooks,
  naturezaPisCofins: naturezaPisCofinsHooks,
  // issue 6
  motivoCancelamento: motivoCancelamentoHooks,
  historicoPadrao: historicoPadraoHooks,
  agenteFinanceiro: agenteFinanceiroHooks,
  contaCorrente: contaCorrenteHooks,
  formaPagamento: formaPagamentoHooks,
  processoJudicial: processoJudicialHooks,
  mensagemPromocional: mensagemPromocionalHooks,
  tipoAjuste: tipoAjusteHooks,
  localEstoque: localEstoqueHooks,
  setorProducao: setorProducaoHooks,
  motivoTrocaDevolucao: motivoTrocaDevolucaoHooks,
};
