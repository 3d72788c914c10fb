export { podeAlterar, podeLer } from './acesso';
export { gravarValor, linhasDoAssinante } from './armazem';
export { CacheDeParametros, cacheDeParametros } from './cache';
export { lerFlags, lerParametro, lerParametroNaTransacao } from './ler';
export { configuracoesRoutes } from './routes';
