/**
 * The public face of a command (issue #24.1): name, method and path, input and output contracts,
 * idempotency policy, where its store comes from, access, and whether it answers at once or with a job.
 * Declared once here beside the workflow's contract; the server binds its steps to it
 * (`defineWorkflow(face, { passos, … })`), OpenAPI comes from it, and the web calls it with
 * `useComando(face)` (URL, body and answer types derived from the face).
 */
import type { z } from 'zod';

export type MetodoComando = 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * 'cabecalho': the Idempotency-Key header (kept per sender); a natural key: the same document posts once;
 * 'nenhuma': the answer carries a secret shown once (an integration key) that must never be stored, so no
 * answer is kept for a replay (a retry meets the resource's own uniqueness: 409).
 */
export type IdempotenciaComando<E> = 'cabecalho' | 'nenhuma' | { chaveNatural: (entrada: E) => string };

/**
 * Where the command's store comes from: an input field, or the resource named by the path's `{id}` — the
 * backbone reads that row (`for update`), answers 404 unless the user holds its store (or the `visivelPor`
 * store: the other end of a transfer), 403 unless the user holds `colunaLoja`, and loads that store.
 */
export type LojaComando<E> =
  | { campo: keyof E & string }
  | {
      /** the table of the resource (`transferencia_estoque`) */
      recurso: string;
      /** the input field holding the resource's id (the path's `{id}`) */
      parametro: keyof E & string;
      /** the column naming the store the command acts on (`loja_destino_id`) */
      colunaLoja: string;
      /** another store column that makes the resource visible (404 → 403 for its holders) */
      visivelPor?: string;
      naoEncontrado: string;
      foraDoEscopo: string;
    };

/**
 * Access: a permission (any of) or administrators (optionally also holding a permission: group and user
 * registration, spec §6), optionally only for a client type (the API refuses, 403). `proprioUsuario`: the
 * user named by the path's `{id}` passes by themself (their own record); `trocaDeSenha`: reachable while a
 * password change is pending (for oneself only, when `proprioUsuario`).
 */
export type AcessoComando = (
  | { permissao: string | readonly string[] }
  | { administrador: true; permissao?: string | readonly string[] }
  /** no credential: the body carries its own (a device's registration by its QR token) */
  | { publico: true }
) & {
  tipoCliente?: 'BOTICARIO';
  /** a device credential of the command's store may call it too (POS and collector APIs); else devices get 403 */
  dispositivo?: true;
  proprioUsuario?: true;
  trocaDeSenha?: true;
};

export interface DeclaracaoComando<TIn extends z.ZodType = z.ZodType, TOut extends z.ZodType = z.ZodType> {
  /** unique name (`estoque.fechamento`): idempotency keys and audit rows are per name */
  nome: string;
  /** default POST */
  metodo?: MetodoComando;
  /**
   * `/api/v1/estoque/ajustes`, `/api/v1/estoque/transferencias/{id}/receber`, or named parameters
   * (`/api/v1/configuracoes/{chave}/lojas/{lojaId}`): each `{x}` fills the input field `x` (`{id}`: `campoDoId`)
   */
  caminho: string;
  /** the input field the path's `{id}` fills (default `id`) */
  campoDoId?: keyof z.input<TIn> & string;
  /** OpenAPI summary */
  resumo: string;
  /** the entity named in the 403 message */
  entidade: string;
  entrada: TIn;
  saida: TOut;
  /** default 'cabecalho' */
  idempotencia?: IdempotenciaComando<z.output<TIn>>;
  loja?: LojaComando<z.output<TIn>>;
  acesso: AcessoComando;
  /**
   * 'imediata' (default): the answer is the result; 'tarefa': the steps enqueue ONE job in the command's
   * transaction and the answer is 202 + `Location: /api/v1/tarefas/{id}`, its body (the output) naming the
   * job in `tarefaId` (the web follows it).
   */
  responde?: 'imediata' | 'tarefa';
  /**
   * a command that creates a document answers 201 + Location `<caminho>/<id>`; null: 201 without Location
   * (what it creates has no address of its own: a new version of an official table)
   */
  criaRecurso?: (saida: z.output<TOut>) => string | number | null;
  /** where the created resource is read when not under `caminho` (`/api/v1/pessoa/usuarios`: Location `…/<id>`) */
  localDoRecurso?: string;
  /** the request body limit in bytes (default: the server's) */
  limiteCorpo?: number;
  /** the XML root of body and answer (default: the resource in the singular, or the action) */
  raizXml?: string;
  /** a bare JSON array body is read as this field (spec §7 set replacements: `[1, 2]` or `{id, membros: [1, 2]}`) */
  corpoEmLista?: keyof z.input<TIn> & string;
}

export type FaceComando<TIn extends z.ZodType = z.ZodType, TOut extends z.ZodType = z.ZodType> = Readonly<
  DeclaracaoComando<TIn, TOut>
> & { readonly metodo: MetodoComando; readonly comando: true };

/** Any face, as lists and the router take them (their contracts differ per command). */
// biome-ignore lint/suspicious/noExplicitAny: a list of faces of different contracts
export type QualquerFace = FaceComando<any, any>;

const NOME = /^[a-z][a-z0-9-]*(\.[a-z][a-z0-9-]*)+$/;
/** literal segments and named parameters (`{id}`, `{chave}`, `{lojaId}`) */
const CAMINHO = /^\/api\/v1(\/([a-z][a-z0-9-]*|\{[a-z][a-zA-Z0-9]*\}))+$/;
const PARAMETRO = /\{([a-z][a-zA-Z0-9]*)\}/g;

/** A path parameter and the input field it fills: `{id}` fills `campoDoId` (default `id`), `{x}` fills `x`. */
export interface ParametroDoCaminho {
  parametro: string;
  campo: string;
}

export function parametrosDoCaminho(face: Pick<QualquerFace, 'caminho' | 'campoDoId'>): ParametroDoCaminho[] {
  return [...face.caminho.matchAll(PARAMETRO)].map(([, parametro]) => ({
    parametro: parametro!,
    campo: parametro === 'id' ? (face.campoDoId ?? 'id') : parametro!,
  }));
}

export function defineCommand<TIn extends z.ZodType, TOut extends z.ZodType>(
  d: DeclaracaoComando<TIn, TOut>,
): FaceComando<TIn, TOut> {
  if (!NOME.test(d.nome)) throw new Error(`nome de comando inválido: ${d.nome} (ex.: estoque.fechamento)`);
  if (!CAMINHO.test(d.caminho))
    throw new Error(`${d.nome}: caminho inválido ${d.caminho} (ex.: /api/v1/estoque/ajustes)`);
  const campos = parametrosDoCaminho(d).map((p) => p.campo);
  if (new Set(campos).size !== campos.length) throw new Error(`${d.nome}: parâmetro repetido no caminho`);
  if (d.campoDoId && !d.caminho.includes('{id}')) throw new Error(`${d.nome}: campoDoId sem {id} no caminho`);
  if (d.loja && 'recurso' in d.loja && !d.caminho.includes('{id}'))
    throw new Error(`${d.nome}: a loja vem do recurso do caminho, que não tem {id}`);
  if (d.localDoRecurso && !CAMINHO.test(d.localDoRecurso))
    throw new Error(`${d.nome}: localDoRecurso inválido ${d.localDoRecurso}`);
  if (d.responde === 'tarefa') conferirSaidaDeTarefa(d);
  return Object.freeze({ ...d, metodo: d.metodo ?? 'POST', comando: true as const });
}

/** A job's address: the `Location` of a command that answers with a job (202). */
export const caminhoDaTarefa = (tarefaId: string): string => `/api/v1/tarefas/${encodeURIComponent(tarefaId)}`;

/** A command answering with a job names it in its body (`tarefaId`) and creates nothing itself. */
function conferirSaidaDeTarefa(d: { nome: string; saida: z.ZodType; criaRecurso?: unknown }): void {
  if (d.criaRecurso) throw new Error(`${d.nome}: um comando que responde com tarefa não cria recurso`);
  const forma = (d.saida as { shape?: Record<string, unknown> }).shape;
  if (!forma || !('tarefaId' in forma)) throw new Error(`${d.nome}: a saída de um comando com tarefa tem tarefaId`);
}

/** The input field the path's `{id}` fills, when the path has one. */
export const campoDoIdDe = (face: Pick<QualquerFace, 'caminho' | 'campoDoId'>): string | undefined =>
  face.caminho.includes('{id}') ? (face.campoDoId ?? 'id') : undefined;

/** The URL of a call: each path parameter filled from its input field (encoded). */
export function urlDoComando(face: Pick<QualquerFace, 'caminho' | 'campoDoId'>, entrada: unknown): string {
  let url = face.caminho;
  for (const { parametro, campo } of parametrosDoCaminho(face)) {
    const valor = (entrada as Record<string, unknown> | null)?.[campo];
    if (valor === undefined || valor === null || valor === '') throw new Error(`${face.caminho}: informe ${campo}`);
    url = url.replace(`{${parametro}}`, encodeURIComponent(String(valor)));
  }
  return url;
}

/**
 * The body of a call: the input without the fields the path carries; a face reading a bare array
 * (`corpoEmLista`) gets the array itself when nothing else is sent (as spec §7's clients send it).
 */
export function corpoDoComando(
  face: Pick<QualquerFace, 'caminho' | 'campoDoId' | 'corpoEmLista'>,
  entrada: unknown,
): unknown {
  const campos = parametrosDoCaminho(face).map((p) => p.campo);
  if (!campos.length || !entrada || typeof entrada !== 'object' || Array.isArray(entrada)) return entrada;
  const corpo = Object.fromEntries(Object.entries(entrada).filter(([k]) => !campos.includes(k)));
  const lista = face.corpoEmLista;
  if (lista && Array.isArray(corpo[lista]) && Object.keys(corpo).length === 1) return corpo[lista];
  return corpo;
}

/**
 * Where a create's `Location` points: `<localDoRecurso or caminho>/<id>`; a path with parameters
 * (`/contas-correntes/{id}/lancamentos`) is filled from the command's input.
 */
export const localDoCriado = (
  face: Pick<QualquerFace, 'caminho' | 'localDoRecurso' | 'campoDoId'>,
  id: string | number,
  entrada?: unknown,
): string => {
  const base = face.localDoRecurso ?? (entrada === undefined ? face.caminho : urlDoComando(face, entrada));
  return `${base}/${encodeURIComponent(String(id))}`;
};

/** What the web sends (the contract's input, the path's parameters included) and what it reads back. */
export type EntradaDoComando<F extends QualquerFace> = z.input<F['entrada']>;
export type SaidaDoComando<F extends QualquerFace> = z.output<F['saida']>;
