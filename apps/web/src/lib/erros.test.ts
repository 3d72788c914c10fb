import { describe, expect, it } from 'vitest';
import { HttpError, toastDeErro } from './erros';

describe('error → toast (spec §8)', () => {
  it('403 with and without an entity', () => {
    expect(toastDeErro(new HttpError(403, '/api/x'), { entidade: 'o fornecedor' })).toMatchObject({
      title: 'Erro 403: Sem permissão',
      message: 'Você não tem permissão para acessar ou alterar o fornecedor.',
    });
    expect(toastDeErro(new HttpError(403, '/api/x')).message).toBe('Você não tem permissão para realizar essa ação.');
  });

  it('reasons: one as is, several as a dash list; erros likewise', () => {
    expect(
      toastDeErro(new HttpError(422, '/u', { message: 'Inválido', reasons: ['Nome obrigatório.'] })),
    ).toMatchObject({
      title: 'Erro 422: Inválido',
      message: 'Nome obrigatório.',
    });
    expect(toastDeErro(new HttpError(422, '/u', { message: 'Inválido', reasons: ['a', 'b'] })).message).toBe(
      '- a\n- b',
    );
    expect(toastDeErro(new HttpError(400, '/u', { message: 'M', erros: ['x', 'y'] })).message).toBe('- x\n- y');
  });

  it('data without reasons: the body is the message, title Erro {status}', () => {
    expect(toastDeErro(new HttpError(409, '/u', { message: 'Conflito' }))).toMatchObject({
      title: 'Erro 409',
      message: 'Conflito',
    });
  });

  it('no response: Um erro inesperado aconteceu. titled Erro (or the default given)', () => {
    expect(toastDeErro(new HttpError(0, '/u'))).toMatchObject({
      title: 'Erro',
      message: 'Um erro inesperado aconteceu.',
    });
    expect(toastDeErro(new TypeError('x'), { mensagemPadrao: 'Outro' }).message).toBe('Outro');
  });

  it("rethrows as 'status url'", () => {
    expect(new HttpError(500, '/api/v1/menu').message).toBe('500 /api/v1/menu');
  });
});
