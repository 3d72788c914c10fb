/** The old-date confirmation (issue 26): asked once, sent again with the flag only when confirmed. */
import { describe, expect, it, vi } from 'vitest';
import { HttpError } from '../../lib/erros';
import { comConfirmacaoDeDataAntiga } from './data-antiga';

const antiga = new HttpError(422, '/api/v1/estoque/ajustes', {
  message: 'Os dados enviados são inválidos.',
  reasons: ['x'],
  erros: [
    {
      campo: 'dataDaMovimentacao',
      mensagem:
        'A data é anterior a 28/11/2025 (mais de um ano atrás): confirme o lançamento retroativo (confirmarDataAntiga: true).',
    },
  ],
});

describe('comConfirmacaoDeDataAntiga', () => {
  it('asks and sends again with the flag when confirmed', async () => {
    const enviar = vi.fn(async (c: boolean) => {
      if (!c) throw antiga;
      return 'ok';
    });
    const perguntar = vi.fn(() => true);
    await expect(comConfirmacaoDeDataAntiga(enviar, perguntar)).resolves.toBe('ok');
    expect(perguntar).toHaveBeenCalledWith(
      'A data é de mais de um ano atrás (anterior a 28/11/2025). Confirma o lançamento retroativo?',
    );
    expect(enviar.mock.calls).toEqual([[false], [true]]);
  });

  it('declined: the refusal stays (the form shows it on the date)', async () => {
    const enviar = vi.fn(async () => {
      throw antiga;
    });
    await expect(comConfirmacaoDeDataAntiga(enviar, () => false)).rejects.toBe(antiga);
    expect(enviar).toHaveBeenCalledTimes(1);
  });

  it('any other refusal is not asked about', async () => {
    const outra = new HttpError(422, '/x', { message: 'm', erros: [{ campo: 'data', mensagem: 'Data inexistente.' }] });
    const perguntar = vi.fn(() => true);
    await expect(
      comConfirmacaoDeDataAntiga(async () => {
        throw outra;
      }, perguntar),
    ).rejects.toBe(outra);
    expect(perguntar).not.toHaveBeenCalled();
  });
});
