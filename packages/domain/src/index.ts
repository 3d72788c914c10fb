export * from './assinante';
export * from './constants';
export * from './documentos';
export * from './messages';
export * from './permissions';
