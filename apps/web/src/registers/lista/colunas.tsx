/**
 * A register's list columns and row kebab for the shared table: one display per field type,
 * references shown by their labels ("5 - Nestlé"), the actions allowed by the permissions.
 */
import type { RegisterDef } from '@retaguarda/domain';
import { IconEye, IconPencil, IconToggleLeft, IconToggleRight, IconTrash } from '@tabler/icons-react';
import { TextoLimitado } from '../../ui/tabela/TextoLimitado';
import type { AcoesLinha, ColunaTabela } from '../../ui/tabela/tipos';
import type { AcaoKebab } from '../../ui/MenuKebab';
import type { Registro } from '../api';
import { campoDe } from '../consulta';
import { displayDe } from '../fields';
import { useRotulos } from '../fields/rotulos';
import type { Permissoes } from '../permissoes';

const REFERENCIAS = ['reference', 'loja', 'ncm', 'multiReference', 'lojas'];

const valorEm = (item: Registro, campo: string): unknown =>
  campo.split('.').reduce<unknown>((o, k) => (o && typeof o === 'object' ? (o as Registro)[k] : undefined), item);

/** One hook per reference column (the column list is fixed per register). */
function useRotulosDasColunas(def: RegisterDef, itens: readonly Registro[]) {
  const mapas: Record<string, Map<string, string>> = {};
  for (const c of def.list.columns) {
    const f = campoDe(def, c.field);
    const ehRef = !!f && REFERENCIAS.includes(f.type);
    // biome-ignore lint/correctness/useHookAtTopLevel: the columns of a register never change
    mapas[c.field] = useRotulos(
      ehRef ? f?.ref : undefined,
      ehRef ? itens.flatMap((i) => valorEm(i, c.field) ?? []) : [],
    );
  }
  return mapas;
}

export function useColunasRegistro(def: RegisterDef, itens: readonly Registro[]): ColunaTabela<Registro>[] {
  const rotulos = useRotulosDasColunas(def, itens);
  // only declared filter/search fields (and id, ativo) can be sorted by the API
  const ordenaveis = new Set([...def.list.filters, ...def.list.search, 'id', 'ativo']);
  return def.list.columns.map((c) => {
    const f = campoDe(def, c.field);
    const Display = f ? displayDe(f) : null;
    const rot = rotulos[c.field];
    return {
      id: c.field,
      titulo: c.label ?? f?.label ?? c.field,
      ordenavel: ordenaveis.has(c.field.split('.')[0] ?? c.field),
      codigo: c.field === 'id',
      celula: (item) => {
        const v = valorEm(item, c.field);
        return (
          <TextoLimitado titulo={typeof v === 'string' ? v : undefined}>
            {rot && rot.size > 0 && v !== null && v !== undefined ? (
              (Array.isArray(v) ? v : [v]).map((x) => rot.get(String(x)) ?? String(x)).join(', ')
            ) : f && Display ? (
              <Display field={f} value={v} />
            ) : (
              String(v ?? '')
            )}
          </TextoLimitado>
        );
      },
    };
  });
}

interface Acoes {
  aoAbrir: (item: Registro) => void;
  aoAlternarAtivo: (item: Registro) => void;
  aoExcluir: (item: Registro) => void;
}

export function acoesDoRegistro(def: RegisterDef, permissoes: Permissoes, a: Acoes): AcoesLinha<Registro> {
  const temAtivo = def.fields.some((f) => f.name === 'ativo' && !f.readOnly);
  return {
    rotulo: (item) => `Ações do registro ${String(item.id)}`,
    dataCy: 'kebab-registro',
    acoes: (item) => {
      const ativo = item.ativo !== false;
      const lista: AcaoKebab[] = [
        {
          label: permissoes.editar ? 'Editar' : 'Visualizar',
          icone: permissoes.editar ? <IconPencil size={15} /> : <IconEye size={15} />,
          aoClicar: () => a.aoAbrir(item),
          dataCy: 'acao-editar',
        },
      ];
      if (temAtivo)
        lista.push({
          label: ativo ? 'Inativar' : 'Ativar',
          icone: ativo ? <IconToggleLeft size={15} /> : <IconToggleRight size={15} />,
          desabilitada: !permissoes.editar,
          aoClicar: () => a.aoAlternarAtivo(item),
          dataCy: 'acao-alternar-ativo',
        });
      if (def.canDelete !== false)
        lista.push({
          label: 'Excluir',
          cor: 'red',
          icone: <IconTrash size={15} />,
          desabilitada: !permissoes.excluir,
          aoClicar: () => a.aoExcluir(item),
          dataCy: 'acao-excluir',
        });
      return lista;
    },
  };
}
