/** Commands (workflows): declare with defineWorkflow, mount with montarWorkflows. See README.md. */
export { acessoDaRota } from './acesso';
export { defineWorkflow } from './define';
export {
  conflito,
  falhasDaEntrada,
  MSG_COMANDO,
  naoEncontrado,
  proibido,
  recusar,
  recusarTudo,
} from '../plugins/errors';
export { type Execucao, executarWorkflow, type Resultado } from './executar';
export { agendaRetencaoDeChaves, expirarChavesDeIdempotencia, RETENCAO_CHAVES_DIAS } from './retencao';
export { caminhoDoWorkflow, montarWorkflows } from './rotas';
export { chavesDeTrava, travar, travarCompartilhado } from './trava';
export type {
  AcaoDepoisDoCommit,
  ContextoDepoisDoCommit,
  ContextoDoComando,
  DefinicaoWorkflow,
  LojaDoComando,
  Passo,
  QualquerWorkflow,
  Workflow,
} from './tipos';
