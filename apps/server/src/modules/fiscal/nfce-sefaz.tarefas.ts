/**
 * The jobs that talk to SEFAZ (queue `sefaz`: retried with a growing delay). Each reads what it needs, calls
 * outside any transaction and applies the answer in its own (nfce-sefaz.troca.ts); a failed attempt that a
 * retry may fix is thrown (pg-boss retries it), one that cannot is a FalhaDefinitiva.
 */
import {
  type AcaoNfce,
  CSTAT,
  ehIndisponivel,
  MSG_NFCE_ACOES as MSG,
  type StatusNfce,
  UF_IBGE,
} from '@retaguarda/domain';
import { sql } from 'kysely';
import { defineJob, FalhaDefinitiva } from '../../jobs';
import { assinarXml } from './sefaz/assinatura';
import {
  BLOQUEIO_656_MS,
  executarAcao,
  lerDocumento,
  preparar,
  registrarBloqueio,
  registrarEvento,
  registrarTentativa,
} from './nfce-sefaz.troca';
import { pedidoInutilizacao, type RespostaSefaz } from './sefaz/xml';
import { SemRespostaDaSefaz } from './sefaz/gateway';

export const TAREFA_ACAO_NFCE = 'fiscal.nfce-acao';
export const TAREFA_INUTILIZACAO_NFCE = 'fiscal.nfce-inutilizacao';
export const TAREFA_CONTINGENCIAS_NFCE = 'fiscal.nfce-contingencias';

export interface DadosAcaoNfce {
  acao: Exclude<AcaoNfce, 'INUTILIZAR'>;
  chave: string;
  lojaId: number;
  justificativa?: string | null;
}

export interface ResultadoAcaoNfce {
  chave: string;
  status: StatusNfce;
  cStat: number;
  xMotivo: string;
}

export const tarefaAcaoNfce = defineJob<DadosAcaoNfce, ResultadoAcaoNfce>({
  tipo: TAREFA_ACAO_NFCE,
  fila: 'sefaz',
  async executar(ctx) {
    const d = ctx.dados;
    const c = { db: ctx.db, assinanteId: ctx.assinanteId, usuarioId: ctx.usuarioId, sinal: ctx.sinal };
    const { p, doc } = await ctx.db.withTenant(ctx.assinanteId, async (trx) => {
      // a retry is one more attempt on the note
      if (ctx.tentativa > 1)
        await sql`update documento_nfce set tentativas = tentativas + 1 where chave = ${d.chave}`.execute(trx);
      return { p: await preparar(trx, d.lojaId), doc: await lerDocumento(trx, d.chave, d.lojaId) };
    });
    if (!doc) throw new FalhaDefinitiva(MSG.naoEncontrada);
    const fim = p.loja.bloqueadaAte
      ? await registrarBloqueio(c, d.chave, p.loja.bloqueadaAte)
      : await executarAcao(c, p, doc, d.acao, d.justificativa);
    if (fim.tipo === 'falha') throw fim.repetir ? new Error(fim.motivo) : new FalhaDefinitiva(fim.motivo);
    return { chave: d.chave, status: fim.status, cStat: fim.cStat, xMotivo: fim.xMotivo };
  },
});

export interface DadosInutilizacaoNfce {
  inutilizacaoId: number;
  lojaId: number;
}

interface Inutilizacao {
  serie: number;
  numeroCaixa: number | null;
  numeroInicial: number;
  numeroFinal: number;
  justificativa: string;
  usuarioId: number | null;
  ano: number;
}

export const tarefaInutilizacaoNfce = defineJob<
  DadosInutilizacaoNfce,
  { status: string; cStat: number; xMotivo: string }
>({
  tipo: TAREFA_INUTILIZACAO_NFCE,
  fila: 'sefaz',
  async executar(ctx) {
    const d = ctx.dados;
    const { p, i } = await ctx.db.withTenant(ctx.assinanteId, async (trx) => {
      const { rows } = await sql<Inutilizacao>`
        select serie, numero_caixa, numero_inicial, numero_final, justificativa, usuario_id,
               extract(year from criado_em)::int as ano
          from inutilizacao_nfce where id = ${d.inutilizacaoId}`.execute(trx);
      return { p: await preparar(trx, d.lojaId), i: rows[0] };
    });
    if (!i) throw new FalhaDefinitiva('inutilização não encontrada');
    if (p.loja.bloqueadaAte) throw new FalhaDefinitiva(MSG.bloqueadaConsumoIndevido(p.loja.bloqueadaAte));
    if (!p.certificado) throw new FalhaDefinitiva(MSG.semCertificado);
    const cUF = ufIbge(p.loja.uf);
    const msg = assinarXml(
      pedidoInutilizacao({
        cUF,
        tpAmb: p.loja.ambiente,
        ano: i.ano,
        cnpj: p.loja.cnpj,
        serie: i.serie,
        inicial: i.numeroInicial,
        final: i.numeroFinal,
        justificativa: i.justificativa,
      }),
      'infInut',
      p.certificado,
    );
    let r: RespostaSefaz;
    try {
      r = await p.gateway.enviar('NFeInutilizacao4', msg, ctx.sinal);
    } catch (e) {
      if (e instanceof SemRespostaDaSefaz) throw new Error(e.message);
      throw e;
    }
    const status = r.cStat === CSTAT.inutilizada ? 'INUTILIZADA' : ehIndisponivel(r.cStat) ? 'PENDENTE' : 'REJEITADA';
    await ctx.db.withTenant(ctx.assinanteId, async (trx) => {
      await sql`update inutilizacao_nfce set status = ${status}, c_stat = ${r.cStat}::int4, protocolo = ${r.protocolo}
        where id = ${d.inutilizacaoId}`.execute(trx);
      if (r.cStat === CSTAT.consumoIndevido)
        await sql`insert into nfce_loja_sefaz (loja_id, bloqueada_ate) values (${d.lojaId}, ${new Date(Date.now() + BLOQUEIO_656_MS)})
          on conflict (assinante_id, loja_id) do update set bloqueada_ate = excluded.bloqueada_ate`.execute(trx);
      if (status !== 'INUTILIZADA') return;
      // the range's notes that were never authorised are now voided numbers
      const { rows } = await sql<{ chave: string }>`
        update documento_nfce set status = 'INUTILIZADA', c_stat = ${r.cStat}::int4, x_motivo = ${r.xMotivo},
               atualizado_em = now(), versao = versao + 1
         where loja_id = ${d.lojaId} and serie = ${i.serie} and numero between ${i.numeroInicial} and ${i.numeroFinal}
           and (${i.numeroCaixa}::int4 is null or numero_caixa = ${i.numeroCaixa}::int4)
           and coalesce(status, 'PENDENTE') in ('REJEITADA', 'PENDENTE')
        returning chave`.execute(trx);
      for (const { chave } of rows)
        await registrarEvento(trx, {
          chave,
          tipo: 'INUTILIZACAO',
          cStat: r.cStat,
          xMotivo: r.xMotivo,
          protocolo: r.protocolo,
          status: 'INUTILIZADA',
          justificativa: i.justificativa,
          xmlEnvio: msg,
          xmlRetorno: r.xml,
          usuarioId: ctx.usuarioId,
        });
    });
    if (ehIndisponivel(r.cStat)) throw new Error(r.xMotivo);
    return { status, cStat: r.cStat, xMotivo: r.xMotivo };
  },
  async aoEncerrar(fim) {
    await fim.db.withTenant(fim.assinanteId, (trx) =>
      sql`update inutilizacao_nfce set status = 'FALHA' where id = ${fim.dados.inutilizacaoId} and status = 'PENDENTE'`.execute(
        trx,
      ),
    );
  },
});

export interface ResultadoContingencias {
  total: number;
  autorizadas: number;
  rejeitadas: number;
  falhas: number;
}

/** Every contingency note of the store, oldest number first: consulted, then resent when SEFAZ lacks it. */
export const tarefaContingenciasNfce = defineJob<{ lojaId: number }, ResultadoContingencias>({
  tipo: TAREFA_CONTINGENCIAS_NFCE,
  fila: 'sefaz',
  async executar(ctx) {
    const { lojaId } = ctx.dados;
    const c = { db: ctx.db, assinanteId: ctx.assinanteId, usuarioId: ctx.usuarioId, sinal: ctx.sinal };
    const { p, chaves } = await ctx.db.withTenant(ctx.assinanteId, async (trx) => {
      const { rows } = await sql<{ chave: string }>`select chave from documento_nfce
        where loja_id = ${lojaId} and status = 'CONTINGENCIA' order by serie, numero, chave`.execute(trx);
      return { p: await preparar(trx, lojaId), chaves: rows.map((r) => r.chave) };
    });
    const r: ResultadoContingencias = { total: chaves.length, autorizadas: 0, rejeitadas: 0, falhas: 0 };
    await ctx.progresso(0, chaves.length, 'Reenviando');
    for (const [n, chave] of chaves.entries()) {
      if (p.loja.bloqueadaAte) throw new FalhaDefinitiva(MSG.bloqueadaConsumoIndevido(p.loja.bloqueadaAte));
      const doc = await ctx.db.withTenant(ctx.assinanteId, async (trx) => {
        const d = await lerDocumento(trx, chave, lojaId, true);
        if (d?.status === 'CONTINGENCIA')
          await registrarTentativa(trx, d, {
            tipo: 'REENVIO',
            xMotivo: 'Reenvio das contingências da loja',
            usuarioId: ctx.usuarioId,
          });
        return d;
      });
      if (doc?.status === 'CONTINGENCIA') {
        const fim = await executarAcao(c, p, doc, 'REENVIAR');
        if (fim.tipo === 'falha') r.falhas += 1;
        else if (fim.status === 'AUTORIZADA') r.autorizadas += 1;
        else if (fim.cStat === CSTAT.consumoIndevido) {
          // SEFAZ asked us to stop: the rest waits for the next resend
          p.loja.bloqueadaAte = new Date(Date.now() + BLOQUEIO_656_MS);
          r.falhas += 1;
        } else r.rejeitadas += 1;
      }
      await ctx.progresso(n + 1, chaves.length, 'Reenviando');
    }
    return r;
  },
});

/** The UF's IBGE code (cUF of SEFAZ's messages). */
export const ufIbge = (uf: string) => (UF_IBGE as Record<string, string>)[uf.trim().toUpperCase()] ?? '35';
