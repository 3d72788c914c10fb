export * from './contrato';
export * from './mensagens';
