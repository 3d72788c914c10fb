/**
 * Report 'Histórico de alterações' of one register record: the audit trail the engine writes on
 * every create, update and delete (db/audit.ts), told as when, who, action and the changed fields
 * ("de antes para depois"; the report font has no arrow glyph) in the screens' formats.
 */
import { type FieldDef, registerByKey } from '@retaguarda/domain';
import { sql } from 'kysely';
import { ApiError } from '../../plugins/errors';
import { metaOf } from '../../registers/meta';
import { cabecalhoDe } from './identificacao';
import { arquivo } from './lista-cadastro';
import { documentoPaisagem, renderizarPdf, type TableCell } from './pdf';
import type { Gerador } from './relatorios.fila';
import { dataHora, textoDoValor } from './valores';

export interface ParametrosHistorico {
  cadastro: string;
  id: string;
  /** "5 - Nestlé", as the record was when the report was asked. */
  registro: string;
}

const LIMITE = 2_000;
export const ACOES: Record<string, string> = {
  INCLUSAO: 'Inclusão',
  ALTERACAO: 'Alteração',
  EXCLUSAO: 'Exclusão',
  ACESSO: 'Acesso',
  OUTRO: 'Outro',
};
/** bookkeeping every write changes: not news to the reader. */
export const IGNORADOS = new Set(['versao', 'alteradoEm', 'criadoEm', 'id']);

type Objeto = Record<string, unknown>;

/** { endereco: { cep } } → { 'endereco.cep': … }; lists (children) stay whole. */
export function achatar(o: unknown, prefixo = ''): Objeto {
  if (!o || typeof o !== 'object' || Array.isArray(o)) return {};
  const out: Objeto = {};
  for (const [k, v] of Object.entries(o as Objeto)) {
    const nome = prefixo ? `${prefixo}.${k}` : k;
    if (v && typeof v === 'object' && !Array.isArray(v)) Object.assign(out, achatar(v, nome));
    else out[nome] = v;
  }
  return out;
}

export function valor(f: FieldDef | undefined, v: unknown): string {
  if (Array.isArray(v) && v.some((x) => x && typeof x === 'object'))
    return `${v.length} ${v.length === 1 ? 'item' : 'itens'}`;
  return textoDoValor(f, v) || '(vazio)';
}

/** The field lines of one audit entry: every filled field on creation, only changes otherwise. */
export function mudancas(campos: Map<string, FieldDef>, antes: unknown, depois: unknown): string[] {
  const a = achatar(antes);
  const d = achatar(depois);
  const nomes = [...new Set([...Object.keys(a), ...Object.keys(d)])].filter((n) => !IGNORADOS.has(n));
  const linhas: string[] = [];
  for (const n of nomes) {
    const f = campos.get(n);
    if (f?.hidden) continue;
    const rotulo = f?.label ?? n;
    const [va, vd] = [a[n] ?? null, d[n] ?? null];
    if (JSON.stringify(va) === JSON.stringify(vd)) continue;
    if (antes === null || antes === undefined) {
      if (vd !== null && vd !== '') linhas.push(`${rotulo}: ${valor(f, vd)}`);
    } else if (depois === null || depois === undefined) continue;
    else linhas.push(`${rotulo}: de ${valor(f, va)} para ${valor(f, vd)}`);
  }
  return linhas;
}

export const gerarHistorico: Gerador = async ({ db, assinanteId, relatorio, parametros }) => {
  const p = parametros as unknown as ParametrosHistorico;
  const def = registerByKey(p.cadastro);
  if (!def) throw new ApiError(404, 'Cadastro não encontrado.');
  const campos = new Map<string, FieldDef>(metaOf(def).cols.map((c) => [c.name, c.field]));
  for (const f of def.fields) if (!campos.has(f.name)) campos.set(f.name, f);
  const dados = await db.withTenant(assinanteId, async (trx) => {
    const { rows } = await sql<{
      em: Date;
      operacao: string;
      antes: unknown;
      depois: unknown;
      usuario: string | null;
    }>`select a.em, a.operacao, a.antes, a.depois,
          case when u.id is null then null else u.nome || ' (' || u.username || ')' end as usuario
        from auditoria a left join usuario u on u.id = a.usuario_id
       where a.entidade = ${def.key} and a.entidade_id = ${p.id}
       order by a.em, a.id limit ${LIMITE + 1}`.execute(trx);
    return { rows, cabecalho: await cabecalhoDe(trx, relatorio) };
  });
  const entradas = dados.rows.slice(0, LIMITE);
  const corpo: TableCell[][] = [
    ['Data e hora', 'Usuário', 'Ação', 'Campos alterados'].map((t) => ({ text: t, style: 'th' })),
    ...entradas.map((e) => {
      const linhas = mudancas(campos, e.antes, e.depois);
      return [
        dataHora(new Date(e.em)),
        e.usuario ?? 'Sistema',
        ACOES[e.operacao] ?? e.operacao,
        linhas.length ? { ul: linhas } : { text: 'Sem alteração de campos', italics: true, color: '#666666' },
      ];
    }),
  ];
  const aviso =
    dados.rows.length > LIMITE
      ? `Exibindo as primeiras ${LIMITE.toLocaleString('pt-BR')} alterações (limite do relatório).`
      : `${entradas.length} ${entradas.length === 1 ? 'alteração registrada' : 'alterações registradas'}.`;
  const cabecalho = { ...dados.cabecalho, filtros: [`${def.label.singular} ${p.registro}`] };
  const doc = documentoPaisagem(cabecalho, [
    entradas.length
      ? {
          table: { headerRows: 1, widths: [70, 110, 50, '*'], body: corpo, dontBreakRows: true },
          layout: 'lightHorizontalLines',
        }
      : { text: 'Nenhuma alteração registrada para este registro.', italics: true },
    { text: aviso, style: 'aviso' },
  ]);
  return arquivo(relatorio.titulo, 'PDF', await renderizarPdf(doc, `${cabecalho.assinante} · ${cabecalho.titulo}`));
};
