/**
 * One side of Conciliar (statement lines or ledger entries): a virtualised list — 5 000 items render only the
 * rows in view — driven by the keyboard: ↑ ↓ move the cursor, Space selects or unselects the item under it, Enter
 * confirms (the screen decides what: the selection with an exact sum). A click selects too. Tab goes to the other side.
 */
import { dataBr, formatarDinheiro } from '@retaguarda/domain';
import { observeElementRect, useVirtualizer } from '@tanstack/react-virtual';
import { type KeyboardEvent, memo, useCallback, useEffect, useRef, useState } from 'react';

export interface ItemDaLista {
  id: string;
  data: string;
  valor: string;
  descricao: string | null;
}

const ALTURA = 34;

interface Props {
  rotulo: string;
  itens: readonly ItemDaLista[];
  selecionados: ReadonlySet<string>;
  aoAlternar: (id: string) => void;
  aoConfirmar: () => void;
  altura?: number;
}

/** Memoised: a selection on the other side (or in the screen's footer) does not re-render this list. */
export const ListaConciliacao = memo(function ListaConciliacao({
  rotulo,
  itens,
  selecionados,
  aoAlternar,
  aoConfirmar,
  altura = 420,
}: Props) {
  const rolagem = useRef<HTMLDivElement>(null);
  const [cursor, setCursor] = useState(0);
  const v = useVirtualizer({
    count: itens.length,
    getScrollElement: () => rolagem.current,
    estimateSize: () => ALTURA,
    getItemKey: (i) => itens[i]?.id ?? i,
    overscan: 10,
    initialRect: { width: 0, height: altura },
    // a list not laid out yet (or a test's DOM) keeps its height instead of showing no rows
    observeElementRect: (inst, cb) => observeElementRect(inst, (r) => cb(r.height ? r : { ...r, height: altura })),
  });
  // the list shrinks after a confirmation: the cursor stays inside it
  useEffect(() => {
    if (cursor > 0 && cursor >= itens.length) setCursor(Math.max(0, itens.length - 1));
  }, [itens.length, cursor]);
  const mover = (i: number) => {
    const n = Math.min(itens.length - 1, Math.max(0, i));
    setCursor(n);
    v.scrollToIndex(n, { align: 'auto' });
  };
  const teclado = (e: KeyboardEvent) => {
    if (!itens.length) return;
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      mover(cursor + (e.key === 'ArrowDown' ? 1 : -1));
    } else if (e.key === 'Home' || e.key === 'End') {
      e.preventDefault();
      mover(e.key === 'Home' ? 0 : itens.length - 1);
    } else if (e.key === ' ') {
      e.preventDefault();
      const item = itens[cursor];
      if (item) aoAlternar(item.id);
    } else if (e.key === 'Enter') {
      e.preventDefault();
      aoConfirmar();
    }
  };
  // a stable click for the memoised rows; the parent's callback of this render is read when the click happens
  const alternar = useRef(aoAlternar);
  alternar.current = aoAlternar;
  const clicar = useCallback((indice: number, id: string) => {
    setCursor(indice);
    alternar.current(id);
  }, []);
  const cursorId = itens[cursor]?.id;
  return (
    <div
      ref={rolagem}
      role="listbox"
      aria-label={rotulo}
      aria-multiselectable
      aria-activedescendant={cursorId ? `conc-${rotulo}-${cursorId}` : undefined}
      tabIndex={0}
      onKeyDown={teclado}
      style={{ height: Math.min(altura, Math.max(ALTURA, itens.length * ALTURA)), overflow: 'auto', outlineOffset: -2 }}
    >
      <div style={{ height: v.getTotalSize(), position: 'relative' }}>
        {v.getVirtualItems().map((vi) => {
          const x = itens[vi.index]!;
          return (
            <Linha
              key={vi.key}
              item={x}
              indice={vi.index}
              inicio={vi.start}
              rotulo={rotulo}
              selecionado={selecionados.has(x.id)}
              atual={vi.index === cursor}
              aoClicar={clicar}
            />
          );
        })}
      </div>
    </div>
  );
});

interface PropsDaLinha {
  item: ItemDaLista;
  indice: number;
  inicio: number;
  rotulo: string;
  selecionado: boolean;
  atual: boolean;
  aoClicar: (indice: number, id: string) => void;
}

// plain elements, not Mantine's Checkbox/Text: a confirmation shifts every row in view of both lists (their
// position changes), and a row of plain elements re-renders an order of magnitude faster
const CAIXA = { margin: 0, accentColor: 'var(--mantine-primary-color-filled)', pointerEvents: 'none' } as const;
const TRUNCADO = { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' } as const;
const VALOR = { textAlign: 'right', whiteSpace: 'nowrap' } as const;
const VALOR_NEGATIVO = { ...VALOR, color: 'var(--mantine-color-red-7)' } as const;

/**
 * One row, memoised: a selection or a confirmation re-renders only the rows whose props changed (the selected
 * one, the cursor's), not every row in view of both lists.
 */
const Linha = memo(function Linha({
  item: x,
  indice,
  inicio,
  rotulo,
  selecionado: sel,
  atual,
  aoClicar,
}: PropsDaLinha) {
  return (
    // biome-ignore lint/a11y/useFocusableInteractive: the listbox holds the focus (aria-activedescendant)
    // biome-ignore lint/a11y/useKeyWithClickEvents: the listbox's own keys (Space) select the option
    <div
      id={`conc-${rotulo}-${x.id}`}
      role="option"
      aria-selected={sel}
      data-cy="conc-item"
      onClick={() => aoClicar(indice, x.id)}
      style={{
        position: 'absolute',
        top: 0,
        left: 0,
        right: 0,
        height: ALTURA,
        transform: `translateY(${inicio}px)`,
        display: 'grid',
        gridTemplateColumns: '28px 88px 1fr auto',
        alignItems: 'center',
        gap: 8,
        padding: '0 8px',
        cursor: 'pointer',
        fontSize: 'var(--mantine-font-size-sm)',
        background: sel
          ? 'var(--mantine-primary-color-light)'
          : indice % 2
            ? 'var(--mantine-color-default-hover)'
            : undefined,
        boxShadow: atual ? 'inset 3px 0 0 var(--mantine-primary-color-filled)' : undefined,
      }}
    >
      <input type="checkbox" checked={sel} readOnly tabIndex={-1} aria-hidden style={CAIXA} />
      <span>{dataBr(x.data)}</span>
      <span style={TRUNCADO}>{x.descricao ?? '—'}</span>
      <span style={x.valor.startsWith('-') ? VALOR_NEGATIVO : VALOR}>{formatarDinheiro(x.valor)}</span>
    </div>
  );
});
