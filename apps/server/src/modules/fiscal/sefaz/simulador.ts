/**
 * Our own local SEFAZ (tests and development): a small HTTP server speaking the subset of the NFC-e web
 * services the monitor uses — autorização (síncrona), retorno, consulta protocolo, recepção de evento
 * (cancelamento 110111) and inutilização — in SOAP 1.2 at `<url>/<Serviço>` (NFeAutorizacao4…). It verifies
 * every signature (297 when it fails), keeps what it authorised, cancelled and voided, and answers SEFAZ's
 * codes: 100, 101, 102, 104, 128, 135, 204, 217, 225, 241, 256, 297, 539, 573, 656, 108/109. Faults are
 * programmed per call (`programar`): a timeout (the answer never comes) or any cStat.
 *
 * Development: the server starts it beside itself with SEFAZ_SIMULADOR_PORTA (runtime.ts; a fresh demo then
 * points BV01/BV02 at it), or alone: `npx tsx apps/server/src/modules/fiscal/sefaz/simulador.ts` (port
 * SEFAZ_SIMULADOR_PORTA, 8900), then point the setting fiscal.sefazUrlHomologacao at http://127.0.0.1:8900.
 * It listens on 127.0.0.1 only.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { pathToFileURL } from 'node:url';
import { verificarAssinatura } from './assinatura';
import { conteudoDoEnvelope, dataHoraSefaz, envelopeResposta, lerXml, SERVICOS, type ServicoSefaz } from './xml';

export interface Falha {
  /** the service it applies to (any when absent) */
  servico?: ServicoSefaz;
  /** 'timeout': the request is held and never answered; a number: that cStat answers the whole message */
  resposta: 'timeout' | number;
  /** how many calls it takes (default 1) */
  vezes?: number;
}

interface Nota {
  status: 'AUTORIZADA' | 'CANCELADA';
  protocolo: string;
  serie: number;
  numero: number;
  cnpj: string;
  /** when it was authorised (dhRecbto): a later consultation answers this instant, as SEFAZ does */
  autorizadaEm: string;
}

export interface Chamada {
  servico: ServicoSefaz;
  xml: string;
  cStat: number | 'timeout';
}

const MOTIVOS: Record<number, string> = {
  100: 'Autorizado o uso da NF-e',
  101: 'Cancelamento de NF-e homologado',
  102: 'Inutilização de número homologado',
  104: 'Lote processado',
  108: 'Serviço Paralisado Momentaneamente (curto prazo)',
  109: 'Serviço Paralisado sem Previsão',
  128: 'Lote de Evento Processado',
  135: 'Evento registrado e vinculado a NF-e',
  204: 'Rejeição: Duplicidade de NF-e',
  217: 'Rejeição: NF-e não consta na base de dados da SEFAZ',
  225: 'Rejeição: Falha no Schema XML',
  241: 'Rejeição: Um número da faixa já foi utilizado',
  256: 'Rejeição: Uma NF-e da faixa já está inutilizada na Base de dados da SEFAZ',
  297: 'Rejeição: Assinatura difere do calculado',
  539: 'Rejeição: Duplicidade de NF-e, com diferença na Chave de Acesso',
  573: 'Rejeição: Duplicidade de Evento',
  656: 'Rejeição: Consumo Indevido',
};
const motivo = (c: number) => MOTIVOS[c] ?? `Rejeição: código ${c}`;

const texto = (v: unknown) => (v === undefined || v === null ? '' : String(v));
const obj = (v: unknown) => (v && typeof v === 'object' ? (v as Record<string, unknown>) : {});

export class SimuladorSefaz {
  readonly notas = new Map<string, Nota>();
  readonly inutilizadas: { cnpj: string; serie: number; inicial: number; final: number; protocolo: string }[] = [];
  readonly chamadas: Chamada[] = [];
  private falhas: Falha[] = [];
  private seq = 0;
  private recibos = new Map<string, string>();
  private sockets = new Set<Socket>();
  private server: Server | null = null;
  url = '';

  async iniciar(porta = 0): Promise<string> {
    this.server = createServer((req, res) => void this.atender(req, res));
    this.server.on('connection', (s) => {
      this.sockets.add(s);
      s.on('close', () => this.sockets.delete(s));
    });
    await new Promise<void>((ok) => this.server!.listen(porta, '127.0.0.1', ok));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this.url;
  }

  async fechar(): Promise<void> {
    for (const s of this.sockets) s.destroy();
    await new Promise<void>((ok) => (this.server ? this.server.close(() => ok()) : ok()));
  }

  programar(...falhas: Falha[]): void {
    this.falhas.push(...falhas.map((f) => ({ ...f, vezes: f.vezes ?? 1 })));
  }

  /** A note SEFAZ already authorised (e.g. a contingency note sent by the POS before the monitor resends it). */
  conhecer(chave: string, protocolo = this.novoProtocolo()): string {
    this.notas.set(chave, { status: 'AUTORIZADA', protocolo, autorizadaEm: this.agora(), ...doChave(chave) });
    return protocolo;
  }

  limpar(): void {
    this.notas.clear();
    this.inutilizadas.length = 0;
    this.chamadas.length = 0;
    this.falhas = [];
  }

  private novoProtocolo(): string {
    this.seq += 1;
    return `1${String(Date.now()).slice(-8)}${String(this.seq).padStart(6, '0')}`;
  }

  private falhaPara(servico: ServicoSefaz): Falha | undefined {
    const i = this.falhas.findIndex((f) => !f.servico || f.servico === servico);
    if (i < 0) return undefined;
    const f = this.falhas[i]!;
    f.vezes! -= 1;
    if (f.vezes! <= 0) this.falhas.splice(i, 1);
    return f;
  }

  private async atender(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const partes: Buffer[] = [];
    for await (const p of req) partes.push(p as Buffer);
    const servico = (req.url ?? '').replace(/^\/+/, '').split(/[/?]/)[0] as ServicoSefaz;
    if (req.method !== 'POST' || !SERVICOS.includes(servico)) {
      res.writeHead(404).end();
      return;
    }
    const mensagem = conteudoDoEnvelope(Buffer.concat(partes).toString('utf8')) ?? '';
    const falha = this.falhaPara(servico);
    if (falha?.resposta === 'timeout') {
      // held until the client gives up (or the simulator closes)
      this.chamadas.push({ servico, xml: mensagem, cStat: 'timeout' });
      return;
    }
    const corpo =
      falha !== undefined ? this.recusaGeral(servico, falha.resposta as number) : this.responder(servico, mensagem);
    this.chamadas.push({
      servico,
      xml: mensagem,
      cStat: Number(/<cStat>(\d+)<\/cStat>(?![\s\S]*<cStat>)/.exec(corpo)?.[1]),
    });
    res.writeHead(200, { 'content-type': 'application/soap+xml; charset=utf-8' }).end(envelopeResposta(servico, corpo));
  }

  private agora = () => dataHoraSefaz(new Date());

  /** A refusal of the whole message (656, 108, 109…): the answer's own cStat, no protocol. */
  private recusaGeral(servico: ServicoSefaz, cStat: number): string {
    const raiz = {
      NFeAutorizacao4: 'retEnviNFe',
      NFeRetAutorizacao4: 'retConsReciNFe',
      NFeConsultaProtocolo4: 'retConsSitNFe',
      NFeRecepcaoEvento4: 'retEnvEvento',
      NFeInutilizacao4: 'retInutNFe',
    }[servico];
    return `<${raiz} xmlns="http://www.portalfiscal.inf.br/nfe" versao="4.00"><tpAmb>2</tpAmb><verAplic>SIMULADOR</verAplic><cStat>${cStat}</cStat><xMotivo>${motivo(cStat)}</xMotivo><cUF>35</cUF><dhRecbto>${this.agora()}</dhRecbto></${raiz}>`;
  }

  private responder(servico: ServicoSefaz, mensagem: string): string {
    let raiz: Record<string, unknown>;
    try {
      raiz = lerXml(mensagem);
    } catch {
      return this.recusaGeral(servico, 225);
    }
    switch (servico) {
      case 'NFeConsultaProtocolo4':
        return this.consultar(texto(obj(raiz.consSitNFe).chNFe));
      case 'NFeAutorizacao4':
        return this.autorizar(mensagem, obj(raiz.enviNFe));
      case 'NFeRetAutorizacao4':
        return this.recibos.get(texto(obj(raiz.consReciNFe).nRec)) ?? this.recusaGeral(servico, 225);
      case 'NFeRecepcaoEvento4':
        return this.evento(mensagem, obj(raiz.envEvento));
      case 'NFeInutilizacao4':
        return this.inutilizar(mensagem, obj(raiz.inutNFe));
    }
  }

  private protNFe(chave: string, cStat: number, protocolo: string | null, em = this.agora()): string {
    return `<protNFe versao="4.00"><infProt><tpAmb>2</tpAmb><verAplic>SIMULADOR</verAplic><chNFe>${chave}</chNFe><dhRecbto>${em}</dhRecbto>${protocolo ? `<nProt>${protocolo}</nProt>` : ''}<cStat>${cStat}</cStat><xMotivo>${motivo(cStat)}</xMotivo></infProt></protNFe>`;
  }

  private consultar(chave: string): string {
    const n = this.notas.get(chave);
    const cStat = !n ? 217 : n.status === 'CANCELADA' ? 101 : 100;
    return `<retConsSitNFe xmlns="http://www.portalfiscal.inf.br/nfe" versao="4.00"><tpAmb>2</tpAmb><verAplic>SIMULADOR</verAplic><cStat>${cStat}</cStat><xMotivo>${motivo(cStat)}</xMotivo><cUF>${chave.slice(0, 2)}</cUF><dhRecbto>${this.agora()}</dhRecbto><chNFe>${chave}</chNFe>${n ? this.protNFe(chave, 100, n.protocolo, n.autorizadaEm) : ''}</retConsSitNFe>`;
  }

  private autorizar(mensagem: string, envi: Record<string, unknown>): string {
    const inf = obj(obj(envi.NFe).infNFe);
    const chave = texto(inf['@_Id']).replace(/^NFe/, '');
    const ret = (prot: string) =>
      `<retEnviNFe xmlns="http://www.portalfiscal.inf.br/nfe" versao="4.00"><tpAmb>2</tpAmb><verAplic>SIMULADOR</verAplic><cStat>104</cStat><xMotivo>${motivo(104)}</xMotivo><cUF>${chave.slice(0, 2)}</cUF><dhRecbto>${this.agora()}</dhRecbto>${prot}</retEnviNFe>`;
    if (!/^\d{44}$/.test(chave)) return ret(this.protNFe(chave, 225, null));
    const nfe = /<NFe[\s>][\s\S]*<\/NFe>/.exec(mensagem)?.[0] ?? '';
    if (!verificarAssinatura(nfe, 'infNFe').valida) return ret(this.protNFe(chave, 297, null));
    const existente = this.notas.get(chave);
    if (existente) return ret(this.protNFe(chave, 204, null));
    // another key for the same number (série, número, CNPJ): 539
    const { serie, numero, cnpj } = doChave(chave);
    for (const [outra, n] of this.notas)
      if (outra !== chave && n.serie === serie && n.numero === numero && n.cnpj === cnpj)
        return ret(this.protNFe(chave, 539, null));
    const protocolo = this.novoProtocolo();
    const autorizadaEm = this.agora();
    this.notas.set(chave, { status: 'AUTORIZADA', protocolo, serie, numero, cnpj, autorizadaEm });
    const corpo = ret(this.protNFe(chave, 100, protocolo, autorizadaEm));
    if (texto(envi.indSinc) === '0') {
      // asynchronous: the lot's receipt now, the protocol through NFeRetAutorizacao4
      const nRec = `${chave.slice(0, 2)}${String(this.seq).padStart(13, '0')}`;
      this.recibos.set(nRec, corpo.replace(/retEnviNFe/g, 'retConsReciNFe'));
      return `<retEnviNFe xmlns="http://www.portalfiscal.inf.br/nfe" versao="4.00"><tpAmb>2</tpAmb><cStat>103</cStat><xMotivo>Lote recebido com sucesso</xMotivo><infRec><nRec>${nRec}</nRec></infRec></retEnviNFe>`;
    }
    return corpo;
  }

  private evento(mensagem: string, env: Record<string, unknown>): string {
    const inf = obj(obj(env.evento).infEvento);
    const chave = texto(inf.chNFe);
    const ret = (cStat: number, protocolo: string | null) =>
      `<retEnvEvento xmlns="http://www.portalfiscal.inf.br/nfe" versao="1.00"><idLote>${texto(env.idLote)}</idLote><tpAmb>2</tpAmb><verAplic>SIMULADOR</verAplic><cOrgao>${chave.slice(0, 2)}</cOrgao><cStat>128</cStat><xMotivo>${motivo(128)}</xMotivo><retEvento versao="1.00"><infEvento><tpAmb>2</tpAmb><cOrgao>${chave.slice(0, 2)}</cOrgao><cStat>${cStat}</cStat><xMotivo>${motivo(cStat)}</xMotivo><chNFe>${chave}</chNFe><tpEvento>${texto(inf.tpEvento)}</tpEvento><nSeqEvento>1</nSeqEvento><dhRegEvento>${this.agora()}</dhRegEvento>${protocolo ? `<nProt>${protocolo}</nProt>` : ''}</infEvento></retEvento></retEnvEvento>`;
    if (texto(inf.tpEvento) !== '110111' || !/^\d{44}$/.test(chave)) return ret(225, null);
    if (!verificarAssinatura(mensagem, 'infEvento').valida) return ret(297, null);
    const det = obj(inf.detEvento);
    if ([...texto(det.xJust)].length < 15) return ret(225, null);
    let n = this.notas.get(chave);
    // a note authorised before the simulator started: its protocol is taken at its word
    if (!n && texto(det.nProt)) {
      n = { status: 'AUTORIZADA', protocolo: texto(det.nProt), autorizadaEm: this.agora(), ...doChave(chave) };
      this.notas.set(chave, n);
    }
    if (!n) return ret(217, null);
    if (n.status === 'CANCELADA') return ret(573, null);
    n.status = 'CANCELADA';
    return ret(135, this.novoProtocolo());
  }

  private inutilizar(mensagem: string, inut: Record<string, unknown>): string {
    const inf = obj(inut.infInut);
    const ret = (cStat: number, protocolo: string | null) =>
      `<retInutNFe xmlns="http://www.portalfiscal.inf.br/nfe" versao="4.00"><infInut><tpAmb>2</tpAmb><verAplic>SIMULADOR</verAplic><cStat>${cStat}</cStat><xMotivo>${motivo(cStat)}</xMotivo><cUF>${texto(inf.cUF)}</cUF><ano>${texto(inf.ano)}</ano><CNPJ>${texto(inf.CNPJ)}</CNPJ><mod>65</mod><serie>${texto(inf.serie)}</serie><nNFIni>${texto(inf.nNFIni)}</nNFIni><nNFFin>${texto(inf.nNFFin)}</nNFFin><dhRecbto>${this.agora()}</dhRecbto>${protocolo ? `<nProt>${protocolo}</nProt>` : ''}</infInut></retInutNFe>`;
    if (!verificarAssinatura(mensagem, 'infInut').valida) return ret(297, null);
    const cnpj = texto(inf.CNPJ);
    const serie = Number(inf.serie);
    const inicial = Number(inf.nNFIni);
    const final = Number(inf.nNFFin);
    if (!(inicial >= 1 && final >= inicial) || [...texto(inf.xJust)].length < 15) return ret(225, null);
    for (const n of this.notas.values())
      if (n.cnpj === cnpj && n.serie === serie && n.numero >= inicial && n.numero <= final) return ret(241, null);
    if (this.inutilizadas.some((i) => i.cnpj === cnpj && i.serie === serie && i.inicial <= final && inicial <= i.final))
      return ret(256, null);
    const protocolo = this.novoProtocolo();
    this.inutilizadas.push({ cnpj, serie, inicial, final, protocolo });
    return ret(102, protocolo);
  }
}

/** Série, número and CNPJ as the chave carries them (cUF 2, AAMM 4, CNPJ 14, mod 2, série 3, nNF 9…). */
function doChave(chave: string) {
  return { cnpj: chave.slice(6, 20), serie: Number(chave.slice(22, 25)), numero: Number(chave.slice(25, 34)) };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const s = new SimuladorSefaz();
  const url = await s.iniciar(Number(process.env.SEFAZ_SIMULADOR_PORTA ?? 8900));
  console.log(`simulador da SEFAZ em ${url} (serviços: ${SERVICOS.join(', ')})`);
}
