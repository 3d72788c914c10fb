/**
 * The declarations the server binds register hooks to (`defineRegisterHooks(produto, …)` in the
 * area's `<register>.hooks.ts`): a register that gains hooks is exported here by its own name.
 */
export { agenteFinanceiro } from '../financeiro/agente-financeiro.register';
export { contaCorrente } from '../financeiro/conta-corrente.register';
export { formaPagamento } from '../financeiro/forma-pagamento.register';
export { historicoPadrao } from '../financeiro/historico-padrao.register';
export { motivoCancelamento } from '../financeiro/motivo-cancelamento.register';
export { condicaoPagamentoLoja, planoPagamento } from '../financeiro/plano-pagamento.register';
export { cenarioFiscalNcm, cenarioFiscalOperacao } from '../fiscal/cenario-fiscal.register';
export { grupoNcm } from '../fiscal/grupo-ncm.register';
export { naturezaPisCofins } from '../fiscal/natureza-pis-cofins.register';
export { ncm } from '../fiscal/ncm.register';
export { processoJudicial } from '../fiscal/processo-judicial.register';
export { situacaoFiscal } from '../fiscal/situacao-fiscal.register';
export { mensagemPromocional } from '../frente-de-loja/mensagem-promocional.register';
export { localEstoque } from '../estoque/local-estoque.register';
export { setorProducao } from '../estoque/setor-producao.register';
export { tipoAjuste } from '../estoque/tipo-ajuste.register';
export { cliente } from '../pessoa/cliente.register';
export { contador } from '../pessoa/contador.register';
export { fornecedor } from '../pessoa/fornecedor.register';
export { loja } from '../pessoa/loja.register';
export { familiaProduto, similar } from '../produto/complementos.register';
export { grupoProduto } from '../produto/hierarquia.register';
export { codigoAuxiliar } from '../produto/produto-sub.register';
export { recursoAprendizagem } from '../plataforma/recurso-aprendizagem.register';
export { produto } from '../produto/produto.register';
export { motivoTrocaDevolucao } from '../venda/motivo-troca-devolucao.register';
