export * from './dispositivos.comandos';
export * from './dispositivos.contrato';
export * from './eventos';
