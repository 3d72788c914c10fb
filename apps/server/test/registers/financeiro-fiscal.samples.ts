/**
 * Contract samples of the Financeiro, Fiscal, Frente de loja, Estoque, Venda and Compras registers
 * (spread into SAMPLES): a valid payload per register and a change.
 */
import { digitosCnj } from '@retaguarda/domain';
import type { Sample } from './samples';

/** A valid CNJ number per n (Justiça Federal, TRF4). */
export const cnjDeTeste = (n: number) => {
  const seq = String(5000000 + n);
  return `${seq}-${digitosCnj(seq, '2024', '4', '04', '7000')}.2024.4.04.7000`;
};

export const SAMPLES_FINANCEIRO_FISCAL: Record<string, Sample> = {
  motivoCancelamento: {
    create: (n) => ({
      descricao: `Cliente desistiu da compra ${n}`,
      aplicacao: ['CUPOM_NFCE', 'TITULO'],
      exigeObservacao: true,
    }),
    update: { descricao: 'Erro de digitação no cupom', aplicacao: ['NFE'] },
  },
  motivoDesconto: {
    create: (n) => ({ descricao: `Desconto teste ${n}`, aplicacao: ['PDV_ITEM'], percentualMaximo: '10.5' }),
    update: { percentualMaximo: '12.0000' },
  },
  motivoAcrescimo: {
    create: (n) => ({ descricao: `Acréscimo teste ${n}`, aplicacao: ['PEDIDO'], percentualMaximo: '2' }),
    update: { exigeAutorizacaoSupervisor: true },
  },
  historicoPadrao: {
    create: (n) => ({
      codigo: 9000 + n,
      descricao: `PAGTO {documento} - {pessoa} ${n}`,
      natureza: 'DEBITO',
      aplicacao: ['PAGAR'],
    }),
    update: { descricao: 'TARIFA {documento}' },
  },
  especieDocumento: {
    create: (n) => ({ sigla: `t${n}`, descricao: `Espécie teste ${n}`, aplicacao: 'RECEBER' }),
    update: { geraBoleto: true },
  },
  agenteFinanceiro: {
    create: (n) => ({ descricao: `Banco teste ${n}`, tipo: 'BANCO', codigoBanco: '001' }),
    update: { taxaPadrao: '1.9900' },
  },
  contaCorrente: {
    create: (n) => ({
      descricao: `Caixa teste ${n}`,
      lojaId: '$loja1',
      tipoConta: 'CAIXA',
      saldoInicial: '-150.25',
      dataSaldoInicial: '2026-01-01',
    }),
    update: { utilizaConciliacao: true, saldoInicial: '10.00' },
  },
  formaPagamento: {
    create: (n) => ({ descricao: `Forma teste ${n}`, tipoPagamento: '03', utilizaTef: true }),
    update: { prazoRecebimentoDias: 30 },
  },
  planoPagamento: {
    create: (n) => ({
      descricao: `Plano teste ${n}`,
      operacao: 'VENDA',
      tipoPagamento: 'CREDIARIO',
      quantidadeParcelas: 2,
      diasPrimeiraParcela: 30,
      intervaloDias: 30,
      parcelas: [
        { numero: 1, dias: 30, percentual: '50' },
        { numero: 2, dias: 60, percentual: '50' },
      ],
    }),
    update: { descricao: 'Plano teste alterado', jurosMensal: '2.5000' },
  },
  // one year of vigência per sample number: the rows of one store and plan never overlap
  condicaoPagamentoLoja: {
    create: (n) => ({
      lojaId: '$loja1',
      planoPagamentoId: '$planoPagamento',
      vigenciaInicio: `${2030 + n}-01-01`,
      vigenciaFim: `${2030 + n}-12-31`,
    }),
    update: { maxParcelas: 1, taxaAdministracao: '2.9900' },
  },
  processoJudicial: {
    create: (n) => ({
      numeroProcesso: cnjDeTeste(n),
      origem: '1',
      tributos: ['PIS', 'COFINS'],
      indicadorSuspensao: 'SENTENCA_FAVORAVEL',
      descricaoDecisao: 'Exclusão do ICMS da base do PIS/COFINS (STF Tema 69)',
      dataDecisao: '2021-05-13',
      vigenciaInicio: '2021-05-13',
      lojas: ['$loja1'],
    }),
    update: { vigenciaFim: '2030-12-31' },
  },
  ramoAtuacao: {
    create: (n) => ({ descricao: `Ramo fiscal teste ${n}`, indIEDest: '1', aplicaSt: true }),
    update: { aplicaDifal: true },
  },
  mensagemPromocional: {
    create: (n) => ({
      titulo: `Promoção ${n}`,
      texto: 'Leve 3 e pague 2\nem toda a linha Aurora',
      lojas: ['$loja1'],
      vigenciaInicio: '2026-11-01',
      diasSemana: ['SEX', 'SAB'],
    }),
    update: { prioridade: 5, horaInicio: '08:00', horaFim: '12:00' },
  },
  tipoAjuste: {
    create: (n) => ({ descricao: `Ajuste teste ${n}`, tipo: 'SAIDA', cfop: '5927' }),
    update: { afetaCustoMedio: true },
  },
  motivoRequisicao: {
    create: (n) => ({ descricao: `Requisição teste ${n}`, tipo: 'CONSUMO_INTERNO' }),
    update: { exigeAprovacao: true },
  },
  localEstoque: {
    create: (n) => ({ lojaId: '$loja1', descricao: `Depósito teste ${n}`, tipo: 'DEPOSITO' }),
    update: { inventariavel: false },
  },
  setorProducao: {
    create: (n) => ({ descricao: `Setor produção teste ${n}`, lojas: ['$loja1'] }),
    update: { localDeImpressao: 'Impressora padaria' },
  },
  motivoTrocaDevolucao: {
    create: (n) => ({
      descricao: `Troca teste ${n}`,
      tipo: 'TROCA',
      tipoLocalDestino: 'LOJA',
      geraValeTroca: true,
      prazoMaximoDias: 30,
    }),
    update: { prazoMaximoDias: 7 },
  },
  tipoAcordo: {
    create: (n) => ({
      descricao: `Acordo teste ${n}`,
      formaApuracao: 'VALOR_FIXO',
      formaRecebimentoPadrao: 'DEPOSITO',
    }),
    update: { exigeContratoAnexo: true },
  },
  // one year of vigência per sample: the same key never overlaps another sample's (nor the demo scenarios')
  cenarioFiscalNcm: {
    create: (n) => ({
      descricao: `Cenário NCM teste ${n}`,
      ncm: '33030020',
      cest: '2000800',
      ufOrigem: 'PR',
      ufDestino: 'TODAS',
      crt: 3,
      cst: '60',
      aliquota: '19.5',
      vigenciaInicio: `${2100 + n}-01-01`,
      vigenciaFim: `${2100 + n}-12-31`,
    }),
    update: { mensagemLegal: 'ICMS retido anteriormente por substituição tributária.' },
  },
  cenarioFiscalOperacao: {
    create: (n) => ({
      tipoOperacao: 'BONIFICACAO',
      modelo: '55',
      abrangencia: 'ESTADUAL',
      cfop: '5910',
      naturezaOperacao: `Bonificação teste ${n}`,
      vigenciaInicio: `${2100 + n}-01-01`,
      vigenciaFim: `${2100 + n}-12-31`,
    }),
    update: { naturezaOperacao: 'Bonificação alterada' },
  },
};
