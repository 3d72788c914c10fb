/** Pure rules of the Financeiro, Fiscal, Frente de loja, Estoque, Venda and Plataforma registers. */
export * from './financeiro/digitos-bancarios';
export * from './financeiro/regras';
export * from './financeiro/plano-pagamento.regras';
export * from './financeiro/plano-pagamento.contrato';
export { TIPOS_PAGAMENTO_PLANO } from './financeiro/plano-pagamento.register';
export * from './fiscal/cnj';
export * from './fiscal/vigencia';
export * from './frente-de-loja/mensagem-promocional';
export * from './estoque/regras';
export * from './venda/regras';
export { errosRecursoAprendizagem, TELAS_DO_MENU } from './plataforma/recurso-aprendizagem.register';
