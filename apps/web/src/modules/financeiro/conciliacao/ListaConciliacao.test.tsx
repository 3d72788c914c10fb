import { fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderizar } from '../../../test/render';
import { type ItemDaLista, ListaConciliacao } from './ListaConciliacao';

const itens = (n: number): ItemDaLista[] =>
  Array.from({ length: n }, (_, i) => ({
    id: String(i + 1),
    data: '2026-05-04',
    valor: i % 2 ? `-${i}.50` : `${i}.00`,
    descricao: `LINHA ${i + 1}`,
  }));

function Lista({ n, aoConfirmar }: { n: number; aoConfirmar: () => void }) {
  const [sel, setSel] = useState<Set<string>>(new Set());
  return (
    <ListaConciliacao
      rotulo="Extrato do banco"
      itens={itens(n)}
      selecionados={sel}
      aoAlternar={(id) => {
        const s = new Set(sel);
        if (s.has(id)) s.delete(id);
        else s.add(id);
        setSel(s);
      }}
      aoConfirmar={aoConfirmar}
    />
  );
}

const lista = () => screen.getByRole('listbox', { name: 'Extrato do banco' });
const marcadas = () =>
  screen
    .getAllByRole('option')
    .filter((o) => o.getAttribute('aria-selected') === 'true')
    .map((o) => o.textContent);

describe('ListaConciliacao', () => {
  it('↓ moves the cursor, Space selects and unselects under it, Enter confirms', () => {
    const confirmar = vi.fn();
    renderizar(<Lista n={3} aoConfirmar={confirmar} />);
    fireEvent.keyDown(lista(), { key: 'ArrowDown' });
    fireEvent.keyDown(lista(), { key: ' ' });
    expect(marcadas()).toEqual([expect.stringContaining('LINHA 2')]);
    expect(lista().getAttribute('aria-activedescendant')).toBe('conc-Extrato do banco-2');
    fireEvent.keyDown(lista(), { key: 'ArrowDown' });
    fireEvent.keyDown(lista(), { key: 'ArrowDown' }); // stays on the last
    fireEvent.keyDown(lista(), { key: ' ' });
    expect(marcadas()).toHaveLength(2);
    fireEvent.keyDown(lista(), { key: ' ' });
    expect(marcadas()).toEqual([expect.stringContaining('LINHA 2')]);
    fireEvent.keyDown(lista(), { key: 'Enter' });
    expect(confirmar).toHaveBeenCalledTimes(1);
  });

  it('a click selects; 5 000 items render only the rows in view', () => {
    renderizar(<Lista n={5000} aoConfirmar={() => {}} />);
    const opcoes = screen.getAllByRole('option');
    expect(opcoes.length).toBeLessThan(60);
    fireEvent.click(opcoes[0]!);
    expect(marcadas()).toEqual([expect.stringContaining('LINHA 1')]);
    fireEvent.keyDown(lista(), { key: 'End' });
    expect(lista().getAttribute('aria-activedescendant')).toBe('conc-Extrato do banco-5000');
  });
});
