export * from './codigos';
export * from './cobertura.contrato';
export * from './contrato';
export * from './mensagens';
export * from './simulacao.contrato';
export {
  ALIQUOTA_INTERNA,
  aliquotaInterestadual,
  aliquotaInterna,
  type EntradaMotor,
  escolherCenarios,
  faltandoPara,
  type LojaMotor,
  type OperacaoMotor,
  PIS_COFINS_REGIME,
  type ProdutoMotor,
  type RegimeApuracao,
  resolverTributacao,
  selecionarCenarioOperacao,
  type ValoresMotor,
} from './motor';
