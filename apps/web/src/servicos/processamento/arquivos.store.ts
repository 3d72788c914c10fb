/**
 * Files in processing (spec §3: id and tipo; §4: added without duplicates by id, or removed):
 * reports asked and not yet announced, and any background job ('tarefa' realtime events) while it
 * is open, with its progress (feito/total/fase). The header indicator shows them; the report's
 * notification (link /visualizacao-relatorio/<id>) or the job's final status removes one.
 */
import { type ProgressoTarefa, TAREFA_ABERTA, type Tarefa } from '@retaguarda/domain';
import { create } from 'zustand';

export interface ArquivoEmProcessamento {
  id: string;
  tipo: string;
  /** what the user asked for ('Marcas', 'Histórico de alterações — …'). */
  titulo?: string;
  /** the SPA path of the result */
  link?: string;
  progresso?: ProgressoTarefa;
}

interface ArquivosState {
  arquivos: ArquivoEmProcessamento[];
  adicionar: (a: ArquivoEmProcessamento) => void;
  remover: (id: string) => void;
  substituir: (todos: ArquivoEmProcessamento[]) => void;
  /** a job's realtime change: open → added or updated with its progress; final → removed */
  tarefa: (t: Tarefa) => void;
  limpar: () => void;
}

export const useArquivosEmProcessamento = create<ArquivosState>((set) => ({
  arquivos: [],
  adicionar: (a) => set((s) => (s.arquivos.some((x) => x.id === a.id) ? s : { arquivos: [...s.arquivos, a] })),
  remover: (id) => set((s) => ({ arquivos: s.arquivos.filter((x) => x.id !== id) })),
  substituir: (todos) => set({ arquivos: todos }),
  tarefa: (t) =>
    set((s) => {
      if (!TAREFA_ABERTA.includes(t.status)) return { arquivos: s.arquivos.filter((x) => x.id !== t.id) };
      const novo = { progresso: t.progresso, ...(t.link ? { link: t.link } : {}) };
      if (s.arquivos.some((x) => x.id === t.id))
        return { arquivos: s.arquivos.map((x) => (x.id === t.id ? { ...x, ...novo } : x)) };
      return { arquivos: [...s.arquivos, { id: t.id, tipo: t.tipo, titulo: t.titulo ?? undefined, ...novo }] };
    }),
  limpar: () => set({ arquivos: [] }),
}));

const LINK = /^\/visualizacao-relatorio\/([^/?#]+)/;

/** The report id a notification announces, if it is a report's. */
export function relatorioDoLink(link: string | null | undefined): string | undefined {
  return link ? LINK.exec(link)?.[1] : undefined;
}

/** 0–100 for the bar; undefined while the amount of work is unknown (an indeterminate spinner then). */
export function percentual(p: ProgressoTarefa | undefined): number | undefined {
  if (!p || !p.total) return undefined;
  return Math.min(100, Math.round((p.feito / p.total) * 100));
}
