/** The shapes of a command (workflow): its declaration, the context its steps share, its after-commit actions. */
import type { AcessoComando, LojaComando, MetodoComando, ParametroDoCaminho, QualquerFace } from '@retaguarda/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Database, Tx } from '../db/database';
import type { AuditoriaTable } from '../db/schema';
import type { OpcoesEnvio } from '../jobs/motor';
import type { AuthContext } from '../plugins/auth';
import type { PlataformaEvento } from '../plugins/events';

/** The store a store-bound command acts on (loaded, scope-checked), with its time zone. */
export interface LojaDoComando {
  id: number;
  sigla: string;
  uf: string;
  codigoIbge: string | null;
  /** IANA zone of the store (zonaDaLoja): business dates are local to it */
  zona: string;
}

/** What the runner writes into the audit trail for the command (one row per run); steps fill it in. */
export interface AuditoriaDoComando {
  entidade?: string;
  entidadeId?: string | number | null;
  operacao?: AuditoriaTable['operacao'];
  antes?: unknown;
  depois?: unknown;
}

/** What every step receives. `estado` is the command's own working state, passed from step to step. */
export interface ContextoDoComando<E, S> {
  readonly nome: string;
  readonly trx: Tx;
  readonly db: Database;
  /** the validated input (`z.output` of the contract) */
  readonly entrada: E;
  readonly auth: AuthContext;
  readonly assinanteId: number;
  readonly usuarioId: number | null;
  readonly requestId: string | null;
  /** true in a preview (`?previa=true`): the same steps run, then everything is rolled back */
  readonly previa: boolean;
  /** the store of `loja` in the declaration (throws when the command declares none) */
  readonly loja: LojaDoComando;
  estado: S;
  auditoria: AuditoriaDoComando;
  /** an after-commit action decided by a step (never runs on rollback or preview) */
  depoisDoCommit(acao: AcaoDepoisDoCommit<E, unknown>): void;
  /** a platform event announced after the commit (realtime) */
  publicar(evento: PlataformaEvento): void;
  /**
   * Enqueues a job in the command's transaction (a rollback leaves no job), as its owner: the job's id
   * (a singleton's open job answers its own). A command that `responde: 'tarefa'` enqueues exactly one:
   * the backbone answers 202 with its Location.
   */
  enfileirar(tipo: string, dados: unknown, opcoes?: OpcoesDaTarefa): Promise<string>;
}

/** How a command's job is sent (tenant and owner come from the command). */
export type OpcoesDaTarefa = Omit<OpcoesEnvio, 'assinanteId' | 'usuarioId'>;

/** A small named step. Throw ApiError (see `recusar`, `conflito`, `naoEncontrado`) to refuse: all rolls back. */
export type Passo<E, S> = (ctx: ContextoDoComando<E, S>) => Promise<void> | void;

/** What an after-commit action sees: the committed input and result, and the database to enqueue jobs with. */
export interface ContextoDepoisDoCommit<E, O> {
  nome: string;
  db: Database;
  assinanteId: number;
  usuarioId: number | null;
  requestId: string | null;
  entrada: E;
  resultado: O;
  log?: FastifyBaseLogger;
}

export type AcaoDepoisDoCommit<E, O> = (ctx: ContextoDepoisDoCommit<E, O>) => void | Promise<void>;

/** `tipoCliente: 'BOTICARIO'`: a franchise-only command (the screen hides it from TODOS tenants; the API refuses, 403). */
export type AcessoDoComando = AcessoComando;

export interface DefinicaoWorkflow<TIn extends z.ZodType, TOut extends z.ZodType, S> {
  /** unique name (`estoque.fechamento`): idempotency keys and audit rows are per name */
  nome: string;
  /** route: POST /api/v1/<area>/<recurso>/{id}/<acao>, or POST /api/v1/<area>/<recurso> without `acao` */
  area: string;
  recurso: string;
  acao?: string;
  /** the input field the path `{id}` fills (member commands) */
  idDoCaminho?: string;
  /** OpenAPI summary and the entity named in the 403 message */
  resumo: string;
  entidade: string;
  entrada: TIn;
  saida: TOut;
  acesso: AcessoDoComando;
  /** the store the command acts on: loaded (404), scope-checked (403), its zone known, before any step */
  loja?: (entrada: z.output<TIn>) => number;
  /** advisory lock keys (per stock location, bank account…): commands on the same key run one at a time */
  lock?: (entrada: z.output<TIn>) => string | readonly string[];
  /** 'cabecalho' (default): the Idempotency-Key header; a function: a natural key (document number…); 'nenhuma': no stored answer (a secret shown once) */
  idempotencia?: 'cabecalho' | 'nenhuma' | ((entrada: z.output<TIn>) => string);
  estadoInicial: () => S;
  passos: readonly Passo<z.output<TIn>, S>[];
  /** the answer, from the steps' state */
  resposta: (ctx: ContextoDoComando<z.output<TIn>, S>) => z.output<TOut> | Promise<z.output<TOut>>;
  /** a command that creates a document answers 201 with Location …/<recurso>/<id> (null: 201, no Location) */
  criaRecurso?: (saida: z.output<TOut>) => string | number | null;
  /** 'tarefa': the steps enqueue one job (`ctx.enfileirar`) and the answer is 202 + its Location */
  responde?: 'imediata' | 'tarefa';
  depoisDoCommit?: readonly AcaoDepoisDoCommit<z.output<TIn>, z.output<TOut>>[];
}

/**
 * What the server binds to a command's face (`defineWorkflow(face, ligacao)`): the steps, their state, the
 * answer, the locks and the after-commit actions. Path, contracts, access, store, idempotency come from the face.
 */
export type LigacaoWorkflow<TIn extends z.ZodType, TOut extends z.ZodType, S> = Pick<
  DefinicaoWorkflow<TIn, TOut, S>,
  'lock' | 'estadoInicial' | 'passos' | 'resposta' | 'depoisDoCommit'
>;

/** The store of a member command, read from the path's resource (the face's `loja: { recurso }`). */
export type LojaDoRecurso = Extract<LojaComando<Record<string, unknown>>, { recurso: string }>;

/** A bound command: the face's fields, the steps, and what the router and the runner read. */
export type Workflow<TIn extends z.ZodType, TOut extends z.ZodType, S> = Readonly<
  DefinicaoWorkflow<TIn, TOut, S> & {
    /** the public face (domain) */
    face: QualquerFace;
    metodo: MetodoComando;
    /** `/api/v1/estoque/transferencias/{id}/receber` */
    caminho: string;
    /** the path's parameters and the input fields they fill (`{id}` → `idDoCaminho`, `{chave}` → `chave`) */
    camposDoCaminho: readonly ParametroDoCaminho[];
    lojaDoRecurso?: LojaDoRecurso;
    limiteCorpo?: number;
    raizXml?: string;
    corpoEmLista?: string;
  }
>;

/** Any command, as the runner and the router take them (their input types differ per command). */
// biome-ignore lint/suspicious/noExplicitAny: a list of commands of different inputs, outputs and states
export type QualquerWorkflow = Workflow<any, any, any>;
