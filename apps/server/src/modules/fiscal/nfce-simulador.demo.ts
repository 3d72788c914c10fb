/**
 * Demo stores connected to our local SEFAZ simulator (only when the server runs one,
 * config.sefazSimuladorPorta: demo and journeys, never production by default). Each gets what an
 * administrator gives a real store: an A1 certificate (self-signed, made now with node-forge — a real SEFAZ
 * would refuse it), sealed like any certificate; a CSC for the QR code; and their homologação endpoint on the
 * loopback simulator. Then, as a POS does when its connection comes back, each store's contingency notes but
 * the newest are transmitted to the simulator (signed): SEFAZ has them authorised while the monitor still
 * shows them in contingency — a consultation fixes them; the newest one SEFAZ does not know, a resend does.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { gravarValor } from '../../configuracoes';
import type { Database } from '../../db/database';
import { assinarXml } from './sefaz/assinatura';
import { lerPfx } from './sefaz/certificado';
import { gerarPfx } from './sefaz/certificado-teste';
import { gatewayHttp } from './sefaz/gateway';
import { guardarCertificado, guardarCsc } from './sefaz/segredos';
import { loteAutorizacao, nfeDoDocumento } from './sefaz/xml';

/** the demo's CSC (homologação): id and token as SEFAZ's portal hands them out */
export const CSC_DEMO = { id: '1', token: 'BELAVIDA0DEMO0CSC0HOMOLOGACAO001' } as const;

const MSG = { semResposta: () => 'sem resposta', semConexao: 'sem conexão', senhaErrada: 'senha', naoA1: 'não A1' };

/** The stores `siglas` of tenant `assinanteId` connected to the simulator at `url` (see above). */
export async function ligarLojasAoSimuladorSefaz(
  db: Database,
  assinanteId: number,
  siglas: readonly string[],
  url: string,
): Promise<void> {
  const lojas = await db.withTenant(assinanteId, async (trx) => {
    const { rows } = await sql<{ id: number; sigla: string; nome: string; cnpj: string; ambiente: number }>`
      select id, sigla, nome, numero_do_documento as cnpj, nfce_ambiente as ambiente
        from loja where sigla = any(${siglas}::text[]) order by sigla`.execute(trx);
    const out = [];
    for (const l of rows) {
      const cnpj = l.cnpj.replace(/\D/g, '');
      const senha = randomBytes(12).toString('base64url');
      const { pfx } = gerarPfx({ senha, cnpj, venceEmDias: 365, desdeDias: 1, titular: l.nome.toUpperCase() });
      await guardarCertificado(trx, l.id, pfx, senha, null);
      const validade = lerPfx(pfx, senha, MSG).validoAte.toISOString().slice(0, 10);
      await guardarCsc(trx, l.id, CSC_DEMO.token, null);
      await sql`update loja set nfce_certificado_validade = ${validade}::date, nfce_csc_id = ${CSC_DEMO.id}
        where id = ${l.id}`.execute(trx);
      await gravarValor(trx, {
        assinanteId,
        chave: 'fiscal.sefazUrlHomologacao',
        lojaId: l.id,
        valor: url,
        usuarioId: null,
      });
      const { rows: contingencias } = await sql<{ chave: string; serie: number; numero: number }>`
        select chave, serie, numero from documento_nfce
         where loja_id = ${l.id} and status = 'CONTINGENCIA' order by numero`.execute(trx);
      out.push({ ...l, cert: lerPfx(pfx, senha, MSG), transmitidas: contingencias.slice(0, -1) });
    }
    return out;
  });
  const gateway = gatewayHttp(url, 10_000, MSG);
  for (const l of lojas)
    for (const [i, d] of l.transmitidas.entries()) {
      const nfe = assinarXml(nfeDoDocumento(null, { ...d, tpEmis: 9, tpAmb: l.ambiente }), 'infNFe', l.cert);
      const r = await gateway.enviar('NFeAutorizacao4', loteAutorizacao(nfe, l.id * 1000 + i));
      if (r.cStat !== 100) throw new Error(`simulador da SEFAZ recusou a contingência ${d.chave}: ${r.cStat}`);
    }
}
