/**
 * A generic board (kanban) grouped by a status field: columns with their count and total, cards rendered
 * by the screen, drag-and-drop and keyboard moves (a focused card: ← → to the neighbour column, ↑ ↓ to the
 * neighbour card, Enter opens). It knows no session, router or API: `aoMover` decides (the screen calls its
 * command and answers; a refusal leaves the card where it was and the screen shows the reason).
 * A column draws its first `cartoesPorColuna` cards and a "Mostrar mais" button (↓ past the last drawn card
 * shows more too; `aoMostrarMais` lets the screen load them): hundreds of cards in the DOM made the first paint
 * take seconds, while the header's count and total are the whole column's, as the screen gives them.
 */
import { Button, Group, Stack, Text } from '@mantine/core';
import { type KeyboardEvent, type ReactNode, useRef, useState } from 'react';
import classes from './Quadro.module.css';

export interface ColunaQuadro<C extends string> {
  id: C;
  titulo: string;
  /** the column's count (may exceed the cards loaded) */
  quantidade: number;
  /** the column's total as shown (R$ 1.234,56) */
  total?: string;
}

export interface PropsQuadro<T, C extends string> {
  rotulo: string;
  colunas: readonly ColunaQuadro<C>[];
  itens: readonly T[];
  colunaDe: (item: T) => C;
  idDe: (item: T) => string;
  cartao: (item: T) => ReactNode;
  /** a move asked by drop or keyboard; resolves when done (the screen reloads), rejects to leave it */
  aoMover: (item: T, para: C) => Promise<void> | void;
  aoAbrir?: (item: T) => void;
  /** the card's accessible name */
  rotuloDoCartao: (item: T) => string;
  /** extra attributes of a card (a highlight) */
  destaque?: (item: T) => boolean;
  dataCy?: string;
  /** cards drawn per column before "Mostrar mais" (each click draws as many more) */
  cartoesPorColuna?: number;
  /** the column now draws `quantos` cards: the screen loads that many when it holds fewer */
  aoMostrarMais?: (coluna: C, quantos: number) => void;
}

/** Cards a column draws by default: a screen's height several times over. */
export const CARTOES_POR_COLUNA = 25;

export function Quadro<T, C extends string>(p: PropsQuadro<T, C>) {
  const [arrastando, setArrastando] = useState<string | null>(null);
  const [alvo, setAlvo] = useState<C | null>(null);
  const [movendo, setMovendo] = useState<string | null>(null);
  const raiz = useRef<HTMLElement>(null);
  const passo = p.cartoesPorColuna ?? CARTOES_POR_COLUNA;
  const [extras, setExtras] = useState<Partial<Record<C, number>>>({});
  const limiteDe = (c: C) => passo * (1 + (extras[c] ?? 0));
  const mostrarMais = (c: C) => {
    const n = (extras[c] ?? 0) + 1;
    setExtras((x) => ({ ...x, [c]: n }));
    p.aoMostrarMais?.(c, passo * (1 + n));
  };
  const porColuna = new Map<C, T[]>(p.colunas.map((c) => [c.id, []]));
  for (const i of p.itens) porColuna.get(p.colunaDe(i))?.push(i);

  /** the screen may hold more of the column than it loaded (it loads every card the column draws) */
  const podeCarregarMais = (c: ColunaQuadro<C>, carregados: number) =>
    p.aoMostrarMais !== undefined && carregados >= limiteDe(c.id) && carregados < c.quantidade;

  const focar = (id: string) =>
    setTimeout(() => raiz.current?.querySelector<HTMLElement>(`[data-cartao="${CSS.escape(id)}"]`)?.focus(), 0);

  const mover = async (item: T, para: C) => {
    const id = p.idDe(item);
    setMovendo(id);
    try {
      await p.aoMover(item, para);
    } catch {
      // refused: the card stays (the screen showed why)
    } finally {
      setMovendo(null);
      focar(id);
    }
  };

  const teclado = (item: T, coluna: number, linha: number) => (e: KeyboardEvent) => {
    const cols = p.colunas;
    if (e.key === 'ArrowRight' || e.key === 'ArrowLeft') {
      e.preventDefault();
      const destino = cols[coluna + (e.key === 'ArrowRight' ? 1 : -1)];
      if (destino && movendo === null) void mover(item, destino.id);
    } else if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      const col = cols[coluna]!.id;
      const lista = porColuna.get(col) ?? [];
      const destino = linha + (e.key === 'ArrowDown' ? 1 : -1);
      const vizinho = lista[destino];
      // the last loaded card of a column with more: the screen loads the next ones (the focus stays here)
      if (!vizinho && destino >= limiteDe(col) && podeCarregarMais(cols[coluna]!, lista.length)) mostrarMais(col);
      if (!vizinho) return;
      if (destino >= limiteDe(col)) mostrarMais(col); // past the last drawn card: draw the next ones
      focar(p.idDe(vizinho));
    } else if (e.key === 'Enter' && p.aoAbrir) {
      e.preventDefault();
      p.aoAbrir(item);
    }
  };

  return (
    <section className={classes.quadro} ref={raiz} aria-label={p.rotulo} data-cy={p.dataCy}>
      {p.colunas.map((c, ci) => {
        const todos = porColuna.get(c.id) ?? [];
        const desenhados = todos.slice(0, limiteDe(c.id));
        return (
          <section
            key={c.id}
            aria-label={c.titulo}
            className={`${classes.coluna} ${alvo === c.id ? classes.colunaAlvo : ''}`}
            onDragOver={(e) => {
              if (arrastando === null) return;
              e.preventDefault();
              setAlvo(c.id);
            }}
            onDragLeave={() => setAlvo((a) => (a === c.id ? null : a))}
            onDrop={(e) => {
              e.preventDefault();
              setAlvo(null);
              const item = p.itens.find((i) => p.idDe(i) === arrastando);
              setArrastando(null);
              if (item && p.colunaDe(item) !== c.id) void mover(item, c.id);
            }}
            data-cy={`coluna-${c.id}`}
          >
            <Stack gap={0} className={classes.cabecalho}>
              <Group justify="space-between" gap={4} wrap="nowrap">
                <Text fw={600} fz="sm">
                  {c.titulo}
                </Text>
                <Text fz="sm" c="dimmed" data-cy="coluna-quantidade">
                  {c.quantidade.toLocaleString('pt-BR')}
                </Text>
              </Group>
              {c.total !== undefined && (
                <Text fz="xs" c="dimmed" data-cy="coluna-total">
                  {c.total}
                </Text>
              )}
            </Stack>
            <ul className={classes.cartoes}>
              {desenhados.map((item, li) => {
                const id = p.idDe(item);
                return (
                  <li key={id} className={classes.item}>
                    {/* biome-ignore lint/a11y/useSemanticElements: a draggable card holds block content, which a <button> cannot */}
                    <div
                      role="button"
                      tabIndex={0}
                      draggable={movendo === null}
                      aria-label={p.rotuloDoCartao(item)}
                      aria-busy={movendo === id}
                      data-cartao={id}
                      data-destaque={p.destaque?.(item) ? 'true' : undefined}
                      className={`${classes.cartao} ${movendo === id ? classes.movendo : ''}`}
                      style={
                        p.destaque?.(item)
                          ? { borderColor: 'var(--mantine-color-orange-5)', borderWidth: 2 }
                          : undefined
                      }
                      onDragStart={(e) => {
                        e.dataTransfer.setData('text/plain', id);
                        e.dataTransfer.effectAllowed = 'move';
                        setArrastando(id);
                      }}
                      onDragEnd={() => {
                        setArrastando(null);
                        setAlvo(null);
                      }}
                      onDoubleClick={() => p.aoAbrir?.(item)}
                      onKeyDown={teclado(item, ci, li)}
                      data-cy="cartao"
                    >
                      {p.cartao(item)}
                    </div>
                  </li>
                );
              })}
            </ul>
            {desenhados.length < c.quantidade && (
              <Stack gap={4} px={8} pb={8} align="center">
                <Text fz="xs" c="dimmed" data-cy="coluna-mostrando">
                  {`Mostrando ${desenhados.length.toLocaleString('pt-BR')} de ${c.quantidade.toLocaleString('pt-BR')}`}
                </Text>
                {(desenhados.length < todos.length || podeCarregarMais(c, todos.length)) && (
                  <Button
                    variant="subtle"
                    size="compact-xs"
                    onClick={() => mostrarMais(c.id)}
                    data-cy="coluna-mostrar-mais"
                  >
                    Mostrar mais
                  </Button>
                )}
              </Stack>
            )}
          </section>
        );
      })}
    </section>
  );
}
