/** The shapes a list screen hands to the shared table: columns, row actions and paging. */
import type { ReactNode } from 'react';
import type { AcaoKebab } from '../MenuKebab';
import type { PropsRodape } from './Rodape';

export interface ColunaTabela<T> {
  /** the field the API sorts by (`sort=id`), unique in the table */
  id: string;
  titulo: string;
  ordenavel?: boolean;
  /** header width in px */
  largura?: number;
  /** a code column: narrow, tabular figures */
  codigo?: boolean;
  /** the header is read by screen readers only (a column of buttons) */
  tituloOculto?: boolean;
  celula: (item: T) => ReactNode;
}

/** The row's kebab (spec §2.3): its actions and its accessible name ('Ações do registro 5'). */
export interface AcoesLinha<T> {
  acoes: (item: T) => readonly AcaoKebab[];
  rotulo: (item: T) => string;
  dataCy?: string;
}

export type PaginacaoTabela = PropsRodape;
