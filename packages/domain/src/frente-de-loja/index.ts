export * from './dispositivos.comandos';
export * from './dispositivos.contrato';
export * from './eventos';
export * from './funcoes-pdv';
export * from './funcoes-pdv.comandos';
export * from './carga';
