export * from './contrato';
export * from './regras';
