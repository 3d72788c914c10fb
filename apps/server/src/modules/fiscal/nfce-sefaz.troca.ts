/**
 * One NFC-e exchange with SEFAZ and its answer applied, shared by the action job and the store's
 * contingency resend: read what the exchange needs (one short transaction), talk to SEFAZ outside any
 * transaction, then apply the answer in its own transaction on the locked document row (event + status by
 * the transition table). No answer: a FALHA event, the status untouched. 656: the store is blocked for an
 * hour (no call is made for it until then), the answer recorded, nothing retried.
 */
import {
  type AcaoNfce,
  CSTAT,
  ehDuplicidade,
  ehIndisponivel,
  MSG_NFCE_ACOES as MSG,
  type StatusNfce,
  statusDepois,
} from '@retaguarda/domain';
import { sql } from 'kysely';
import type { Database, Tx } from '../../db/database';
import { assinarXml } from './sefaz/assinatura';
import type { CertificadoA1 } from './sefaz/certificado';
import { gatewayHttp, type GatewaySefaz, type LojaSefaz, lojaSefaz, SemRespostaDaSefaz } from './sefaz/gateway';
import { lerCertificado } from './sefaz/segredos';
import {
  consultaProtocolo,
  eventoCancelamento,
  loteAutorizacao,
  nfeDoDocumento,
  type RespostaSefaz,
  type ServicoSefaz,
} from './sefaz/xml';

/** How long SEFAZ's "consumo indevido" keeps a store away (SEFAZ blocks for about an hour). */
export const BLOQUEIO_656_MS = 60 * 60 * 1000;

export const TIPO_EVENTO: Record<AcaoNfce, string> = {
  CONSULTAR: 'CONSULTA',
  REENVIAR: 'REENVIO',
  CANCELAR: 'CANCELAMENTO',
  INUTILIZAR: 'INUTILIZACAO',
};

export interface Documento {
  chave: string;
  lojaId: number;
  status: StatusNfce;
  serie: number | null;
  numero: number | null;
  tpEmis: number | null;
  protocolo: string | null;
  xml: string | null;
}

export interface Preparo {
  loja: LojaSefaz;
  certificado: CertificadoA1 | null;
  gateway: GatewaySefaz;
}

export async function preparar(trx: Tx, lojaId: number): Promise<Preparo> {
  const loja = await lojaSefaz(trx, lojaId);
  return {
    loja,
    certificado: await lerCertificado(trx, lojaId).catch(() => null),
    gateway: gatewayHttp(loja.url, loja.tempoLimiteMs, MSG),
  };
}

export async function lerDocumento(trx: Tx, chave: string, lojaId: number, travar = false): Promise<Documento | null> {
  const { rows } = await sql<Documento>`
    select chave, loja_id, coalesce(status, 'PENDENTE') as status, serie, numero, tp_emis, protocolo, xml
      from documento_nfce where chave = ${chave} and loja_id = ${lojaId}
      ${travar ? sql`for update` : sql``}`.execute(trx);
  return rows[0] ?? null;
}

export interface Evento {
  chave: string;
  tipo: string;
  cStat?: number | null;
  xMotivo?: string | null;
  protocolo?: string | null;
  status?: string | null;
  justificativa?: string | null;
  xmlEnvio?: string | null;
  xmlRetorno?: string | null;
  usuarioId: number | null;
}

export async function registrarEvento(trx: Tx, e: Evento): Promise<void> {
  await sql`insert into evento_nfce (chave, tipo, c_stat, x_motivo, protocolo, status, justificativa, xml_envio,
      xml_retorno, usuario_id)
    values (${e.chave}, ${e.tipo}, ${e.cStat ?? null}::int4, ${e.xMotivo ?? null}, ${e.protocolo ?? null},
      ${e.status ?? null}, ${e.justificativa ?? null}, ${e.xmlEnvio ?? null}, ${e.xmlRetorno ?? null},
      ${e.usuarioId}::int4)`.execute(trx);
}

/** The attempt, as the command (or the batch) records it before SEFAZ is called. */
export async function registrarTentativa(trx: Tx, doc: Pick<Documento, 'chave'>, e: Omit<Evento, 'chave'>) {
  await registrarEvento(trx, { ...e, chave: doc.chave });
  const { rows } = await sql<{ tentativas: number }>`update documento_nfce
      set tentativas = tentativas + 1, atualizado_em = now(), versao = versao + 1
    where chave = ${doc.chave} returning tentativas`.execute(trx);
  return rows[0]?.tentativas ?? null;
}

async function bloquear(trx: Tx, lojaId: number) {
  await sql`insert into nfce_loja_sefaz (loja_id, bloqueada_ate) values (${lojaId}, ${new Date(Date.now() + BLOQUEIO_656_MS)})
    on conflict (assinante_id, loja_id) do update set bloqueada_ate = excluded.bloqueada_ate`.execute(trx);
}

export type Desfecho =
  | { tipo: 'resposta'; cStat: number; xMotivo: string; status: StatusNfce }
  | { tipo: 'falha'; motivo: string; repetir: boolean };

interface Contexto {
  db: Database;
  assinanteId: number;
  usuarioId: number | null;
  sinal?: AbortSignal;
}

/** A call whose silence is recorded as a FALHA event (own transaction) before it is reported. */
async function chamar(
  c: Contexto,
  p: Preparo,
  chave: string,
  servico: ServicoSefaz,
  mensagem: string,
): Promise<RespostaSefaz | { falha: string }> {
  try {
    return await p.gateway.enviar(servico, mensagem, c.sinal);
  } catch (e) {
    if (!(e instanceof SemRespostaDaSefaz)) throw e;
    await c.db.withTenant(c.assinanteId, (trx) =>
      registrarEvento(trx, {
        chave,
        tipo: 'FALHA',
        xMotivo: `${servico}: ${e.message}`,
        xmlEnvio: mensagem,
        usuarioId: c.usuarioId,
      }),
    );
    return { falha: e.message };
  }
}

/** Applies an answer: event, and the document's status by the table (656 also blocks the store). */
async function aplicar(
  c: Contexto,
  p: Preparo,
  doc: Documento,
  acao: AcaoNfce,
  r: RespostaSefaz,
  extra: { xmlEnvio: string; justificativa?: string | null },
): Promise<StatusNfce> {
  return c.db.withTenant(c.assinanteId, async (trx) => {
    const atual = (await lerDocumento(trx, doc.chave, doc.lojaId, true)) ?? doc;
    const novo = statusDepois(acao, atual.status, r.cStat);
    if (r.cStat === CSTAT.consumoIndevido) await bloquear(trx, p.loja.id);
    await registrarEvento(trx, {
      chave: doc.chave,
      tipo: TIPO_EVENTO[acao],
      cStat: r.cStat,
      xMotivo: r.xMotivo,
      protocolo: r.protocolo,
      status: novo,
      justificativa: extra.justificativa ?? null,
      xmlEnvio: extra.xmlEnvio,
      xmlRetorno: r.xml,
      usuarioId: c.usuarioId,
    });
    // a new rejection of a resent note replaces the reason shown
    const novaRejeicao =
      acao === 'REENVIAR' &&
      novo === null &&
      atual.status === 'REJEITADA' &&
      r.cStat >= 200 &&
      !ehDuplicidade(r.cStat) &&
      r.cStat !== CSTAT.consumoIndevido;
    if (novo !== null || novaRejeicao) {
      const autorizou = novo === 'AUTORIZADA';
      await sql`update documento_nfce
          set status = ${novo ?? atual.status}, c_stat = ${r.cStat}::int4, x_motivo = ${r.xMotivo},
              protocolo = ${autorizou ? (r.protocolo ?? atual.protocolo) : atual.protocolo},
              autorizado_em = ${autorizou ? sql`coalesce(${r.recebidoEm}::timestamptz, now())` : sql`autorizado_em`},
              atualizado_em = now(), versao = versao + 1
        where chave = ${doc.chave}`.execute(trx);
    }
    return novo ?? atual.status;
  });
}

const desfecho = (r: RespostaSefaz, status: StatusNfce): Desfecho => ({
  tipo: 'resposta',
  cStat: r.cStat,
  xMotivo: r.xMotivo,
  status,
});

/** Did the answer leave something to retry later (no answer, SEFAZ down)? 656 never is. */
const falhou = (r: RespostaSefaz | { falha: string }): r is { falha: string } => 'falha' in r;

/**
 * One action on one note. `justificativa`: the cancellation's xJust. Consulting comes first on a resend:
 * a contingency note may be authorised already (and then a resend would answer 204/539).
 */
export async function executarAcao(
  c: Contexto,
  p: Preparo,
  doc: Documento,
  acao: Exclude<AcaoNfce, 'INUTILIZAR'>,
  justificativa?: string | null,
): Promise<Desfecho> {
  const tpAmb = p.loja.ambiente;
  if (acao === 'CONSULTAR' || acao === 'REENVIAR') {
    const msg = consultaProtocolo(doc.chave, tpAmb);
    const r = await chamar(c, p, doc.chave, 'NFeConsultaProtocolo4', msg);
    if (falhou(r)) return { tipo: 'falha', motivo: r.falha, repetir: true };
    const status = await aplicar(c, p, doc, 'CONSULTAR', r, { xmlEnvio: msg });
    if (ehIndisponivel(r.cStat)) return { tipo: 'falha', motivo: r.xMotivo, repetir: true };
    // a resend goes on only while SEFAZ does not know the note (217 and the like leave the status alone)
    if (acao === 'CONSULTAR' || status !== doc.status || r.cStat === CSTAT.consumoIndevido) return desfecho(r, status);
  }
  if (acao === 'REENVIAR') {
    if (!p.certificado) return { tipo: 'falha', motivo: MSG.semCertificado, repetir: false };
    let nfe = nfeDoDocumento(doc.xml, { ...doc, tpAmb });
    if (!nfe.includes('<Signature')) nfe = assinarXml(nfe, 'infNFe', p.certificado);
    const msg = loteAutorizacao(nfe, Date.now() % 1_000_000_000);
    const r = await chamar(c, p, doc.chave, 'NFeAutorizacao4', msg);
    if (falhou(r)) return { tipo: 'falha', motivo: r.falha, repetir: true };
    const status = await aplicar(c, p, doc, 'REENVIAR', r, { xmlEnvio: msg });
    if (ehIndisponivel(r.cStat)) return { tipo: 'falha', motivo: r.xMotivo, repetir: true };
    if (!ehDuplicidade(r.cStat)) return desfecho(r, status);
    // SEFAZ has it already: its consultation fixes the status (and brings the protocol)
    const consulta = consultaProtocolo(doc.chave, tpAmb);
    const r2 = await chamar(c, p, doc.chave, 'NFeConsultaProtocolo4', consulta);
    if (falhou(r2)) return { tipo: 'falha', motivo: r2.falha, repetir: true };
    return desfecho(r2, await aplicar(c, p, doc, 'CONSULTAR', r2, { xmlEnvio: consulta }));
  }
  // CANCELAR
  if (!p.certificado) return { tipo: 'falha', motivo: MSG.semCertificado, repetir: false };
  const evento = eventoCancelamento(
    {
      chave: doc.chave,
      tpAmb,
      cnpj: p.loja.cnpj,
      protocolo: doc.protocolo ?? '',
      justificativa: justificativa ?? '',
      em: new Date(),
    },
    Date.now() % 1_000_000_000,
  );
  const msg = assinarXml(evento, 'infEvento', p.certificado);
  const r = await chamar(c, p, doc.chave, 'NFeRecepcaoEvento4', msg);
  if (falhou(r)) return { tipo: 'falha', motivo: r.falha, repetir: true };
  const status = await aplicar(c, p, doc, 'CANCELAR', r, { xmlEnvio: msg, justificativa });
  if (ehIndisponivel(r.cStat)) return { tipo: 'falha', motivo: r.xMotivo, repetir: true };
  return desfecho(r, status);
}

/** A store SEFAZ blocked (656) is not called: the attempt is recorded as failed, with the reason. */
export async function registrarBloqueio(c: Contexto, chave: string, ate: Date): Promise<Desfecho> {
  const motivo = MSG.bloqueadaConsumoIndevido(ate);
  await c.db.withTenant(c.assinanteId, (trx) =>
    registrarEvento(trx, {
      chave,
      tipo: 'FALHA',
      cStat: CSTAT.consumoIndevido,
      xMotivo: motivo,
      usuarioId: c.usuarioId,
    }),
  );
  return { tipo: 'falha', motivo, repetir: false };
}
