export * from './codigos';
export * from './fields';
export * from './normalize';
export * from './registry';
export * from './rotulo';
export * from './schema';
export * from './types';
export { cstCsosnIncompativel } from '../fiscal/situacao-fiscal.register';
export * from '../fiscal/tabelas-oficiais';
