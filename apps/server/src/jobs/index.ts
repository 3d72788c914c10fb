/** Durable background jobs on pg-boss: see motor.ts (engine), definicoes.ts (kinds), README.md. */
export {
  type ContextoTarefa,
  type DefinicaoTarefa,
  defineJob,
  FalhaDefinitiva,
  TarefaCancelada,
} from './definicoes';
export { type ContextoAgenda, type DefinicaoAgenda, defineSchedule } from './agendas';
export { type OpcoesEnvio, type Motor, tarefasDe } from './motor';
export { jobsPlugin } from './plugin';
export { tarefasRotas } from './tarefas.routes';
