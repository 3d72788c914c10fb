export * from './contrato';
export * from './mensagens';
export * from './comandos';
