import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderizar } from '../../test/render';
import { TabelaDados } from './TabelaDados';
import type { ColunaTabela } from './tipos';

interface Item {
  id: number;
  nome: string;
}
const COLUNAS: ColunaTabela<Item>[] = [
  { id: 'id', titulo: 'Código', ordenavel: true, codigo: true, celula: (i) => i.id },
  { id: 'nome', titulo: 'Nome', ordenavel: true, celula: (i) => i.nome },
  { id: 'extra', titulo: 'Extra', celula: () => '—' },
];
const itens = (n: number): Item[] => Array.from({ length: n }, (_, i) => ({ id: i + 1, nome: `Item ${i + 1}` }));

describe('TabelaDados', () => {
  it('sortable headers are buttons; the sorted one says aria-sort', () => {
    const aoOrdenar = vi.fn();
    renderizar(<TabelaDados rotulo="Itens" colunas={COLUNAS} itens={itens(3)} ordem="-nome" aoOrdenar={aoOrdenar} />);
    const tabela = screen.getByRole('table', { name: 'Itens' });
    const nome = within(tabela).getByRole('columnheader', { name: /Nome/ });
    expect(nome.getAttribute('aria-sort')).toBe('descending');
    expect(nome.getAttribute('scope')).toBe('col');
    expect(
      within(tabela)
        .getByRole('columnheader', { name: /Código/ })
        .hasAttribute('aria-sort'),
    ).toBe(false);
    expect(within(tabela).queryByRole('button', { name: 'Extra' })).toBeNull();
    fireEvent.click(within(tabela).getByRole('button', { name: /Código/ }));
    expect(aoOrdenar).toHaveBeenCalledWith('id');
  });

  it('arrows select a row, Enter and a single click open it; the kebab carries its actions', () => {
    const aoAbrir = vi.fn();
    const excluir = vi.fn();
    renderizar(
      <TabelaDados
        rotulo="Itens"
        colunas={COLUNAS}
        itens={itens(3)}
        aoAbrir={aoAbrir}
        acoes={{
          acoes: (i) => [{ label: 'Excluir', aoClicar: () => excluir(i.id) }],
          rotulo: (i) => `Ações de ${i.nome}`,
        }}
        dataCyLinha="linha"
      />,
    );
    const tabela = screen.getByRole('table', { name: 'Itens' });
    fireEvent.keyDown(tabela, { key: 'ArrowDown' });
    fireEvent.keyDown(tabela, { key: 'ArrowDown' });
    const linhas = document.querySelectorAll('[data-cy=linha]');
    expect(linhas[1]?.getAttribute('aria-selected')).toBe('true');
    expect(linhas[0]?.getAttribute('aria-selected')).toBe('false');
    fireEvent.keyDown(tabela, { key: 'Enter' });
    expect(aoAbrir).toHaveBeenLastCalledWith({ id: 2, nome: 'Item 2' });
    fireEvent.click(within(linhas[2] as HTMLElement).getByText('Item 3'), { detail: 1 });
    expect(aoAbrir).toHaveBeenLastCalledWith({ id: 3, nome: 'Item 3' });
    expect(linhas[2]?.getAttribute('aria-selected')).toBe('true');
    // the kebab's click is its own: it opens the menu, not the row
    const chamadas = aoAbrir.mock.calls.length;
    fireEvent.click(screen.getByRole('button', { name: 'Ações de Item 1' }), { detail: 1 });
    expect(aoAbrir).toHaveBeenCalledTimes(chamadas);
  });

  it('with abrirComClique off a click only selects and a double click opens', () => {
    const aoAbrir = vi.fn();
    renderizar(
      <TabelaDados
        rotulo="Itens"
        colunas={COLUNAS}
        itens={itens(3)}
        aoAbrir={aoAbrir}
        abrirComClique={false}
        dataCyLinha="linha"
      />,
    );
    const linha = document.querySelectorAll('[data-cy=linha]')[1] as HTMLElement;
    fireEvent.click(within(linha).getByText('Item 2'), { detail: 1 });
    expect(aoAbrir).not.toHaveBeenCalled();
    expect(linha.getAttribute('aria-selected')).toBe('true');
    fireEvent.doubleClick(within(linha).getByText('Item 2'));
    expect(aoAbrir).toHaveBeenCalledWith({ id: 2, nome: 'Item 2' });
  });

  it('placeholder rows while loading, the given message when empty, the footer when paged', () => {
    renderizar(<TabelaDados rotulo="Carregando" colunas={COLUNAS} itens={[]} carregando vazio="Nada aqui." />);
    expect(screen.queryByText('Nada aqui.')).toBeNull();
    expect(screen.getByRole('table', { name: 'Carregando' }).querySelectorAll('tbody tr')).toHaveLength(3);
    renderizar(
      <TabelaDados
        rotulo="Itens"
        colunas={COLUNAS}
        itens={[]}
        vazio="Nada aqui."
        paginacao={{ total: 0, pagina: 1, tamanho: 10, aoMudarPagina: () => {}, aoMudarTamanho: () => {} }}
      />,
    );
    expect(screen.getByText('Nada aqui.')).toBeTruthy();
    expect(document.querySelector('[data-cy=lista-total]')?.textContent).toBe('Nenhum registro');
  });

  it('a long grid renders only the rows in view, and says how many there are', () => {
    // jsdom lays nothing out: the scroll area reads as 560 px tall
    const altura = vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(560);
    renderizar(<TabelaDados rotulo="Contagem" colunas={COLUNAS} itens={itens(5000)} dataCyLinha="linha" />);
    const tabela = screen.getByRole('table', { name: 'Contagem' });
    expect(tabela.getAttribute('aria-rowcount')).toBe('5001');
    const linhas = document.querySelectorAll('[data-cy=linha]');
    expect(linhas.length).toBeGreaterThan(0);
    expect(linhas.length).toBeLessThan(100);
    expect(linhas[0]?.getAttribute('aria-rowindex')).toBe('2');
    altura.mockRestore();
  });

  it('a short list is never virtualised', () => {
    renderizar(<TabelaDados rotulo="Itens" colunas={COLUNAS} itens={itens(100)} dataCyLinha="linha" />);
    expect(document.querySelectorAll('[data-cy=linha]')).toHaveLength(100);
    expect(screen.getByRole('table').hasAttribute('aria-rowcount')).toBe(false);
  });
});
