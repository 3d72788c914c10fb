/**
 * The filter of a register's list (spec §5): quick search, Situação and stores, as it lives in the
 * URL after the # and as the `q` it asks (RSQL on declared fields only). Paging, order and the
 * query itself are the shared list's (lib/lista).
 */
import { type FieldDef, type RegisterDef, type RsqlNode, rsql } from '@retaguarda/domain';
import type { EstadoLista, FiltroLista } from '../lib/lista/estado';

export type Situacao = 'todos' | 'ativos' | 'inativos';

export interface FiltroRegistro {
  busca: string;
  situacao: Situacao;
  lojas: number[];
}

export type EstadoRegistros = EstadoLista<FiltroRegistro>;

export function campoDe(def: RegisterDef, nome: string): FieldDef | undefined {
  const [raiz, filho] = nome.split('.');
  const f = def.fields.find((x) => x.name === raiz);
  return filho ? f?.fields?.find((x) => x.name === filho) : f;
}

// documents are stored without the mask: search by their characters only
const SEM_MASCARA = ['cnpj', 'cpf', 'cpfCnpj', 'cep', 'phone', 'ncm'];

/** Quick search: the code equals (when numeric) or any search field contains the text. */
export function rsqlDaBusca(def: RegisterDef, busca: string): RsqlNode | undefined {
  const t = busca.trim();
  if (!t) return undefined;
  // a code typed as shown ("3303.00.20") is stored digits only
  const codigo = /^\d[\d.\-\s]*$/.test(t) ? t.replace(/\D/g, '') : t;
  const porCodigo =
    def.idKind === 'code' ? rsql.startsWith('id', codigo) : /^\d{1,9}$/.test(t) ? rsql.eq('id', t) : undefined;
  const porCampo = def.list.search.map((nome) => {
    const f = campoDe(def, nome);
    const texto = f && SEM_MASCARA.includes(f.type) ? t.replace(/[.\-/\s()]/g, '') : t;
    return texto ? rsql.contains(nome, texto) : undefined;
  });
  return rsql.or(porCodigo, ...porCampo);
}

function lojasDaUrl(q: URLSearchParams): number[] {
  try {
    const v = JSON.parse(q.get('lojas') ?? '[]');
    return Array.isArray(v) ? v.filter((x): x is number => Number.isInteger(x)) : [];
  } catch {
    return [];
  }
}

function criarFiltro(def: RegisterDef): FiltroLista<FiltroRegistro> {
  return {
    chaves: ['busca', 'situacao', 'lojas'],
    daUrl: (q) => {
      const situacao = q.get('situacao');
      return {
        busca: q.get('busca') ?? '',
        situacao: situacao === 'ativos' || situacao === 'inativos' ? situacao : 'todos',
        lojas: lojasDaUrl(q),
      };
    },
    paraUrl: (f) => ({
      ...(f.busca ? { busca: f.busca } : {}),
      ...(f.situacao !== 'todos' ? { situacao: f.situacao } : {}),
      ...(f.lojas.length ? { lojas: JSON.stringify(f.lojas) } : {}),
    }),
    rsql: (f) =>
      rsql.and(
        rsqlDaBusca(def, f.busca),
        f.situacao !== 'todos' && rsql.eq('ativo', f.situacao === 'ativos'),
        def.lojaField && f.lojas.length > 0 ? rsql.in(def.lojaField, f.lojas) : undefined,
      ),
  };
}

const filtros = new WeakMap<RegisterDef, FiltroLista<FiltroRegistro>>();

/** One stable filter per register (the list hook memoises on it). */
export function filtroDoRegistro(def: RegisterDef): FiltroLista<FiltroRegistro> {
  let f = filtros.get(def);
  if (!f) {
    f = criarFiltro(def);
    filtros.set(def, f);
  }
  return f;
}
