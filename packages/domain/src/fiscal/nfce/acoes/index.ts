export * from './transicoes';
export * from './mensagens';
export * from './contrato';
export * from './comandos';
