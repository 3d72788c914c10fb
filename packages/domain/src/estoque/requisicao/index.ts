export * from './contrato';
export * from './mensagens';
export * from './regras';
export * from './comandos';
