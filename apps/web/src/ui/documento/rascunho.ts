/**
 * The draft of a document form (#27.4): kept while it holds something the user gave — lines, a note, a
 * type — not for the fields the form fills by itself (the store, today, the default location), so opening
 * a new document and leaving it creates no draft. Memoise the result (`useMemo` over the form): the draft
 * hook subscribes again whenever `inscrever` changes.
 */
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import type { OpcoesRascunho } from '../rascunho';

export function rascunhoDoDocumento<T extends FieldValues>(
  // biome-ignore lint/suspicious/noExplicitAny: the form's context and transformed types do not matter here
  form: UseFormReturn<T, any, any>,
  chave: string,
  temConteudo: (valores: T) => boolean,
): Omit<OpcoesRascunho<T>, 'pronto'> {
  return {
    chave,
    inscrever: (aoMudar) => {
      const s = form.watch((v) => aoMudar(v as T, temConteudo(v as T)));
      return () => s.unsubscribe();
    },
    aplicar: (v) => form.reset(v, { keepDefaultValues: true }),
  };
}
