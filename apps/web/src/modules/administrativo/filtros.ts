/** Search of the group and user lists (spec §2.4): código, nome and status, 'todos' ignored. */
import { emitRsql, type RsqlNode, rsql } from '@retaguarda/domain';
import type { FiltroLista } from '../../lib/lista/estado';

export type StatusFiltro = 'todos' | 'ativos' | 'inativos';

export interface Filtro {
  codigo: string;
  nome: string;
  status: StatusFiltro;
}

export const FILTRO_VAZIO: Filtro = { codigo: '', nome: '', status: 'todos' };

const STATUS: readonly StatusFiltro[] = ['todos', 'ativos', 'inativos'];

/** `status` is `statusDeAtivacao==ATIVO` on groups and `ativo==true` on users. */
function noDoFiltro(f: Filtro, tipo: 'grupo' | 'usuario'): RsqlNode | undefined {
  const codigo = f.codigo.trim();
  const nome = f.nome.trim();
  const ativo = f.status === 'ativos';
  return rsql.and(
    /^\d{1,9}$/.test(codigo) && rsql.eq('id', codigo),
    nome ? rsql.contains('nome', nome) : undefined,
    f.status !== 'todos' &&
      (tipo === 'grupo' ? rsql.eq('statusDeAtivacao', ativo ? 'ATIVO' : 'INATIVO') : rsql.eq('ativo', ativo)),
  );
}

export const rsqlDoFiltro = (f: Filtro, tipo: 'grupo' | 'usuario') => emitRsql(noDoFiltro(f, tipo));

/** The filter of a list tab as it lives in the URL (the shared list hook keeps page, size and order). */
function filtroDaAba(tipo: 'grupo' | 'usuario'): FiltroLista<Filtro> {
  return {
    chaves: ['codigo', 'nome', 'status'],
    daUrl: (q) => {
      const status = q.get('status') as StatusFiltro | null;
      return {
        codigo: q.get('codigo') ?? '',
        nome: q.get('nome') ?? '',
        status: status && STATUS.includes(status) ? status : 'todos',
      };
    },
    paraUrl: (f) => ({
      ...(f.codigo ? { codigo: f.codigo } : {}),
      ...(f.nome ? { nome: f.nome } : {}),
      ...(f.status !== 'todos' ? { status: f.status } : {}),
    }),
    rsql: (f) => noDoFiltro(f, tipo),
  };
}

export const FILTRO_GRUPOS = filtroDaAba('grupo');
export const FILTRO_USUARIOS = filtroDaAba('usuario');
