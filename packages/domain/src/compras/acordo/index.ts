export * from './comandos';
export * from './contrato';
export * from './mensagens';
export * from './regras';
