/**
 * Retention of uploads: a row whose `expira_em` has passed (an upload no document took within its kind's
 * `diasSemDocumento`, or one its document let go `diasAposDocumento` ago) is deleted, then every content
 * no row points at loses its large object. In batches, per tenant under RLS; harmless when two run at
 * once (rows locked by another sweep or by an upload reusing the content are skipped). Scheduled on the
 * job engine (agenda `plataforma.arquivos-retencao`, ARQUIVOS_RETENCAO_S, hourly by default).
 */
import { sql } from 'kysely';
import type { Database } from '../../db/database';
import { defineSchedule } from '../../jobs';
import { apagarObjeto } from './objetos';

const LOTE = 500;

export interface Varredura {
  arquivos: number;
  conteudos: number;
}

export async function varrerArquivos(db: Database, sinal?: AbortSignal): Promise<Varredura> {
  const total: Varredura = { arquivos: 0, conteudos: 0 };
  const { rows } = await sql<{ id: number }>`select app_arquivo_assinantes_a_varrer() as id`.execute(db.kysely);
  for (const { id } of rows) {
    if (sinal?.aborted) break;
    const v = await varrerAssinante(db, id);
    total.arquivos += v.arquivos;
    total.conteudos += v.conteudos;
  }
  return total;
}

export async function varrerAssinante(db: Database, assinanteId: number): Promise<Varredura> {
  const total: Varredura = { arquivos: 0, conteudos: 0 };
  for (;;) {
    const n = await db.withTenant(assinanteId, async (trx) => {
      const r = await sql`
        delete from arquivo_enviado where id in (
          select id from arquivo_enviado where expira_em < now() limit ${LOTE} for update skip locked)`.execute(trx);
      return Number(r.numAffectedRows ?? 0);
    });
    total.arquivos += n;
    if (n < LOTE) break;
  }
  for (;;) {
    const n = await db.withTenant(assinanteId, async (trx) => {
      const { rows } = await sql<{ objeto: number }>`
        delete from arquivo_conteudo where (remetente, sha256) in (
          select c.remetente, c.sha256 from arquivo_conteudo c
           where not exists (select 1 from arquivo_enviado e
                              where e.assinante_id = c.assinante_id and e.conteudo_remetente = c.remetente
                                and e.sha256 = c.sha256)
           limit ${LOTE} for update skip locked)
        returning objeto`.execute(trx);
      for (const r of rows) await apagarObjeto(trx, Number(r.objeto));
      return rows.length;
    });
    total.conteudos += n;
    if (n < LOTE) break;
  }
  return total;
}

export const agendaDeRetencao = defineSchedule({
  tipo: 'plataforma.arquivos-retencao',
  fila: 'geral',
  aCadaSegundos: () => {
    const s = Number(process.env.ARQUIVOS_RETENCAO_S ?? 3600);
    return Number.isInteger(s) && s >= 0 ? s : 3600;
  },
  async executar({ db, sinal }) {
    return varrerArquivos(db, sinal);
  },
});
