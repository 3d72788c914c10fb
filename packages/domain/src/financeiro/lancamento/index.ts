export * from './comandos';
export * from './contrato';
export * from './mensagens';
