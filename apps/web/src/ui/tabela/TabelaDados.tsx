/**
 * The one table of every list (registers and bespoke screens), on TanStack Table: sortable headers
 * with aria-sort, one selected row driven by the keyboard (↑ ↓ Enter), a click to open, the row
 * kebab, loading and empty states, the paging footer and, for long grids, a virtualised body.
 * It knows no session nor router: permissions arrive as the actions' state, navigation as callbacks.
 */
import { Center, Paper, Progress, Skeleton, Table } from '@mantine/core';
import {
  type ColumnDef,
  type RowData,
  type RowSelectionState,
  rowSelectionFeature,
  rowSortingFeature,
  tableFeatures,
  useTable,
} from '@tanstack/react-table';
import { type KeyboardEvent, type ReactNode, useMemo, useRef, useState } from 'react';
import { direcaoDe } from '../../lib/lista/estado';
import { Cabecalho } from './Cabecalho';
import { CorpoTabela, CorpoVirtual } from './CorpoTabela';
import { Rodape } from './Rodape';
import classes from './tabela.module.css';
import type { AcoesLinha, ColunaTabela, PaginacaoTabela } from './tipos';

const features = tableFeatures({ rowSortingFeature, rowSelectionFeature });
export type Recursos = typeof features;

/** Past this many rows the body is virtualised (a page of the register lists never gets there). */
const LIMIAR_VIRTUAL = 200;

export interface PropsTabelaDados<T extends RowData> {
  /** the table's accessible name */
  rotulo: string;
  colunas: readonly ColunaTabela<T>[];
  itens: readonly T[];
  /** stable row id; `item.id` by default */
  idDe?: (item: T) => string;
  /** the first load: placeholder rows */
  carregando?: boolean;
  /** another page is on its way (the current one stays): a thin bar */
  atualizando?: boolean;
  /** a longer task of the screen (an export): its own bar, named for screen readers */
  emAndamento?: string;
  /** the API's current `sort` */
  ordem?: string;
  aoOrdenar?: (campo: string) => void;
  /** a click (or a double click, with `abrirComClique` off), or Enter on the selected row */
  aoAbrir?: (item: T) => void;
  /** a single click on a row opens it (default); off: a click selects and a double click opens */
  abrirComClique?: boolean;
  acoes?: AcoesLinha<T>;
  /** what an empty list says */
  vazio?: ReactNode;
  paginacao?: PaginacaoTabela;
  larguraMinima?: number;
  /** a bordered card (lists of a screen); off inside forms */
  moldura?: boolean;
  /** virtualise the body: always (true), never (false) or past a number of rows */
  virtual?: boolean | number;
  /** height of a virtualised body's scroll area */
  alturaMaxima?: number;
  dataCy?: string;
  dataCyLinha?: string;
}

const idPadrao = (item: unknown) => String((item as { id?: unknown }).id);

export function TabelaDados<T extends RowData>(p: PropsTabelaDados<T>) {
  const { colunas, itens, ordem = '' } = p;
  const idDe = p.idDe ?? idPadrao;
  // TanStack owns the header model, sort state and selection; cells come from `colunas` at render
  const assinatura = colunas.map((c) => `${c.id}:${c.ordenavel ? 1 : 0}`).join();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the column model changes only with its signature
  const columns = useMemo<ColumnDef<Recursos, T>[]>(
    () => colunas.map((c) => ({ id: c.id, header: c.titulo, accessorFn: () => null, enableSorting: !!c.ordenavel })),
    [assinatura],
  );
  // controlled state must keep its identity between renders (a new array would be published again)
  const sorting = useMemo(() => {
    const id = columns.find((c) => c.id && direcaoDe(ordem, c.id))?.id;
    return id ? [{ id, desc: direcaoDe(ordem, id) === 'desc' }] : [];
  }, [columns, ordem]);
  const [rowSelection, setRowSelection] = useState<RowSelectionState>({});
  const data = itens as T[];
  const table = useTable({
    features,
    columns,
    data,
    getRowId: (item: T) => idDe(item),
    manualSorting: true,
    enableSortingRemoval: false,
    enableMultiRowSelection: false,
    state: { sorting, rowSelection },
    onRowSelectionChange: setRowSelection,
  });
  const rows = table.getRowModel().rows;
  const selecionada = rows.findIndex((r) => rowSelection[r.id]);
  const limiar =
    p.virtual === true ? 0 : p.virtual === false ? Number.POSITIVE_INFINITY : (p.virtual ?? LIMIAR_VIRTUAL);
  const virtual = rows.length > limiar;
  const rolagem = useRef<HTMLDivElement>(null);

  const teclado = (e: KeyboardEvent) => {
    if (!rows.length) return;
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      const d = e.key === 'ArrowDown' ? 1 : -1;
      rows[Math.min(rows.length - 1, Math.max(0, selecionada + d))]?.toggleSelected(true);
    } else if (e.key === 'Enter' && selecionada >= 0 && p.aoAbrir) {
      e.preventDefault();
      p.aoAbrir(rows[selecionada]!.original);
    }
  };

  const largura = colunas.length + (p.acoes ? 1 : 0);
  const corpo = {
    table,
    colunas,
    acoes: p.acoes,
    aoAbrir: p.aoAbrir,
    abrirComClique: p.abrirComClique ?? true,
    dataCyLinha: p.dataCyLinha,
  };
  const tabela = (
    <Table
      highlightOnHover
      stickyHeader={virtual}
      verticalSpacing={4}
      horizontalSpacing="sm"
      fz="sm"
      tabIndex={p.aoAbrir ? 0 : undefined}
      onKeyDown={p.aoAbrir ? teclado : undefined}
      className={classes.tabela}
      aria-label={p.rotulo}
      aria-rowcount={virtual ? rows.length + 1 : undefined}
      data-cy={p.dataCy}
    >
      <Table.Thead>
        <Cabecalho table={table} colunas={colunas} acoes={!!p.acoes} aoOrdenar={p.aoOrdenar} />
      </Table.Thead>
      <Table.Tbody>
        {p.carregando && rows.length === 0 && (
          <Esqueleto linhas={Math.min(p.paginacao?.tamanho ?? 3, 10)} colunas={colunas.length} acoes={!!p.acoes} />
        )}
        {!p.carregando && rows.length === 0 && (
          <Table.Tr className={classes.vazia}>
            <Table.Td colSpan={largura}>
              <Center py="xl">{p.vazio}</Center>
            </Table.Td>
          </Table.Tr>
        )}
        {virtual ? (
          <CorpoVirtual {...corpo} rolagem={rolagem} alturaMaxima={p.alturaMaxima ?? 560} selecionada={selecionada} />
        ) : (
          <CorpoTabela {...corpo} />
        )}
      </Table.Tbody>
    </Table>
  );

  const conteudo = (
    <>
      {p.emAndamento && <Progress value={100} animated size={3} radius={0} aria-label={p.emAndamento} />}
      {p.atualizando && !p.emAndamento && <Progress value={100} animated size={2} radius={0} aria-label="Carregando" />}
      {virtual ? (
        <Table.ScrollContainer
          ref={rolagem}
          type="native"
          minWidth={p.larguraMinima ?? 560}
          maxHeight={p.alturaMaxima ?? 560}
        >
          {tabela}
        </Table.ScrollContainer>
      ) : (
        <Table.ScrollContainer minWidth={p.larguraMinima ?? 560}>{tabela}</Table.ScrollContainer>
      )}
      {p.paginacao && <Rodape {...p.paginacao} />}
    </>
  );
  return p.moldura === false ? (
    conteudo
  ) : (
    <Paper withBorder radius="sm" pos="relative">
      {conteudo}
    </Paper>
  );
}

function Esqueleto({ linhas, colunas, acoes }: { linhas: number; colunas: number; acoes: boolean }) {
  return Array.from({ length: linhas }, (_, i) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows
    <Table.Tr key={i}>
      {Array.from({ length: colunas }, (_, j) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholder cells
        <Table.Td key={j}>
          <Skeleton h={14} radius="sm" />
        </Table.Td>
      ))}
      {acoes && <Table.Td />}
    </Table.Tr>
  ));
}
