/**
 * The choices of a lot field whose value is a register's id (situação fiscal, regime estadual, natureza
 * PIS/COFINS): the proposal is picked by its label, never typed as an id. Fields whose value is its own label
 * (NCM, CEST, GTIN) have none and stay typed. Labels as the server's `valorAtualRotulo` writes them.
 */
import type { CampoLote, ListaPaginada } from '@retaguarda/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** what the register select says when no choice shows: the list is still on its way, or nothing matches */
export const semOpcoes = (opcoes: OpcaoDoCampo[]) => (opcoes.length ? 'Nenhum resultado' : 'Carregando…');

export interface OpcaoDoCampo {
  value: string;
  label: string;
}

interface Fonte<R> {
  url: string;
  rotulo: (r: R) => string;
}
type Registro = { id: number | string; codigo?: string; descricao: string; uf?: string };

const ATIVOS = `q=${encodeURIComponent('ativo==true')}&count=1000`;
const FONTES: Partial<Record<CampoLote, Fonte<Registro>>> = {
  situacao: { url: `/api/v1/fiscal/situacoes?${ATIVOS}&sort=codigo`, rotulo: (r) => `${r.codigo} - ${r.descricao}` },
  regime: {
    url: `/api/v1/fiscal/regimes-tributarios?${ATIVOS}&sort=descricao`,
    rotulo: (r) => `${r.descricao} (${r.uf})`,
  },
  natureza: { url: `/api/v1/fiscal/impostos-federais?${ATIVOS}&sort=id`, rotulo: (r) => `${r.id} - ${r.descricao}` },
};

/**
 * null: the field is typed (no register behind it, or the list could not be read). While the list loads the
 * answer is an empty list, not null: the field is a select from the start, so what the user types meanwhile
 * filters the choices when they arrive instead of going into a text box that the select then replaces.
 */
export function useOpcoesDoCampo(campo: CampoLote): OpcaoDoCampo[] | null {
  const fonte = FONTES[campo];
  const q = useQuery({
    queryKey: ['lote-inconsistencia', 'opcoes', campo],
    queryFn: async () =>
      (await api<ListaPaginada<Registro>>(fonte!.url)).items.map((r) => ({
        value: String(r.id),
        label: fonte!.rotulo(r),
      })),
    enabled: !!fonte,
    staleTime: 5 * 60_000,
  });
  if (!fonte || q.isError) return null;
  return q.data ?? [];
}
