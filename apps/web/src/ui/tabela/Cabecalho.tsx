/** The header row: a sortable column is a button with its direction icon, and its <th> says aria-sort. */
import { Table, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconArrowDown, IconArrowsSort, IconArrowUp } from '@tabler/icons-react';
import type { ReactTable, RowData } from '@tanstack/react-table';
import classes from './tabela.module.css';
import type { Recursos } from './TabelaDados';
import type { ColunaTabela } from './tipos';

interface Props<T extends RowData> {
  table: ReactTable<Recursos, T>;
  colunas: readonly ColunaTabela<T>[];
  acoes: boolean;
  aoOrdenar?: (campo: string) => void;
}

export function Cabecalho<T extends RowData>({ table, colunas, acoes, aoOrdenar }: Props<T>) {
  const porId = new Map(colunas.map((c) => [c.id, c]));
  return table.getHeaderGroups().map((grupo) => (
    <Table.Tr key={grupo.id}>
      {grupo.headers.map((h) => {
        const c = porId.get(h.column.id);
        if (!c) return null;
        const dir = h.column.getIsSorted();
        const Icone = dir === 'asc' ? IconArrowUp : dir === 'desc' ? IconArrowDown : IconArrowsSort;
        return (
          <Table.Th
            key={h.id}
            scope="col"
            w={c.largura}
            aria-sort={dir === 'asc' ? 'ascending' : dir === 'desc' ? 'descending' : undefined}
            className={c.codigo ? classes.colunaCodigo : undefined}
          >
            {aoOrdenar && h.column.getCanSort() ? (
              <UnstyledButton className={classes.ordenar} onClick={() => aoOrdenar(c.id)} data-cy={`ordenar-${c.id}`}>
                {c.titulo}
                <Icone size={13} className={dir ? undefined : classes.iconeInativo} />
              </UnstyledButton>
            ) : c.tituloOculto ? (
              <VisuallyHidden>{c.titulo}</VisuallyHidden>
            ) : (
              <table.FlexRender header={h} />
            )}
          </Table.Th>
        );
      })}
      {acoes && (
        <Table.Th w={40} scope="col" className={classes.acoes}>
          <VisuallyHidden>Ações</VisuallyHidden>
        </Table.Th>
      )}
    </Table.Tr>
  ));
}
