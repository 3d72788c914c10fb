import { describe, expect, it } from 'vitest';
import { errosPorCampo, falhaDaApi, HttpError, mostrarErrosNosCampos, toastDeErro } from './erros';

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

describe("field errors as data (the body's erros)", () => {
  const corpo = {
    message: 'Os dados enviados são inválidos.',
    reasons: ['senha: deve ter pelo menos 8 caracteres.', 'lojasUsuario.0.lojaId: inválido', 'Outra coisa'],
    erros: [
      { campo: 'senha', mensagem: 'deve ter pelo menos 8 caracteres.' },
      { campo: 'lojasUsuario.0.lojaId', mensagem: 'inválido' },
    ],
  };

  it('reads the body tolerantly: odd parts are empty, never a second failure', () => {
    expect(falhaDaApi(new HttpError(422, '/u', corpo))).toEqual({ status: 422, ...corpo });
    expect(falhaDaApi(new HttpError(500, '/u', 'texto'))).toEqual({ status: 500, message: '', reasons: [], erros: [] });
    expect(falhaDaApi(new HttpError(422, '/u', { erros: [{ campo: 1 }, 'x'] })).erros).toEqual([]);
    expect(falhaDaApi(new TypeError('x')).status).toBe(0);
  });

  it('one message per field (first path segment), capitalised; no regex reads a reason', () => {
    expect(errosPorCampo(corpo.erros)).toEqual({
      campos: { senha: 'Deve ter pelo menos 8 caracteres.', lojasUsuario: 'Inválido' },
      semCampo: 0,
    });
    expect(errosPorCampo(corpo.erros, (c) => (c === 'senha' ? c : undefined)).semCampo).toBe(1);
  });

  it('sets the field errors and asks for a toast only when a reason has no field', () => {
    const postos: string[] = [];
    const setError = (campo: never, e: { message: string }) => {
      postos.push(`${campo}=${e.message}`);
    };
    expect(mostrarErrosNosCampos(falhaDaApi(new HttpError(422, '/u', corpo)), setError)).toBe(true);
    expect(postos).toEqual(['senha=Deve ter pelo menos 8 caracteres.', 'lojasUsuario=Inválido']);
    const soCampos = { ...corpo, reasons: corpo.reasons.slice(0, 2) };
    expect(mostrarErrosNosCampos(falhaDaApi(new HttpError(422, '/u', soCampos)), setError)).toBe(false);
  });
});
