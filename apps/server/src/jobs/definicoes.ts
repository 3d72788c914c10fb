/**
 * Kinds of job ("tipos de tarefa"): declared once in code (module level), so every instance knows
 * how to run any job it fetches. A module declares its kinds with `defineJob` and enqueues with
 * `tarefasDe(db).enviar(...)` (after commit) or `.enviarNa(trx, ...)` (in the caller's transaction).
 */
import type { Database } from '../db/database';
import type { NomeFila } from './filas';

/** What a pg-boss job carries. */
export interface DadosDoJob {
  tarefaId: string;
  tipo: string;
  assinanteId: number;
  usuarioId: number | null;
  dados: unknown;
}

export interface ContextoTarefa<D> {
  db: Database;
  tarefaId: string;
  assinanteId: number;
  usuarioId: number | null;
  dados: D;
  /** 1 on the first attempt, 2 on the first retry… */
  tentativa: number;
  /** aborted when the job is cancelled, its instance stops or pg-boss expires it: stop soon */
  sinal: AbortSignal;
  /** records and announces progress; throws TarefaCancelada once the job is cancelled */
  progresso(feito: number, total: number, fase?: string | null): Promise<void>;
}

export interface EncerramentoTarefa<D> {
  db: Database;
  tarefaId: string;
  assinanteId: number;
  usuarioId: number | null;
  dados: D;
  status: 'ERRO' | 'CANCELADO';
  mensagem: string;
}

export interface DefinicaoTarefa<D = unknown, R = unknown> {
  tipo: string;
  fila: NomeFila;
  /** the work; its answer is the job's `resultado` */
  executar(ctx: ContextoTarefa<D>): Promise<R>;
  /** after the job ended in error for good or was cancelled (e.g. tell the owner) */
  aoEncerrar?(fim: EncerramentoTarefa<D>): Promise<void>;
}

/** An error that retrying cannot fix (bad parameters, a record gone): the job ends in ERRO at once. */
export class FalhaDefinitiva extends Error {}

export class TarefaCancelada extends Error {
  constructor() {
    super('tarefa cancelada');
  }
}

const definicoes = new Map<string, DefinicaoTarefa<never, unknown>>();

export function defineJob<D, R>(def: DefinicaoTarefa<D, R>): DefinicaoTarefa<D, R> {
  definicoes.set(def.tipo, def as unknown as DefinicaoTarefa<never, unknown>);
  return def;
}

export function definicaoDe(tipo: string): DefinicaoTarefa<unknown, unknown> | undefined {
  return definicoes.get(tipo) as DefinicaoTarefa<unknown, unknown> | undefined;
}
