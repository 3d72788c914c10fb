/**
 * What the generic register screens take from the app: the signed-in user's grants and stores, and
 * the actions other areas add (the report buttons). The app provides it (app/shell/ContextoCadastros),
 * so the engine imports no session and no area.
 */
import { type ComponentType, createContext, type ReactNode, useContext } from 'react';
import type { ColunaTabela } from '../ui/tabela/tipos';
import type { Registro } from './api';
import type { InputProps } from './fields/tipos';

export interface LojaDoUsuario {
  id: number;
  sigla?: string;
  fantasia?: string;
  principal: boolean;
}

export interface ContextoCadastros {
  permissoes: readonly string[];
  administrador: boolean;
  lojas: readonly LojaDoUsuario[];
  /** Beside 'Exportar' on a list; `params` is the list's API query (filter and sort). */
  AcaoDaLista?: ComponentType<{ base: string; params: URLSearchParams; entidade: string }>;
  /** In a saved record's header. */
  AcaoDoRegistro?: ComponentType<{ base: string; id: string; entidade: string }>;
  /**
   * An area below a record's fields, by register key (a product's stock, a seção's grupos); `id` undefined:
   * a new record, where an area may say what saving enables or show nothing.
   */
  AreaDoRegistro?: ComponentType<{ registro: string; id?: string; permissoes: readonly string[] }>;
  /** An area's own input for one field of a register's form (a product's prices with their margin). */
  editorDoCampo?: (registro: string, campo: string) => ComponentType<InputProps> | undefined;
  /** Registers whose form stays on the saved record after Salvar, with 'Salvar e novo' beside it. */
  ficaNoRegistro?: (registro: string) => boolean;
  /** A hook (called on every render of every list): an area's optional columns and their chooser. */
  useColunasExtras?: (
    registro: string,
    itens: readonly Registro[],
  ) => { colunas: ColunaTabela<Registro>[]; seletor: ReactNode } | undefined;
}

const SEM_USUARIO: ContextoCadastros = { permissoes: [], administrador: false, lojas: [] };

const contexto = createContext<ContextoCadastros>(SEM_USUARIO);

export const ProvedorCadastros = contexto.Provider;

export const useContextoCadastros = () => useContext(contexto);

/** The label of a store in pickers and lists: "id - fantasia". */
export const rotuloLoja = (l: Pick<LojaDoUsuario, 'id' | 'fantasia' | 'sigla'>) =>
  `${l.id} - ${l.fantasia ?? l.sigla ?? ''}`;
/** A store picker's options: the value its id, the label `rotuloLoja`. */
export const opcoesDeLojas = (lojas: readonly Pick<LojaDoUsuario, 'id' | 'fantasia' | 'sigla'>[]) =>
  lojas.map((l) => ({ value: String(l.id), label: rotuloLoja(l) }));
