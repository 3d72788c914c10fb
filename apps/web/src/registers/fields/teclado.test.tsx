/**
 * Issue #27: the pickers keep what is typed (type-then-Enter picks the highlighted option; the first keystroke of a
 * field reached by Tab or Enter is the search, not lost) and a child grid's 'Adicionar' hands the typing to the
 * new row. Inside a form whose Enter walks the fields (aoTeclarEnterAvanca), as the register forms are.
 */
import { MantineProvider } from '@mantine/core';
import { type FieldDef, f, registerByKey } from '@retaguarda/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { temaMantine } from '../../servicos/tema';
import { aoTeclarEnterAvanca } from '../../ui/useEnterAvanca';
import { apiFalsa, comUsuario } from '../../test/cadastros';
import { inputDe } from '.';

function Campo({ field, aoMudar }: { field: FieldDef; aoMudar: (v: unknown) => void }) {
  const [v, setV] = useState<unknown>(field.type === 'children' ? [] : null);
  const Input = inputDe(field);
  return (
    <Input
      field={field}
      value={v}
      caminho={field.name}
      onChange={(x) => {
        setV(x);
        aoMudar(x);
      }}
    />
  );
}

/** The field between two others in a form whose Enter moves on, as the register forms do. */
function montar(field: FieldDef, aoMudar: (v: unknown) => void) {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <MantineProvider theme={temaMantine('blue')}>
      <QueryClientProvider client={qc}>
        <form onKeyDown={(e) => aoTeclarEnterAvanca(e)} onSubmit={(e) => e.preventDefault()}>
          <input aria-label="Antes" />
          <Campo field={field} aoMudar={aoMudar} />
          <input aria-label="Depois" />
        </form>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('pickers from the keyboard', { timeout: 30_000 }, () => {
  it('an option list: typing filters and Enter takes the first option shown', async () => {
    const mudou = vi.fn();
    const tipo = f.enumOf('tipoOperacao', 'Tipo de operação', [
      { value: 'VENDA', label: 'Venda' },
      { value: 'DEVOLUCAO_VENDA', label: 'Devolução de venda' },
      { value: 'DEVOLUCAO_COMPRA', label: 'Devolução de compra' },
    ]);
    montar(tipo, mudou);
    screen.getByRole('textbox', { name: 'Antes' }).focus();
    await userEvent.tab();
    expect(screen.queryByRole('listbox')).toBeNull();
    await userEvent.keyboard('devol');
    await userEvent.keyboard('{Enter}');
    expect(mudou).toHaveBeenLastCalledWith('DEVOLUCAO_VENDA');
    const campo = document.querySelector('[data-cy=campo-tipoOperacao]') as HTMLInputElement;
    expect(campo.value).toBe('Devolução de venda');
  });

  it('a server-searched picker reached by Tab keeps the first keystroke, and Enter takes the first result', async () => {
    comUsuario(['PERM_MARCA_ACESSO']);
    const chamadas = apiFalsa((c) => {
      const q = new URL(`http://x${c.url}`).searchParams.get('q') ?? '';
      const items = q.includes('bos') ? [{ id: 7, descricao: 'Bosque', ativo: true }] : [];
      return { body: { start: 0, count: items.length, total: items.length, items } };
    });
    const mudou = vi.fn();
    montar(f.reference('marcaId', 'Marca', 'marca'), mudou);
    screen.getByRole('textbox', { name: 'Antes' }).focus();
    await userEvent.tab();
    await userEvent.keyboard('bos');
    const campo = document.querySelector('[data-cy=campo-marcaId]') as HTMLInputElement;
    expect(campo.value).toBe('bos');
    await waitFor(() => expect(chamadas.some((c) => decodeURIComponent(c.url).includes('*bos*'))).toBe(true));
    expect(chamadas.some((c) => decodeURIComponent(c.url).includes('*os*'))).toBe(false);
    await screen.findByRole('option', { name: '7 - Bosque', hidden: true });
    await userEvent.keyboard('{Enter}');
    expect(mudou).toHaveBeenLastCalledWith(7);
  });
});

describe("a child grid's Adicionar", { timeout: 30_000 }, () => {
  it('focuses the new row first cell, so Enter does not add another empty row', () => {
    const contatos = registerByKey('fornecedor')!.fields.find((x) => x.name === 'contatos')!;
    const mudou = vi.fn();
    montar(contatos, mudou);
    fireEvent.click(screen.getByRole('button', { name: /Adicionar/ }));
    const linha = document.querySelectorAll('[data-cy=campo-contatos] tbody tr')[0]!;
    expect(linha.contains(document.activeElement)).toBe(true);
    expect(document.activeElement?.tagName).toBe('INPUT');
  });
});
