export * from './comandos';
export * from './contrato';
