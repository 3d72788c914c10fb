import { MantineProvider } from '@mantine/core';
import { type FieldDef, f, registerByKey } from '@retaguarda/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { temaMantine } from '../../servicos/tema';
import { apiFalsa, comUsuario } from '../../test/cadastros';
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
    // typed as said: 500 is R$ 500,00 and 5,5 is R$ 5,50 (issue #27: it filled from the cents)
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: '500' } });
    expect(mudou).toHaveBeenLastCalledWith('500.00');
    fireEvent.blur(input);
    expect(input.value).toBe('R$ 500,00');
    fireEvent.focus(input);
    expect(input.value).toBe('500,00');
    fireEvent.change(input, { target: { value: '5,5' } });
    expect(mudou).toHaveBeenLastCalledWith('5.50');
    fireEvent.blur(input);
    expect(input.value).toBe('R$ 5,50');
    // what is no amount goes as typed, for the field's rule to refuse
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: '5,5,5' } });
    expect(mudou).toHaveBeenLastCalledWith('5,5,5');
  });

  it('signed money (negativo: true): "-" typed anywhere flips the sign, even on an empty field', async () => {
    const mudou = vi.fn();
    montar(
      <Campo field={f.money('saldoInicial', 'Saldo inicial', { negativo: true })} inicial={null} aoMudar={mudou} />,
    );
    const input = screen.getByRole('textbox', { name: 'Saldo inicial' }) as HTMLInputElement;
    await userEvent.type(input, '-');
    expect(input.value).toBe('-');
    await userEvent.type(input, '10,5');
    expect(mudou).toHaveBeenLastCalledWith('-10.50');
    fireEvent.blur(input);
    expect(input.value).toBe('-R$ 10,50');
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: '-10,50-' } });
    expect(mudou).toHaveBeenLastCalledWith('10.50');
    fireEvent.change(input, { target: { value: '10,50-' } });
    expect(mudou).toHaveBeenLastCalledWith('-10.50');
  });

  it('unsigned money ignores "-" (the field refuses negatives)', () => {
    const mudou = vi.fn();
    montar(<Campo field={f.money('preco', 'Preço')} inicial="5" aoMudar={mudou} />);
    fireEvent.change(screen.getByRole('textbox', { name: 'Preço' }), { target: { value: '-R$ 5,00' } });
    expect(mudou).toHaveBeenLastCalledWith('5.00');
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

  it('reference: server-side search in pages of 5 (spec), sorted by name, only active records, label "id - descrição"', async () => {
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
    expect(busca?.get('sort')).toBe('descricao');
    expect(busca?.get('q')).toBe('descricao=="*bos*";ativo==true');
  });

  it('reference: a full first page of 5 brings the next 10 with it, so up to 15 options show', async () => {
    comUsuario(['PERM_MARCA_ACESSO']);
    const marcas = Array.from({ length: 20 }, (_, i) => ({
      id: i + 1,
      descricao: `Marca ${String(i + 1).padStart(2, '0')}`,
      ativo: true,
    }));
    const chamadas = apiFalsa((c) => {
      const q = new URL(`http://x${c.url}`).searchParams;
      const start = Number(q.get('start'));
      const items = marcas.slice(start, start + Number(q.get('count')));
      return { body: { start, count: items.length, total: marcas.length, items } };
    });
    montar(<Campo field={f.reference('marcaId', 'Marca', 'marca')} inicial={null} aoMudar={vi.fn()} />);
    const input = document.querySelector('[data-cy=campo-marcaId]') as HTMLInputElement;
    await userEvent.type(input, 'marca');
    await screen.findByRole('option', { name: '15 - Marca 15', hidden: true }, { timeout: 5000 });
    expect(screen.queryByRole('option', { name: '16 - Marca 16', hidden: true })).toBeNull();
    const paginas = () =>
      chamadas
        .map((c) => new URL(`http://x${c.url}`).searchParams)
        .filter((q) => q.get('q')?.includes('marca'))
        .map((q) => `${q.get('start')}+${q.get('count')}`);
    await waitFor(() => expect(paginas()).toEqual(['0+5', '5+10']), { timeout: 5000 });
  });

  it('reference to a holding: searched through GET /api/v1/holdings, the lookup the spec names (§7)', async () => {
    comUsuario(['PERM_HOLDING_ACESSO']);
    const chamadas = apiFalsa(() => ({ body: { items: [{ id: 3, nome: 'Grupo Sul', ativo: true }] } }));
    const mudou = vi.fn();
    montar(<Campo field={f.reference('holdingId', 'Holding', 'holding')} inicial={null} aoMudar={mudou} />);
    const input = document.querySelector('[data-cy=campo-holdingId]') as HTMLInputElement;
    await userEvent.type(input, 'sul');
    await waitFor(() => expect(chamadas.some((c) => c.url.includes('sul'))).toBe(true), { timeout: 5000 });
    expect(chamadas.filter((c) => c.url.includes('sul')).map((c) => c.url.split('?')[0])).toEqual(['/api/v1/holdings']);
    fireEvent.click(await screen.findByRole('option', { name: /Grupo Sul/, hidden: true }));
    expect(mudou).toHaveBeenLastCalledWith(3);
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

describe('CNJ number', () => {
  it('a judicial process number takes the CNJ mask while typed; other text is left alone', () => {
    const mudou = vi.fn();
    montar(<Campo field={f.text('numeroProcesso', 'Número do processo')} inicial={null} aoMudar={mudou} />);
    const input = screen.getByRole('textbox', { name: 'Número do processo' }) as HTMLInputElement;
    fireEvent.change(input, { target: { value: '46323414620257259556' } });
    expect(input.value).toBe('4632341-46.2025.7.25.9556');
    expect(mudou).toHaveBeenLastCalledWith('4632341-46.2025.7.25.9556');
    fireEvent.change(input, { target: { value: '10880.123456/2020-11' } });
    expect(input.value).toBe('10880.123456/2020-11');
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

  it('a date that does not exist (31/02) is flagged and kept, not silently cleared or put back', async () => {
    const mudou = vi.fn();
    montar(<Campo field={f.date('dataSaida', 'Fora de linha desde')} inicial="2026-01-10" aoMudar={mudou} />);
    const input = screen.getByRole('textbox', { name: 'Fora de linha desde' }) as HTMLInputElement;
    fireEvent.change(input, { target: { value: '31/02/2026' } });
    fireEvent.blur(input);
    expect(await screen.findByText('Data inválida: 31/02/2026.')).toBeTruthy();
    expect(input.value).toBe('31/02/2026');
    // the form gets the text, so its rule refuses to save it
    expect(mudou).toHaveBeenLastCalledWith('31/02/2026');
    fireEvent.change(input, { target: { value: '28/02/2026' } });
    fireEvent.blur(input);
    await waitFor(() => expect(mudou).toHaveBeenLastCalledWith('2026-02-28'));
    expect(screen.queryByText(/Data inválida/)).toBeNull();
  });
});
