export * from './comandos';
export * from './contrato';
export * from './motor';
export * from './proposta';
