import { MantineProvider } from '@mantine/core';
import { type FieldDef, f, registerByKey } from '@retaguarda/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { temaMantine } from '../../app/tema';
import { apiFalsa, comUsuario } from '../teste-utils';
import { displayDe, inputDe } from '.';

function Campo({ field, inicial, aoMudar }: { field: FieldDef; inicial: unknown; aoMudar?: (v: unknown) => void }) {
  const [v, setV] = useState(inicial);
  const Input = inputDe(field);
  return (
    <Input
      field={field}
      value={v}
      caminho={field.name}
      onChange={(x) => {
        setV(x);
        aoMudar?.(x);
      }}
    />
  );
}

function montar(ui: React.ReactElement) {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <MantineProvider theme={temaMantine('blue')}>
      <QueryClientProvider client={qc}>{ui}</QueryClientProvider>
    </MantineProvider>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('field inputs', { timeout: 30_000 }, () => {
  it('money keeps a decimal string and shows R$ with comma decimals', () => {
    const mudou = vi.fn();
    montar(<Campo field={f.money('preco', 'Preço')} inicial="1234.5" aoMudar={mudou} />);
    const input = screen.getByRole('textbox', { name: 'Preço' }) as HTMLInputElement;
    expect(input.value).toBe('R$ 1.234,50');
    fireEvent.change(input, { target: { value: 'R$ 1.234,507' } });
    expect(mudou).toHaveBeenLastCalledWith('12345.07');
    expect(input.value).toBe('R$ 12.345,07');
  });

  it('CPF or CNPJ: masked while typing, stored without the mask', () => {
    const mudou = vi.fn();
    montar(<Campo field={f.cpfCnpj('doc', 'CNPJ/CPF')} inicial={null} aoMudar={mudou} />);
    const input = screen.getByRole('textbox', { name: 'CNPJ/CPF' }) as HTMLInputElement;
    fireEvent.change(input, { target: { value: '52998224725' } });
    expect(input.value).toBe('529.982.247-25');
    fireEvent.change(input, { target: { value: '12abc34501de35' } });
    expect(input.value).toBe('12.ABC.345/01DE-35');
    expect(mudou).toHaveBeenLastCalledWith('12ABC34501DE35');
  });

  it('reference: server-side search, 5 per page, only active records, label "id - descrição"', async () => {
    comUsuario(['PERM_MARCA_ACESSO']);
    const chamadas = apiFalsa(() => ({
      body: { start: 0, count: 1, total: 1, items: [{ id: 7, descricao: 'Bosque', ativo: true }] },
    }));
    const mudou = vi.fn();
    montar(<Campo field={f.reference('marcaId', 'Marca', 'marca')} inicial={null} aoMudar={mudou} />);
    const input = document.querySelector('[data-cy=campo-marcaId]') as HTMLInputElement;
    await userEvent.type(input, 'bos');
    await waitFor(() => expect(chamadas.some((c) => c.url.includes('bos'))).toBe(true), { timeout: 5000 });
    fireEvent.click(await screen.findByRole('option', { name: '7 - Bosque', hidden: true }));
    expect(mudou).toHaveBeenLastCalledWith(7);
    const busca = chamadas
      .map((c) => new URL(`http://x${c.url}`).searchParams)
      .find((q) => q.get('q')?.includes('bos'));
    expect(busca?.get('count')).toBe('5');
    expect(busca?.get('q')).toBe('descricao=="*bos*";ativo==true');
  });

  it('children: rows are added, edited and removed inside the form', () => {
    const fornecedor = registerByKey('fornecedor')!;
    const contatos = fornecedor.fields.find((x) => x.name === 'contatos')!;
    const mudou = vi.fn();
    montar(<Campo field={contatos} inicial={[]} aoMudar={mudou} />);
    expect(screen.getByText('Nenhum item informado.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Adicionar/ }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Contato' }), { target: { value: 'paula@alfa.com.br' } });
    expect(mudou).toHaveBeenLastCalledWith([{ tipo: null, nome: null, cargo: null, valor: 'paula@alfa.com.br' }]);
    fireEvent.click(screen.getByRole('button', { name: 'Remover linha 1' }));
    expect(mudou).toHaveBeenLastCalledWith([]);
  });

  it('displays: dates dd/MM/yyyy, percent, situação badge, enum label', () => {
    const casos: [FieldDef, unknown, string][] = [
      [f.date('d', 'Data'), '2026-07-01', '01/07/2026'],
      [f.percent('p', 'Alíquota'), '1.6500', '1,65 %'],
      [f.boolean('ativo', 'Ativo'), false, 'Inativo'],
      [f.enumOf('t', 'Tipo', [{ value: 'J', label: 'Jurídica' }]), 'J', 'Jurídica'],
      [f.ncm('n', 'NCM'), '33030020', '3303.00.20'],
    ];
    for (const [field, valor, texto] of casos) {
      const Display = displayDe(field);
      const { unmount } = montar(
        <span data-testid="valor">
          <Display field={field} value={valor} />
        </span>,
      );
      expect(screen.getByTestId('valor').textContent).toBe(texto);
      unmount();
    }
  });
});

describe('date input', { timeout: 30_000 }, () => {
  it('takes dd/MM/yyyy and stores yyyy-MM-dd', async () => {
    const mudou = vi.fn();
    montar(<Campo field={f.date('dataSaida', 'Fora de linha desde')} inicial={null} aoMudar={mudou} />);
    const input = screen.getByRole('textbox', { name: 'Fora de linha desde' }) as HTMLInputElement;
    fireEvent.change(input, { target: { value: '31/12/2026' } });
    fireEvent.blur(input);
    await waitFor(() => expect(mudou).toHaveBeenLastCalledWith('2026-12-31'));
  });
});
