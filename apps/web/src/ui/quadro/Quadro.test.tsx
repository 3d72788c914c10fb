import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderizar } from '../../test/render';
import { type ColunaQuadro, Quadro } from './Quadro';

// jsdom has no CSS.escape (the board focuses a card by its id); these ids need no escaping
globalThis.CSS ??= { escape: (s: string) => s } as typeof CSS;

type Col = 'A' | 'B';
interface Item {
  id: number;
  col: Col;
}
const itens: Item[] = [...Array.from({ length: 7 }, (_, i): Item => ({ id: i + 1, col: 'A' })), { id: 100, col: 'B' }];
// the counts are the server's, for the whole column: more than the cards loaded
const colunas: ColunaQuadro<Col>[] = [
  { id: 'A', titulo: 'Coluna A', quantidade: 1234, total: 'R$ 9.999,00' },
  { id: 'B', titulo: 'Coluna B', quantidade: 1, total: 'R$ 1,00' },
];

const quadro = (aoMover = vi.fn(), extra: { itens?: Item[]; aoMostrarMais?: (c: Col, n: number) => void } = {}) =>
  renderizar(
    <Quadro<Item, Col>
      rotulo="Quadro"
      colunas={colunas}
      itens={extra.itens ?? itens}
      aoMostrarMais={extra.aoMostrarMais}
      colunaDe={(i) => i.col}
      idDe={(i) => String(i.id)}
      cartao={(i) => <span>Cartão {i.id}</span>}
      rotuloDoCartao={(i) => `Cartão ${i.id}`}
      aoMover={aoMover}
      cartoesPorColuna={3}
    />,
  );
const coluna = (nome: string) => screen.getByRole('region', { name: nome });
const cartoes = (nome: string) => within(coluna(nome)).queryAllByRole('button', { name: /^Cartão/ });

describe('Quadro', () => {
  it('a column draws its first cards while its count and total are the whole column', () => {
    quadro();
    expect(cartoes('Coluna A').map((c) => c.getAttribute('data-cartao'))).toEqual(['1', '2', '3']);
    expect(within(coluna('Coluna A')).getByText('1.234')).toBeTruthy();
    expect(within(coluna('Coluna A')).getByText('R$ 9.999,00')).toBeTruthy();
    expect(within(coluna('Coluna A')).getByText('Mostrando 3 de 1.234')).toBeTruthy();
    // a column whose cards are all drawn has no "Mostrar mais"
    expect(cartoes('Coluna B')).toHaveLength(1);
    expect(within(coluna('Coluna B')).queryByRole('button', { name: 'Mostrar mais' })).toBeNull();
  });

  it('"Mostrar mais" draws the next cards, then stops when the loaded ones are all drawn', () => {
    quadro();
    fireEvent.click(within(coluna('Coluna A')).getByRole('button', { name: 'Mostrar mais' }));
    expect(cartoes('Coluna A')).toHaveLength(6);
    fireEvent.click(within(coluna('Coluna A')).getByRole('button', { name: 'Mostrar mais' }));
    expect(cartoes('Coluna A')).toHaveLength(7);
    expect(within(coluna('Coluna A')).getByText('Mostrando 7 de 1.234')).toBeTruthy();
    expect(within(coluna('Coluna A')).queryByRole('button', { name: 'Mostrar mais' })).toBeNull();
  });

  it('↓ past the last drawn card draws the next one; → moves a card to the next column', async () => {
    const aoMover = vi.fn();
    quadro(aoMover);
    fireEvent.keyDown(screen.getByRole('button', { name: 'Cartão 3' }), { key: 'ArrowDown' });
    expect(cartoes('Coluna A')).toHaveLength(6);
    await vi.waitFor(() => expect(document.activeElement?.getAttribute('data-cartao')).toBe('4'));
    fireEvent.keyDown(screen.getByRole('button', { name: 'Cartão 4' }), { key: 'ArrowRight' });
    await vi.waitFor(() => expect(aoMover).toHaveBeenCalledWith(itens[3], 'B'));
  });

  it('a column holding only the cards it draws asks the screen for more ("Mostrar mais" or ↓ at its end)', () => {
    const aoMostrarMais = vi.fn();
    // the screen loaded 3 of the 1 234 cards of A
    quadro(vi.fn(), { itens: itens.filter((i) => i.col === 'B' || i.id <= 3), aoMostrarMais });
    expect(cartoes('Coluna A')).toHaveLength(3);
    fireEvent.click(within(coluna('Coluna A')).getByRole('button', { name: 'Mostrar mais' }));
    expect(aoMostrarMais).toHaveBeenLastCalledWith('A', 6);
    fireEvent.keyDown(screen.getByRole('button', { name: 'Cartão 3' }), { key: 'ArrowDown' });
    expect(aoMostrarMais).toHaveBeenCalledTimes(1); // 3 of 6 loaded: the load asked is on its way
    // a column whose count is all drawn asks nothing
    expect(within(coluna('Coluna B')).queryByRole('button', { name: 'Mostrar mais' })).toBeNull();
  });
});
