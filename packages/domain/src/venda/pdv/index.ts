export * from './contrato';
export * from './regras';
export * from './mensagens';
export * from './comandos';
export * from './inconsistencias';
export * from './operacoes-caixa';
