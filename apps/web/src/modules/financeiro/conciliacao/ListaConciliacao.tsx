/**
 * One side of Conciliar (statement lines or ledger entries): a virtualised list — 5 000 items render only the
 * rows in view — driven by the keyboard: ↑ ↓ move the cursor, Space selects or unselects the item under it, Enter
 * confirms (the screen decides what: the selection with an exact sum). A click selects too. Tab goes to the other side.
 */
import { Checkbox, Text } from '@mantine/core';
import { dataBr, formatarDinheiro } from '@retaguarda/domain';
import { observeElementRect, useVirtualizer } from '@tanstack/react-virtual';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';

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

export function ListaConciliacao({ rotulo, itens, selecionados, aoAlternar, aoConfirmar, altura = 420 }: Props) {
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
          const sel = selecionados.has(x.id);
          const atual = vi.index === cursor;
          return (
            // biome-ignore lint/a11y/useFocusableInteractive: the listbox holds the focus (aria-activedescendant)
            // biome-ignore lint/a11y/useKeyWithClickEvents: the listbox's own keys (Space) select the option
            <div
              key={vi.key}
              id={`conc-${rotulo}-${x.id}`}
              role="option"
              aria-selected={sel}
              data-cy="conc-item"
              onClick={() => {
                setCursor(vi.index);
                aoAlternar(x.id);
              }}
              style={{
                position: 'absolute',
                top: 0,
                left: 0,
                right: 0,
                height: ALTURA,
                transform: `translateY(${vi.start}px)`,
                display: 'grid',
                gridTemplateColumns: '28px 88px 1fr auto',
                alignItems: 'center',
                gap: 8,
                padding: '0 8px',
                cursor: 'pointer',
                fontSize: 'var(--mantine-font-size-sm)',
                background: sel
                  ? 'var(--mantine-primary-color-light)'
                  : vi.index % 2
                    ? 'var(--mantine-color-default-hover)'
                    : undefined,
                boxShadow: atual ? 'inset 3px 0 0 var(--mantine-primary-color-filled)' : undefined,
              }}
            >
              <Checkbox checked={sel} onChange={() => {}} tabIndex={-1} aria-hidden />
              <span>{dataBr(x.data)}</span>
              <Text fz="sm" truncate>
                {x.descricao ?? '—'}
              </Text>
              <Text
                fz="sm"
                ta="right"
                c={x.valor.startsWith('-') ? 'red.7' : undefined}
                style={{ whiteSpace: 'nowrap' }}
              >
                {formatarDinheiro(x.valor)}
              </Text>
            </div>
          );
        })}
      </div>
    </div>
  );
}
