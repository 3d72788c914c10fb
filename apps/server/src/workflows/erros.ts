/**
 * The one error mapping of commands: steps refuse with these helpers (422 with reasons and erros, 409,
 * 404, 403); database errors a command can provoke are mapped here, anything else stays a 500.
 */
import { falhaDeCampo, MSG } from '@retaguarda/domain';
import type { z } from 'zod';
import { ApiError, type Razao } from '../plugins/errors';

export const MSG_COMANDO = {
  conflito: 'A operação conflita com dados já existentes.',
  referencia: 'registro referenciado não encontrado.',
  concorrencia: 'Outra operação alterou os mesmos dados ao mesmo tempo. Tente novamente.',
  ocupado: 'Outra operação sobre os mesmos dados está em andamento. Tente novamente em instantes.',
  chaveInvalida: 'Idempotency-Key: use de 1 a 255 caracteres visíveis.',
  chaveReutilizada:
    'Esta chave de idempotência já foi usada com outros dados. Use uma nova chave para uma nova operação.',
  naturalReutilizada: 'Este documento já foi processado com outros dados.',
  lojaForaDoEscopo: 'Você não tem acesso a esta loja.',
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
