/**
 * One gateway to SEFAZ: a message to a service of the endpoint configured for the store's UF and environment
 * (settings fiscal.sefazUrlHomologacao / fiscal.sefazUrlProducao, per tenant with per-store overrides — a
 * store is in one UF), SOAP 1.2 over HTTP, the answer read (`RespostaSefaz`). No answer within the tenant's
 * time limit, or no connection, is `SemRespostaDaSefaz`: a failed attempt, never a status.
 */
import { sql } from 'kysely';
import { lerParametroNaTransacao } from '../../../configuracoes';
import type { Tx } from '../../../db/database';
import { envelope, lerResposta, type RespostaSefaz, type ServicoSefaz } from './xml';

export class SemRespostaDaSefaz extends Error {}

export interface GatewaySefaz {
  readonly url: string;
  enviar(servico: ServicoSefaz, mensagem: string, sinal?: AbortSignal): Promise<RespostaSefaz>;
}

export function gatewayHttp(
  url: string,
  tempoLimiteMs: number,
  msgs: { semResposta: (s: number) => string; semConexao: string },
): GatewaySefaz {
  const base = url.replace(/\/+$/, '');
  return {
    url: base,
    async enviar(servico, mensagem, sinal) {
      let corpo: string;
      try {
        const r = await fetch(`${base}/${servico}`, {
          method: 'POST',
          headers: { 'content-type': `application/soap+xml; charset=utf-8; action="${servico}"` },
          body: envelope(servico, mensagem),
          signal: sinal
            ? AbortSignal.any([sinal, AbortSignal.timeout(tempoLimiteMs)])
            : AbortSignal.timeout(tempoLimiteMs),
        });
        corpo = await r.text();
        if (!r.ok) throw new SemRespostaDaSefaz(`${msgs.semConexao} (HTTP ${r.status})`);
      } catch (e) {
        if (e instanceof SemRespostaDaSefaz) throw e;
        const nome = (e as Error).name;
        throw new SemRespostaDaSefaz(
          nome === 'TimeoutError' || nome === 'AbortError'
            ? msgs.semResposta(Math.round(tempoLimiteMs / 1000))
            : msgs.semConexao,
        );
      }
      return lerResposta(corpo);
    },
  };
}

/** What a SEFAZ exchange needs of the store: UF, CNPJ, environment and the endpoint for them. */
export interface LojaSefaz {
  id: number;
  sigla: string;
  uf: string;
  cnpj: string;
  /** 1 produção, 2 homologação */
  ambiente: number;
  url: string;
  tempoLimiteMs: number;
  /** SEFAZ answered 656: no call before this instant */
  bloqueadaAte: Date | null;
}

export async function lojaSefaz(trx: Tx, lojaId: number): Promise<LojaSefaz> {
  const { rows } = await sql<{
    id: number;
    sigla: string;
    uf: string;
    cnpj: string;
    ambiente: number;
    ate: Date | null;
  }>`
    select l.id, l.sigla, l.uf, l.numero_do_documento as cnpj, l.nfce_ambiente as ambiente, s.bloqueada_ate as ate
      from loja l left join nfce_loja_sefaz s on s.loja_id = l.id
     where l.id = ${lojaId}`.execute(trx);
  const l = rows[0]!;
  const url = await lerParametroNaTransacao(
    trx,
    l.ambiente === 1 ? 'fiscal.sefazUrlProducao' : 'fiscal.sefazUrlHomologacao',
    lojaId,
  );
  const segundos = await lerParametroNaTransacao(trx, 'fiscal.sefazTempoLimiteSegundos');
  return {
    id: l.id,
    sigla: l.sigla,
    uf: l.uf,
    cnpj: l.cnpj.replace(/\D/g, ''),
    ambiente: l.ambiente,
    url: url.trim(),
    tempoLimiteMs: segundos * 1000,
    bloqueadaAte: l.ate && l.ate.getTime() > Date.now() ? l.ate : null,
  };
}
