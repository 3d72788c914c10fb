/**
 * Files in processing (spec §3: id and tipo; §4: added without duplicates by id, or removed):
 * reports asked and not yet announced. The header indicator shows them; the report's
 * notification (link /visualizacao-relatorio/<id>) removes one.
 */
import { create } from 'zustand';

export interface ArquivoEmProcessamento {
  id: string;
  tipo: string;
  /** what the user asked for ('Marcas', 'Histórico de alterações — …'). */
  titulo?: string;
}

interface ArquivosState {
  arquivos: ArquivoEmProcessamento[];
  adicionar: (a: ArquivoEmProcessamento) => void;
  remover: (id: string) => void;
  substituir: (todos: ArquivoEmProcessamento[]) => void;
  limpar: () => void;
}

export const useArquivosEmProcessamento = create<ArquivosState>((set) => ({
  arquivos: [],
  adicionar: (a) => set((s) => (s.arquivos.some((x) => x.id === a.id) ? s : { arquivos: [...s.arquivos, a] })),
  remover: (id) => set((s) => ({ arquivos: s.arquivos.filter((x) => x.id !== id) })),
  substituir: (todos) => set({ arquivos: todos }),
  limpar: () => set({ arquivos: [] }),
}));

const LINK = /^\/visualizacao-relatorio\/([^/?#]+)/;

/** The report id a notification announces, if it is a report's. */
export function relatorioDoLink(link: string | null | undefined): string | undefined {
  return link ? LINK.exec(link)?.[1] : undefined;
}
