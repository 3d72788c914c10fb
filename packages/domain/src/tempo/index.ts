export * from './data-br';
export * from './relogio';
export * from './zonas';
