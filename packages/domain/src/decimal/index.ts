export * from './decimal';
export * from './esquema';
