/** Every register of the product: adding one is its file + one line here + its migration. */
import { marca } from '../produto/marca.register';
import { unidade } from '../produto/unidade.register';
import { setor } from '../pessoa/setor.register';
import { genero } from '../fiscal/genero.register';
import { naturezaPisCofins } from '../fiscal/natureza-pis-cofins.register';
import { ncm } from '../fiscal/ncm.register';
import { situacaoFiscal } from '../fiscal/situacao-fiscal.register';
import { cliente } from '../pessoa/cliente.register';
import { condutor } from '../pessoa/condutor.register';
import { contador } from '../pessoa/contador.register';
import { fornecedor } from '../pessoa/fornecedor.register';
import { funcionario } from '../pessoa/funcionario.register';
import { holding } from '../pessoa/holding.register';
import { loja } from '../pessoa/loja.register';
import { ramoCliente } from '../pessoa/ramo-cliente.register';
import { statusCliente } from '../pessoa/status-cliente.register';
import { grupoProduto, secao, subgrupo } from '../produto/hierarquia.register';
import { codigoAuxiliar, custo, preco, produtoFornecedor } from '../produto/produto-sub.register';
import { produto } from '../produto/produto.register';
// the simple registers of the other areas
import { agenteFinanceiro } from '../financeiro/agente-financeiro.register';
import { contaCorrente } from '../financeiro/conta-corrente.register';
import { especieDocumento } from '../financeiro/especie-documento.register';
import { formaPagamento } from '../financeiro/forma-pagamento.register';
import { historicoPadrao } from '../financeiro/historico-padrao.register';
import { motivoCancelamento } from '../financeiro/motivo-cancelamento.register';
import { motivoAcrescimo, motivoDesconto } from '../financeiro/motivo-desconto.register';
import { condicaoPagamentoLoja, planoPagamento } from '../financeiro/plano-pagamento.register';
import { processoJudicial } from '../fiscal/processo-judicial.register';
import { ramoAtuacao } from '../fiscal/ramo-atuacao.register';
import { mensagemPromocional } from '../frente-de-loja/mensagem-promocional.register';
import { localEstoque } from '../estoque/local-estoque.register';
import { motivoRequisicao } from '../estoque/motivo-requisicao.register';
import { setorProducao } from '../estoque/setor-producao.register';
import { tipoAjuste } from '../estoque/tipo-ajuste.register';
import { motivoTrocaDevolucao } from '../venda/motivo-troca-devolucao.register';
import { tipoAcordo } from '../compras/tipo-acordo.register';
import { grupoNcm } from '../fiscal/grupo-ncm.register';
import { cenarioFiscalNcm, cenarioFiscalOperacao } from '../fiscal/cenario-fiscal.register';
import { regimeTributario } from '../fiscal/regime-tributario.register';
import { aplicacao, caracteristica, familiaProduto, mix, similar } from '../produto/complementos.register';
import { recursoAprendizagem } from '../plataforma/recurso-aprendizagem.register';
import type { RegisterDef } from './types';

export const REGISTERS: readonly RegisterDef[] = [
  marca,
  unidade,
  setor,
  genero,
  ncm,
  situacaoFiscal,
  naturezaPisCofins,
  secao,
  grupoProduto,
  subgrupo,
  produto,
  codigoAuxiliar,
  preco,
  custo,
  produtoFornecedor,
  holding,
  ramoCliente,
  statusCliente,
  fornecedor,
  cliente,
  funcionario,
  contador,
  condutor,
  loja,
  caracteristica,
  aplicacao,
  familiaProduto,
  mix,
  similar,
  grupoNcm,
  regimeTributario,
  // the simple registers of the other areas (order: referenced registers first)
  motivoCancelamento,
  motivoDesconto,
  motivoAcrescimo,
  historicoPadrao,
  especieDocumento,
  agenteFinanceiro,
  contaCorrente,
  formaPagamento,
  planoPagamento,
  condicaoPagamentoLoja,
  processoJudicial,
  ramoAtuacao,
  mensagemPromocional,
  tipoAjuste,
  motivoRequisicao,
  localEstoque,
  setorProducao,
  motivoTrocaDevolucao,
  tipoAcordo,
  recursoAprendizagem,
  cenarioFiscalNcm,
  cenarioFiscalOperacao,
];

export function registerByKey(key: string): RegisterDef | undefined {
  return REGISTERS.find((r) => r.key === key);
}
