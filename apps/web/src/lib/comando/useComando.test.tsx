/**
 * One Idempotency-Key per form submission: a double click posts once, a retry after a failure sends the same key,
 * another input or a success starts a new submission.
 */
import { act, fireEvent, render, renderHook, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { comandoFinalizarLote } from '@retaguarda/domain';
import { Comando, errosJaNosCampos, useComando } from './useComando';

interface Envio {
  entrada: unknown;
  chave: string;
  responder: (v: string) => void;
  falhar: (e: Error) => void;
}

function servidor() {
  const envios: Envio[] = [];
  const enviar = (entrada: unknown, chave: string) =>
    new Promise<string>((responder, falhar) => envios.push({ entrada, chave, responder, falhar }));
  return { envios, enviar };
}

describe('useComando', () => {
  it('a double-clicked button posts once, and both clicks get the answer', async () => {
    const s = servidor();
    function Botao() {
      const c = useComando(s.enviar);
      const [res, setRes] = useState<string[]>([]);
      return (
        <>
          <button type="button" onClick={() => void c.executar({ loteId: 5 }).then((r) => setRes((x) => [...x, r]))}>
            Aplicar
          </button>
          <output>{res.join(',')}</output>
        </>
      );
    }
    render(<Botao />);
    const botao = screen.getByRole('button', { name: 'Aplicar' });
    fireEvent.click(botao);
    fireEvent.click(botao);
    expect(s.envios).toHaveLength(1);
    await act(async () => s.envios[0]!.responder('ok'));
    expect(screen.getByRole('status').textContent).toBe('ok,ok');
  });

  it('a retry after a failure sends the same key; another input or a success makes a new one', async () => {
    const s = servidor();
    const c = new Comando(s.enviar);
    const primeira = c.executar({ a: 1, b: [1, 2] });
    s.envios[0]!.falhar(new Error('rede'));
    await expect(primeira).rejects.toThrow('rede');
    // the same data in another key order is the same submission
    const retry = c.executar({ b: [1, 2], a: 1 });
    expect(s.envios[1]!.chave).toBe(s.envios[0]!.chave);
    s.envios[1]!.responder('feito');
    await expect(retry).resolves.toBe('feito');
    // after a success: a new submission, a new key
    void c.executar({ a: 1, b: [1, 2] });
    expect(s.envios[2]!.chave).not.toBe(s.envios[1]!.chave);
    // the input changed while the first waited: a new key, a new post
    void c.executar({ a: 2, b: [1, 2] });
    expect(s.envios).toHaveLength(4);
    expect(s.envios[3]!.chave).not.toBe(s.envios[2]!.chave);
  });

  it("with a form: the server's erros go under its fields; an error with a reason no field shows is left to toast", async () => {
    const respostas = [
      { erros: [{ campo: 'id', mensagem: 'lote em outra situação.' }], reasons: ['lote em outra situação.'] },
      { erros: [{ campo: 'id', mensagem: 'lote em outra situação.' }], reasons: ['x', 'período fechado.'] },
    ];
    const urls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        urls.push(url);
        const r = respostas.shift()!;
        return new Response(JSON.stringify({ status: 422, message: r.reasons[0], ...r }), {
          status: 422,
          headers: { 'content-type': 'application/json' },
        });
      }),
    );
    const setError = vi.fn();
    const { result } = renderHook(() => useComando(comandoFinalizarLote, { form: { setError } }));
    const primeira = await result.current.executar({ id: 7 }).catch((e: unknown) => e);
    expect(urls[0]).toBe('/api/v1/fiscal/lotes-inconsistencia/7/finalizacao');
    expect(setError).toHaveBeenCalledWith(
      'id',
      { type: 'server', message: 'Lote em outra situação.' },
      { shouldFocus: true },
    );
    expect(errosJaNosCampos(primeira)).toBe(true);
    const segunda = await result.current.executar({ id: 7 }).catch((e: unknown) => e);
    expect(errosJaNosCampos(segunda)).toBe(false);
    vi.unstubAllGlobals();
  });
});
