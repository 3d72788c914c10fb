export * from './coletor';
export * from './duplicados';
export * from './linhas';
export * from './mensagens';
export * from './coletor.contrato';
