/**
 * `defineWorkflow`: a command declared once — contract, access, store, lock, idempotency, steps, answer,
 * after-commit actions. The declaration is the command; `montarWorkflows` mounts it, `executarWorkflow`
 * runs it (HTTP, a job or an import alike). See README.md.
 */
import type { z } from 'zod';
import type { DefinicaoWorkflow, Workflow } from './tipos';

const NOME = /^[a-z][a-z0-9-]*(\.[a-z][a-z0-9-]*)+$/;

export function defineWorkflow<TIn extends z.ZodType, TOut extends z.ZodType, S>(
  def: DefinicaoWorkflow<TIn, TOut, S>,
): Workflow<TIn, TOut, S> {
  if (!NOME.test(def.nome)) throw new Error(`nome de comando inválido: ${def.nome} (ex.: estoque.fechamento)`);
  if (def.acao && !def.idDoCaminho) throw new Error(`${def.nome}: um comando com ação declara idDoCaminho`);
  if (!def.passos.length) throw new Error(`${def.nome}: um comando tem ao menos um passo`);
  return Object.freeze({ ...def });
}
