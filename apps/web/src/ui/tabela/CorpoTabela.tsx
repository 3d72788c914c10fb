/** The body rows: every row of a page, or only those in view of a long grid (TanStack Virtual). */
import { Table } from '@mantine/core';
import type { ReactTable, Row, RowData } from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import { type RefObject, useEffect } from 'react';
import { MenuKebab } from '../MenuKebab';
import classes from './tabela.module.css';
import type { Recursos } from './TabelaDados';
import type { AcoesLinha, ColunaTabela } from './tipos';

interface PropsCorpo<T extends RowData> {
  table: ReactTable<Recursos, T>;
  colunas: readonly ColunaTabela<T>[];
  acoes?: AcoesLinha<T>;
  aoAbrir?: (item: T) => void;
  /** a single click opens the row (the register lists); otherwise it selects, and double click opens */
  abrirComClique?: boolean;
  dataCyLinha?: string;
}

/** A click on something of its own inside a cell (a link, a button, a field) is not a click on the row. */
const INTERATIVO = 'a, button, input, select, textarea, label, [role="button"], [role="menuitem"]';

interface PropsLinha<T extends RowData> extends PropsCorpo<T> {
  row: Row<Recursos, T>;
  /** position in the whole grid, for screen readers, when only part of it is in the DOM */
  indice?: number;
  medir?: (el: Element | null) => void;
}

function Linha<T extends RowData>(p: PropsLinha<T>) {
  const { row, colunas, acoes, aoAbrir, abrirComClique, dataCyLinha, indice, medir } = p;
  const item = row.original;
  const selecionada = row.getIsSelected();
  const porId = new Map(colunas.map((c) => [c.id, c]));
  return (
    <Table.Tr
      ref={medir}
      data-index={indice}
      aria-rowindex={indice === undefined ? undefined : indice + 2}
      className={classes.linha}
      data-selecionada={selecionada || undefined}
      aria-selected={aoAbrir ? selecionada : undefined}
      onClick={
        aoAbrir
          ? (e) => {
              row.toggleSelected(true);
              // detail > 1: the second click of a double click, the row is already opening
              if (abrirComClique && e.detail <= 1 && !(e.target as Element).closest?.(INTERATIVO)) aoAbrir(item);
            }
          : undefined
      }
      onDoubleClick={aoAbrir && !abrirComClique ? () => aoAbrir(item) : undefined}
      data-cy={dataCyLinha}
    >
      {row.getAllCells().map((cell) => {
        const c = porId.get(cell.column.id);
        return (
          <Table.Td key={cell.id} className={c?.codigo ? classes.colunaCodigo : undefined}>
            {c?.celula(item)}
          </Table.Td>
        );
      })}
      {acoes && (
        <Table.Td className={classes.acoes} onClick={(e) => e.stopPropagation()}>
          <MenuKebab
            acoes={acoes.acoes(item)}
            rotulo={acoes.rotulo(item)}
            largura={170}
            dataCy={acoes.dataCy}
            tamanho="sm"
          />
        </Table.Td>
      )}
    </Table.Tr>
  );
}

export function CorpoTabela<T extends RowData>(p: PropsCorpo<T>) {
  return p.table.getRowModel().rows.map((row) => <Linha key={row.id} {...p} row={row} />);
}

/** A row of the grid is about this tall (4 px padding, a 22 px kebab): measured once rendered. */
const ALTURA_LINHA = 31;

/** Spacer rows keep the scroll height of the rows out of view (the <table> layout stays native). */
function Espaco({ altura, colunas }: { altura: number; colunas: number }) {
  return (
    // biome-ignore lint/a11y/noAriaHiddenOnFocusable: an empty spacer, nothing in it can take focus
    <tr aria-hidden="true" style={{ height: altura }}>
      <td colSpan={colunas} style={{ padding: 0, border: 0 }} />
    </tr>
  );
}

interface PropsVirtual<T extends RowData> extends PropsCorpo<T> {
  rolagem: RefObject<HTMLDivElement | null>;
  alturaMaxima: number;
  selecionada: number;
}

export function CorpoVirtual<T extends RowData>({ rolagem, alturaMaxima, selecionada, ...p }: PropsVirtual<T>) {
  const rows = p.table.getRowModel().rows;
  const v = useVirtualizer({
    count: rows.length,
    getScrollElement: () => rolagem.current,
    estimateSize: () => ALTURA_LINHA,
    // a row not laid out (hidden, or a test's DOM) keeps the estimate instead of collapsing to 0
    measureElement: (el) => el.getBoundingClientRect().height || ALTURA_LINHA,
    getItemKey: (i) => rows[i]?.id ?? i,
    overscan: 12,
    initialRect: { width: 0, height: alturaMaxima },
  });
  // the keyboard walks past the rows in view: bring the selected one into view
  useEffect(() => {
    if (selecionada >= 0) v.scrollToIndex(selecionada, { align: 'auto' });
  }, [selecionada, v]);
  const itens = v.getVirtualItems();
  const antes = itens[0]?.start ?? 0;
  const depois = v.getTotalSize() - (itens.at(-1)?.end ?? 0);
  const largura = p.colunas.length + (p.acoes ? 1 : 0);
  return (
    <>
      {antes > 0 && <Espaco altura={antes} colunas={largura} />}
      {itens.map((vi) => {
        const row = rows[vi.index];
        return row ? <Linha key={row.id} {...p} row={row} indice={vi.index} medir={v.measureElement} /> : null;
      })}
      {depois > 0 && <Espaco altura={depois} colunas={largura} />}
    </>
  );
}
