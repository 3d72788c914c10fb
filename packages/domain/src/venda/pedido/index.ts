export * from './regras';
export * from './mensagens';
export * from './contrato';
export * from './comandos';
export * from './eventos';
