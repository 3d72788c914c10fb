/**
 * A record's audit trail as data (GET {register path}/{id}/historico), for the history shown on the
 * screen: the same entries and field lines as the PDF (historico.ts), newest first, as before → after.
 */
import type { entradaDeHistorico, FieldDef, RegisterDef } from '@retaguarda/domain';
import { sql } from 'kysely';
import type { z } from 'zod';
import type { Tx } from '../../db/database';
import { metaOf } from '../../registers/meta';
import { ACOES, achatar, IGNORADOS, valor } from './historico';

type Entrada = z.output<typeof entradaDeHistorico>;

/** The screen shows the latest entries; the PDF goes further back. */
export const LIMITE_NA_TELA = 200;

function camposDe(def: RegisterDef): Map<string, FieldDef> {
  const campos = new Map<string, FieldDef>(metaOf(def).cols.map((c) => [c.name, c.field]));
  for (const f of def.fields) if (!campos.has(f.name)) campos.set(f.name, f);
  return campos;
}

/** The changed fields of one entry: every filled field on creation, only the changes afterwards. */
export function camposAlterados(campos: Map<string, FieldDef>, antes: unknown, depois: unknown) {
  const a = achatar(antes);
  const d = achatar(depois);
  const criacao = antes === null || antes === undefined;
  const exclusao = depois === null || depois === undefined;
  const nomes = [...new Set([...Object.keys(a), ...Object.keys(d)])].filter((n) => !IGNORADOS.has(n));
  return nomes.flatMap((n) => {
    const f = campos.get(n);
    if (f?.hidden || exclusao) return [];
    const [va, vd] = [a[n] ?? null, d[n] ?? null];
    if (JSON.stringify(va) === JSON.stringify(vd)) return [];
    if (criacao && (vd === null || vd === '')) return [];
    return [{ campo: n, rotulo: f?.label ?? n, antes: criacao ? null : valor(f, va), depois: valor(f, vd) }];
  });
}

export async function lerHistorico(
  trx: Tx,
  def: RegisterDef,
  id: string,
): Promise<{ items: Entrada[]; limitado: boolean }> {
  const campos = camposDe(def);
  const { rows } = await sql<{
    em: Date;
    operacao: string;
    antes: unknown;
    depois: unknown;
    usuario: string | null;
  }>`select a.em, a.operacao, a.antes, a.depois,
        case when u.id is null then null else u.nome || ' (' || u.username || ')' end as usuario
      from auditoria a left join usuario u on u.id = a.usuario_id
     where a.entidade = ${def.key} and a.entidade_id = ${id}
     order by a.em desc, a.id desc limit ${LIMITE_NA_TELA + 1}`.execute(trx);
  return {
    limitado: rows.length > LIMITE_NA_TELA,
    items: rows.slice(0, LIMITE_NA_TELA).map((e) => ({
      em: new Date(e.em),
      usuario: e.usuario,
      operacao: e.operacao,
      acao: ACOES[e.operacao] ?? e.operacao,
      campos: camposAlterados(campos, e.antes, e.depois),
    })),
  };
}
