/**
 * The one error family of the API (domain `corpoDeErro`): `{ message, reasons?, erros? }` in Portuguese.
 * Route code, register hooks and command steps throw `ApiError`, mostly through the helpers below (422 with
 * reasons and erros, 409, 404, 403); database errors a write can provoke are mapped here, anything else
 * stays a 500. Field errors are data (`falhaDeCampo`): the reason strings clients read and the `erros` the
 * forms read are both built here, from the same list.
 */
import {
  type CorpoDeErro,
  type ErroDeCampo,
  type FalhaDeCampo,
  falhaDeCampo,
  frase,
  MSG,
  razaoDeCampo,
} from '@retaguarda/domain';
import type { z } from 'zod';

/** A reason: free text, or a field's error (`falhaDeCampo` of the domain). */
export type Razao = string | FalhaDeCampo;

export class ApiError extends Error {
  /** the strings clients read, one per reason ("Rótulo: Mensagem.", domain `razaoDeCampo`) */
  reasons?: string[];
  /** the field errors among the reasons (`campo` is the machine name) */
  erros?: ErroDeCampo[];
  /** headers sent with the error (a duplicate's 409 names the existing resource in `Location`) */
  headers?: Record<string, string>;

  constructor(
    readonly statusCode: number,
    message: string,
    private razoes?: readonly Razao[],
  ) {
    super(message);
    this.montar();
  }

  /** Fills the labels a rule left out (the register engine knows its fields' labels); returns itself. */
  comRotulos(rotuloDe: (campo: string) => string | undefined): this {
    this.razoes = this.razoes?.map((r) =>
      typeof r === 'string' || r.rotulo ? r : { ...r, ...(rotuloDe(r.campo) ? { rotulo: rotuloDe(r.campo) } : {}) },
    );
    this.montar();
    return this;
  }

  /** Adds headers to the answer (`{ location }` of the resource a 409 conflicts with); returns itself. */
  comCabecalhos(headers: Record<string, string>): this {
    this.headers = { ...this.headers, ...headers };
    return this;
  }

  private montar(): void {
    const razoes = this.razoes;
    if (!razoes?.length) return;
    this.reasons = razoes.map((r) => (typeof r === 'string' ? r : razaoDeCampo(r)));
    const erros = razoes
      .filter((r) => typeof r !== 'string')
      .map((r) => ({ campo: r.campo, mensagem: frase(r.mensagem) }));
    if (erros.length) this.erros = erros;
  }
}

export type ErrorBody = CorpoDeErro;

/** The body of an ApiError: `reasons` and `erros` only when there are some. */
export function bodyOf(err: ApiError): ErrorBody {
  return {
    message: err.message,
    ...(err.reasons?.length ? { reasons: err.reasons } : {}),
    ...(err.erros?.length ? { erros: err.erros } : {}),
  };
}

export const MSG_COMANDO = {
  conflito: 'A operação conflita com dados já existentes.',
  referencia: 'registro referenciado não encontrado.',
  concorrencia: 'Outra operação alterou os mesmos dados ao mesmo tempo. Tente novamente.',
  ocupado: 'Outra operação sobre os mesmos dados está em andamento. Tente novamente em instantes.',
  chaveInvalida: 'Idempotency-Key: use de 1 a 255 caracteres visíveis.',
  chaveReutilizada:
    'Esta chave de idempotência já foi usada com outros dados. Use uma nova chave para uma nova operação.',
  naturalReutilizada: 'Este documento já foi processado com outros dados.',
  /** names the store: the clerk with several stores sees which one the document is of */
  lojaForaDoEscopo: (loja: { sigla: string; fantasia?: string | null }) =>
    `Você não tem acesso à loja ${loja.fantasia ? `${loja.sigla} - ${loja.fantasia}` : loja.sigla}.`,
  lojaNaoEncontrada: 'Loja não encontrada.',
} as const;

/** 422 for one field (the forms read `erros`). */
export function recusar(campo: string, mensagem: string): ApiError {
  return new ApiError(422, MSG.validacao, [falhaDeCampo(campo, mensagem)]);
}

/** 422 with several reasons (free text or field errors). */
export function recusarTudo(razoes: readonly Razao[]): ApiError {
  return new ApiError(422, MSG.validacao, razoes);
}

/** 409: a conflict with the current state or an invalid transition. */
export function conflito(mensagem: string, razoes?: readonly Razao[]): ApiError {
  return new ApiError(409, mensagem, razoes);
}

export function naoEncontrado(mensagem: string = MSG.recursoNaoEncontrado): ApiError {
  return new ApiError(404, mensagem);
}

export function proibido(mensagem: string): ApiError {
  return new ApiError(403, mensagem);
}

/** A failed input parse as the API's 422 (one field error per issue). */
export function falhasDaEntrada(issues: readonly z.core.$ZodIssue[]): ApiError {
  return recusarTudo(
    issues.map((i) => {
      const campo = i.path.map(String).join('.');
      return campo ? falhaDeCampo(campo, i.message) : i.message;
    }),
  );
}

/** Database errors a command's writes can raise, as the API's answers; anything else is rethrown. */
export function mapearErroDoBanco(err: unknown): never {
  const code = (err as { code?: string }).code;
  if (code === '23505') throw conflito(MSG_COMANDO.conflito);
  if (code === '23503') throw recusarTudo([MSG_COMANDO.referencia]);
  if (code === '23514' || code === '23502') throw recusarTudo(['valor não aceito.']);
  if (code === '40001' || code === '40P01') throw conflito(MSG_COMANDO.concorrencia);
  if (code === '55P03') throw conflito(MSG_COMANDO.ocupado);
  throw err;
}
