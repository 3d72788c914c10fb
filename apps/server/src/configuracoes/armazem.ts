/**
 * The settings table (migration 0395): reads of a tenant's rows and the one write path (optimistic
 * concurrency by `versao`, the change announced after commit so every instance's cache drops the tenant).
 */
import {
  EVENTO_CONFIGURACAO_ALTERADA,
  EVENTO_CONFIGURACAO_DA_LOJA_ALTERADA,
  type QualquerParametro,
  valorOuPadrao,
} from '@retaguarda/domain';
import { sql } from 'kysely';
import type { Tx } from '../db/database';
import { versaoDesatualizada } from '../db/optimistic';
import { publicarEvento } from '../plugins/events';

export interface LinhaParametro {
  chave: string;
  lojaId: number | null;
  valor: unknown;
  versao: number;
}

/** The tenant's stored values (rows of the tenant set on `trx`), optionally of some keys only. */
export async function linhasDoAssinante(trx: Tx, chaves?: readonly string[]): Promise<LinhaParametro[]> {
  const filtro = chaves ? sql`where chave = any(${[...chaves]}::text[])` : sql``;
  const { rows } = await sql<LinhaParametro>`
    select chave, loja_id, valor, versao from configuracao_parametro ${filtro}`.execute(trx);
  return rows;
}

export const chaveDaLinha = (chave: string, lojaId: number | null) => `${chave}@${lojaId ?? ''}`;

export interface ValorResolvido {
  valor: unknown;
  origem: 'padrao' | 'assinante' | 'loja';
  /** the value a store inherits from the tenant (store-scoped parameter read for a store) */
  valorDaEmpresa?: unknown;
}

/** The value in force: the store's own (store-scoped, with a store), else the tenant's, else the default. */
export function resolver(
  d: QualquerParametro,
  linhas: ReadonlyMap<string, { valor: unknown }>,
  lojaId: number | null,
): ValorResolvido {
  const empresa = linhas.get(chaveDaLinha(d.chave, null));
  const valorDaEmpresa = valorOuPadrao(d, empresa?.valor);
  if (d.escopo === 'loja' && lojaId !== null) {
    const propria = linhas.get(chaveDaLinha(d.chave, lojaId));
    if (propria) return { valor: valorOuPadrao(d, propria.valor), origem: 'loja', valorDaEmpresa };
    return { valor: valorDaEmpresa, origem: empresa ? 'assinante' : 'padrao', valorDaEmpresa };
  }
  return { valor: valorDaEmpresa, origem: empresa ? 'assinante' : 'padrao' };
}

export interface Gravacao {
  assinanteId: number;
  chave: string;
  /** null: the tenant's value */
  lojaId: number | null;
  /** null drops the value at that level (back to the inherited one) */
  valor: unknown;
  /** the version the caller read (0: never set there); absent: last write wins */
  versao?: number;
  usuarioId: number | null;
}

/** Writes one value; answers the stored value before and the new version (0 when dropped). 409 on a stale `versao`. */
export async function gravarValor(trx: Tx, g: Gravacao): Promise<{ antes: unknown; versao: number }> {
  const { rows } = await sql<{ valor: unknown; versao: number }>`
    select valor, versao from configuracao_parametro
     where chave = ${g.chave} and loja_id is not distinct from ${g.lojaId}::int4 for update`.execute(trx);
  const atual = rows[0];
  if (g.versao !== undefined && g.versao !== (atual?.versao ?? 0)) throw versaoDesatualizada();
  let versao = 0;
  if (g.valor === null) {
    if (atual) {
      await sql`delete from configuracao_parametro
                 where chave = ${g.chave} and loja_id is not distinct from ${g.lojaId}::int4`.execute(trx);
    }
  } else {
    // a concurrent first write of the same key waits on the unique key and then updates: its versao says so
    const r = await sql<{ versao: number }>`
      insert into configuracao_parametro (chave, loja_id, valor, alterado_por)
      values (${g.chave}, ${g.lojaId}::int4, ${JSON.stringify(g.valor)}::jsonb, ${g.usuarioId}::int4)
      on conflict (assinante_id, chave, loja_id) do update
        set valor = excluded.valor, versao = configuracao_parametro.versao + 1, alterado_em = now(),
            alterado_por = excluded.alterado_por
      returning versao`.execute(trx);
    versao = r.rows[0]!.versao;
    if (g.versao !== undefined && versao !== g.versao + 1) throw versaoDesatualizada();
  }
  const payload = { chave: g.chave, lojaId: g.lojaId, versao };
  if (g.lojaId === null) publicarEvento(trx, EVENTO_CONFIGURACAO_ALTERADA, { assinanteId: g.assinanteId }, payload);
  else {
    publicarEvento(
      trx,
      EVENTO_CONFIGURACAO_DA_LOJA_ALTERADA,
      { assinanteId: g.assinanteId, lojaId: g.lojaId },
      payload,
    );
  }
  return { antes: atual?.valor ?? null, versao };
}
