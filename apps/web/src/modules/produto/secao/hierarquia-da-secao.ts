/**
 * The grupos and subgrupos of one seção as its form edits them: two reads (the seção's grupos, and all
 * its subgrupos through the flat list, so a grupo opens at once and its delete can say how many go with
 * it) and the writes through the nested paths, which keep each row under its seção and grupo.
 */
import { emitRsql, rsql } from '@retaguarda/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { atualizar, criar, listar, type Registro } from '../../../registers/api';
import { toast } from '../../../lib/toasts';
import { falhaDaApi, toastDeErro } from '../../../lib/erros';

/** How a 403 names what was refused (the Seção register's permission covers the three). */
export const ENTIDADE = 'seções, grupos e subgrupos';

export interface Item extends Registro {
  id: number;
  descricao: string;
  ativo?: boolean;
  versao?: number;
  grupoId?: number;
}

export const caminhoGrupos = (secaoId: string) => `/api/v1/produto/secoes/${encodeURIComponent(secaoId)}/grupos`;
export const caminhoSubgrupos = (secaoId: string, grupoId: number) => `${caminhoGrupos(secaoId)}/${grupoId}/subgrupos`;

const porNome = (a: Item, b: Item) => a.descricao.localeCompare(b.descricao, 'pt-BR', { sensitivity: 'base' });

async function todos(caminho: string, secaoId: string, signal: AbortSignal): Promise<Item[]> {
  const q = emitRsql(rsql.eq('secaoId', Number(secaoId))) ?? '';
  const p = new URLSearchParams({ q, sort: 'descricao', start: '0', count: '1000' });
  return ((await listar(caminho, p, signal)).items as Item[]).sort(porNome);
}

export function useHierarquiaDaSecao(secaoId: string) {
  const qc = useQueryClient();
  const grupos = useQuery({
    queryKey: ['secao-grupos', secaoId],
    queryFn: ({ signal }) => todos(caminhoGrupos(secaoId), secaoId, signal),
  });
  const subgrupos = useQuery({
    queryKey: ['secao-subgrupos', secaoId],
    queryFn: ({ signal }) => todos('/api/v1/produto/subgrupos', secaoId, signal),
  });
  /** After a write: this list, and the product form's pickers of grupo and subgrupo (Hierarquia.tsx). */
  const recarregar = async () => {
    await Promise.all([
      qc.invalidateQueries({ queryKey: ['secao-grupos', secaoId] }),
      qc.invalidateQueries({ queryKey: ['secao-subgrupos', secaoId] }),
      qc.invalidateQueries({ queryKey: ['hierarquia-produto'] }),
    ]);
  };
  return { grupos, subgrupos, recarregar };
}

/** The error of a name to show under its input: the field's own error, else the message and its reasons. */
export function erroDoNome(e: unknown): string | null {
  const f = falhaDaApi(e);
  if (f.status !== 409 && f.status !== 422) return null;
  const doCampo = f.erros.find((x) => x.campo === 'descricao');
  if (doCampo) return doCampo.mensagem;
  return [f.message, ...f.reasons].filter(Boolean).join(' ') || 'Não foi possível salvar.';
}

export const incluir = (caminho: string, descricao: string) => criar(caminho, { descricao });

/** PUT of the row as read with the new name (its versão guards against a change made meanwhile). */
export const renomear = (caminho: string, item: Item, descricao: string) =>
  atualizar(caminho, String(item.id), { ...item, descricao });

/** Inactive rows stay (products keep them) but leave the product form's pickers. */
export async function inativarOuAtivar(caminho: string, item: Item, recarregar: () => Promise<void>) {
  const ativo = item.ativo === false;
  try {
    await atualizar(caminho, String(item.id), { ...item, ativo });
    toast({ type: 'success', title: 'Sucesso', message: ativo ? 'Registro ativado.' : 'Registro inativado.' });
    await recarregar();
  } catch (e) {
    toast(toastDeErro(e, { entidade: ENTIDADE }));
  }
}
