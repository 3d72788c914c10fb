/** Durable background jobs on pg-boss: see motor.ts (engine), definicoes.ts (kinds), README.md. */
export {
  type ContextoTarefa,
  type DefinicaoTarefa,
  definirTarefa,
  FalhaDefinitiva,
  TarefaCancelada,
} from './definicoes';
export { type ContextoAgenda, type DefinicaoAgenda, definirAgenda } from './agendas';
export { type OpcoesEnvio, type Motor, tarefasDe } from './motor';
export { jobsPlugin } from './plugin';
export { tarefasRotas } from './tarefas.routes';
