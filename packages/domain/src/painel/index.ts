export * from './periodos';
export * from './indicadores/catalogo';
export * from './indicadores/calculo';
export * from './dashboards/contrato';
export * from './dashboards/comandos';
