export * from './coletor';
export * from './coletor.comandos';
export * from './duplicados';
export * from './linhas';
export * from './mensagens';
export * from './coletor.contrato';
