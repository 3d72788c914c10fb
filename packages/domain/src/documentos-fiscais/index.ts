export * from './chave-acesso';
export * from './gtin';
