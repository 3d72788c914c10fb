/**
 * Report 'Imprimir' of any register list: the rows the list shows (its filter, sort, store scope
 * and route params, through the engine's own query building), with the list's columns, as a
 * landscape PDF or an XLSX. Rows are capped and the report says so.
 */
import {
  CAMPOS_DO_ROTULO,
  type FieldDef,
  perm,
  type RegisterDef,
  registerByKey,
  rotuloDoRegistro,
} from '@retaguarda/domain';
import { sql } from 'kysely';
import type { Tx } from '../../db/database';
import type { AuthContext } from '../../plugins/auth';
import { ApiError } from '../../plugins/errors';
import { type Meta, metaOf, toApi } from '../../registers/meta';
import { fromOf, orderBy, type Scope, whereOf } from '../../registers/query';
import { filtrosEmTexto, valoresDosFiltros } from './filtros';
import { cabecalhoDe, nomeDoArquivo } from './identificacao';
import { documentoPaisagem, renderizarPdf, type TableCell } from './pdf';
import type { Arquivo, Gerador } from './relatorios.fila';
import type { FormatoRelatorio } from './relatorios.store';
import { formatoQuantidade } from './formatos';
import { planilha, type TipoColuna } from './xlsx';
import { textoDoValor } from './valores';

export const LIMITE_LINHAS: Record<FormatoRelatorio, number> = { PDF: 5_000, XLSX: 20_000 };

export interface ParametrosDaLista {
  cadastro: string;
  fixos: Record<string, unknown>;
  q?: string;
  sort?: string;
  /** the requester's store scope when asked (reports run later, with these rights). */
  administrador: boolean;
  lojas: number[];
  /** referenced registers whose labels the requester may read. */
  refsLegiveis: string[];
}

const REFS = new Set(['reference', 'multiReference', 'loja', 'lojas']);
const NUMEROS = new Set(['integer', 'decimal', 'money', 'percent', 'quantity']);

/**
 * A field's XLSX column: dates as dates; money, decimals and quantities as numbers in their format (#27.17).
 * Integers stay text: some are codes whose leading zeros matter.
 */
export function colunaDaPlanilha(f: { type: string; scale?: number } | undefined): {
  tipo?: TipoColuna;
  formato?: string;
} {
  switch (f?.type) {
    case 'date':
      return { tipo: 'data' };
    case 'datetime':
      return { tipo: 'dataHora' };
    case 'money':
      return { tipo: 'numero', formato: '#,##0.00' };
    case 'decimal':
      return { tipo: 'numero', formato: formatoQuantidade(f.scale ?? 2) };
    case 'quantity':
      return { tipo: 'numero', formato: formatoQuantidade(f.scale ?? 3) };
    default:
      return {};
  }
}

function colunas(meta: Meta): { nome: string; rotulo: string; campo?: FieldDef }[] {
  return meta.def.list.columns.map((c) => {
    const campo = meta.byName.get(c.field)?.field;
    return { nome: c.field, rotulo: c.label ?? campo?.label ?? c.field, campo };
  });
}

const refDe = (f: FieldDef | undefined) => (f && REFS.has(f.type) ? (f.ref ?? 'loja') : undefined);

/** Validates the filter and sort now (400 at once) and snapshots what the job needs. */
export function prepararLista(
  def: RegisterDef,
  fixos: Record<string, unknown>,
  query: { q?: string; sort?: string },
  auth: AuthContext,
): ParametrosDaLista {
  const meta = metaOf(def);
  const scope: Scope = { fixed: fixos, auth };
  whereOf(meta, scope, query.q);
  orderBy(meta, query.sort);
  const refsLegiveis = colunas(meta)
    .map((c) => refDe(c.campo))
    .filter((r): r is string => !!r)
    .filter((r) => {
      const d = registerByKey(r);
      return d && (d.acesso?.leitura === 'sessao' || auth.permissoes.has(perm(d.permissao, 'ACESSO')));
    });
  return {
    cadastro: def.key,
    fixos,
    q: query.q,
    sort: query.sort,
    administrador: auth.administrador,
    lojas: [...auth.lojas],
    refsLegiveis,
  };
}

/** id → "5 - Nestlé" for the referenced records on this page of rows. */
async function rotulosDe(trx: Tx, ref: string, ids: unknown[]): Promise<Map<string, string>> {
  const def = registerByKey(ref);
  const unicos = [...new Set(ids.flat().filter((i) => i !== null && i !== undefined))];
  if (!def || !unicos.length) return new Map();
  const campos = CAMPOS_DO_ROTULO.filter((n) => def.fields.some((f) => f.name === n));
  const cast = def.idKind === 'code' ? sql`text[]` : sql`int[]`;
  const { rows } = await sql<Record<string, unknown>>`
    select ${sql.join([sql.ref('id'), ...campos.map((c) => sql.ref(c))])}
      from ${sql.table(def.table)} where id = any(${unicos.map(String)}::${cast})`.execute(trx);
  return new Map(rows.map((r) => [String(r.id), rotuloDoRegistro(def, r)]));
}

const valorEm = (item: Record<string, unknown>, campo: string): unknown =>
  campo
    .split('.')
    .reduce<unknown>((o, k) => (o && typeof o === 'object' ? (o as Record<string, unknown>)[k] : undefined), item);

export const gerarLista: Gerador = async ({ db, assinanteId, relatorio, parametros, progresso }) => {
  const p = parametros as unknown as ParametrosDaLista;
  const def = registerByKey(p.cadastro);
  if (!def) throw new ApiError(404, 'Cadastro não encontrado.');
  const meta = metaOf(def);
  const limite = LIMITE_LINHAS[relatorio.formato];
  const auth = { assinanteId, usuarioId: relatorio.usuarioId, administrador: p.administrador, lojas: p.lojas };
  const scope = { fixed: p.fixos, auth: { ...auth, permissoes: new Set<string>() } };
  const cols = colunas(meta);
  const dados = await db.withTenant(assinanteId, async (trx) => {
    const where = whereOf(meta, scope, p.q);
    const { rows } = await sql<Record<string, unknown>>`select ${meta.selectList} from ${fromOf(meta)} ${where}
      order by ${orderBy(meta, p.sort)} limit ${limite + 1}`.execute(trx);
    const total =
      rows.length > limite
        ? ((await sql<{ n: number }>`select count(*)::int as n from ${fromOf(meta)} ${where}`.execute(trx)).rows[0]
            ?.n ?? 0)
        : rows.length;
    const itens = rows.slice(0, limite).map(toApi);
    const rotulos = new Map<string, Map<string, string>>();
    for (const c of cols) {
      const ref = refDe(c.campo);
      if (ref && p.refsLegiveis.includes(ref))
        rotulos.set(
          c.nome,
          await rotulosDe(
            trx,
            ref,
            itens.map((i) => valorEm(i, c.nome)),
          ),
        );
    }
    // the filter told with names: "Loja em (BV01 - Centro, BV02 - Shopping)", not "Loja em (3, 4)" (issue #27.13)
    const rotulosDosFiltros = new Map<string, Map<string, string>>();
    for (const [campo, valores] of valoresDosFiltros(p.q, p.fixos)) {
      const f = meta.byName.get(campo)?.field;
      const ref = refDe(f);
      const legivel = f?.type === 'loja' || f?.type === 'lojas' || (ref && p.refsLegiveis.includes(ref));
      if (ref && legivel) rotulosDosFiltros.set(campo, await rotulosDe(trx, ref, valores));
    }
    return { itens, total, rotulos, rotulosDosFiltros, cabecalho: await cabecalhoDe(trx, relatorio) };
  });
  await progresso?.(1, 3, 'Montando o arquivo');
  const { filtros, ordenacao } = filtrosEmTexto(meta, p.q, p.sort, p.fixos, dados.rotulosDosFiltros);
  const cabecalho = { ...dados.cabecalho, filtros, ordenacao };
  const linhas = dados.itens.map((i) =>
    cols.map((c) => {
      const v = valorEm(i, c.nome);
      // the lists show the active flag as a status
      if (c.nome === 'ativo' && typeof v === 'boolean') return v ? 'Ativo' : 'Inativo';
      return textoDoValor(c.campo, v, dados.rotulos.get(c.nome));
    }),
  );
  const resumo =
    dados.total > linhas.length
      ? `Exibindo as primeiras ${linhas.length.toLocaleString('pt-BR')} de ${dados.total.toLocaleString('pt-BR')} linhas (limite do relatório). Refine os filtros ou use Exportar para a lista completa.`
      : `${linhas.length.toLocaleString('pt-BR')} ${linhas.length === 1 ? 'registro' : 'registros'}.`;
  if (relatorio.formato === 'XLSX') {
    // dates go as real date cells (sortable in the spreadsheet), shown dd/mm/aaaa
    const tipos = cols.map((c) => ({ rotulo: c.rotulo, ...colunaDaPlanilha(c.campo) }));
    const conteudo = await planilha(cabecalho, tipos, linhas, resumo);
    return arquivo(relatorio.titulo, 'XLSX', conteudo);
  }
  const alinhar = (c: (typeof cols)[number]) => (c.campo && NUMEROS.has(c.campo.type) ? 'right' : 'left');
  const corpo: TableCell[][] = [
    cols.map((c) => ({ text: c.rotulo, style: 'th', alignment: alinhar(c) })),
    ...linhas.map((l) => l.map((t, i) => ({ text: t, alignment: alinhar(cols[i]!) }))),
  ];
  const larguras = cols.map((c) =>
    !c.campo || ['text', 'longText', 'reference', 'multiReference', 'lojas'].includes(c.campo.type) ? '*' : 'auto',
  );
  const doc = documentoPaisagem(cabecalho, [
    linhas.length
      ? { table: { headerRows: 1, widths: larguras, body: corpo }, layout: 'lightHorizontalLines' }
      : { text: 'Nenhum registro encontrado com os filtros aplicados.', italics: true },
    { text: resumo, style: 'aviso' },
  ]);
  const conteudo = await renderizarPdf(doc, `${cabecalho.assinante} · ${cabecalho.titulo}`);
  return arquivo(relatorio.titulo, 'PDF', conteudo);
};

export function arquivo(titulo: string, formato: FormatoRelatorio, conteudo: Arquivo['conteudo']): Arquivo {
  return {
    nome: nomeDoArquivo(titulo, formato),
    mimeType:
      formato === 'PDF' ? 'application/pdf' : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    conteudo,
  };
}
