export * from './leitor';
