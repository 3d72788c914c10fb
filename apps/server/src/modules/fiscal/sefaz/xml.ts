/**
 * The subset of SEFAZ's NFC-e layouts (MOC 4.00, NT eventos 1.00) we send and read: consulta protocolo
 * (consSitNFe), autorização (enviNFe, síncrona), retorno (consReciNFe), evento de cancelamento 110111
 * (envEvento) and inutilização (inutNFe), in a SOAP 1.2 envelope per service. Answers are read with
 * fast-xml-parser (namespaces dropped, every value as text).
 */
import { XMLParser } from 'fast-xml-parser';

export const NS_NFE = 'http://www.portalfiscal.inf.br/nfe';
export const SERVICOS = [
  'NFeAutorizacao4',
  'NFeRetAutorizacao4',
  'NFeConsultaProtocolo4',
  'NFeRecepcaoEvento4',
  'NFeInutilizacao4',
] as const;
export type ServicoSefaz = (typeof SERVICOS)[number];

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** SEFAZ's dates: local time with the offset, no milliseconds (2026-11-20T10:15:00-03:00). */
export function dataHoraSefaz(d: Date, offsetMin = -180): string {
  const local = new Date(d.getTime() + offsetMin * 60_000);
  const sinal = offsetMin < 0 ? '-' : '+';
  const abs = Math.abs(offsetMin);
  const off = `${sinal}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
  return `${local.toISOString().slice(0, 19)}${off}`;
}

export const envelope = (servico: ServicoSefaz, corpo: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><soap12:Envelope xmlns:soap12="http://www.w3.org/2003/05/soap-envelope"><soap12:Body><nfeDadosMsg xmlns="http://www.portalfiscal.inf.br/nfe/wsdl/${servico}">${corpo}</nfeDadosMsg></soap12:Body></soap12:Envelope>`;

export const envelopeResposta = (servico: ServicoSefaz, corpo: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><soap12:Envelope xmlns:soap12="http://www.w3.org/2003/05/soap-envelope"><soap12:Body><nfeResultMsg xmlns="http://www.portalfiscal.inf.br/nfe/wsdl/${servico}">${corpo}</nfeResultMsg></soap12:Body></soap12:Envelope>`;

/** The message inside a SOAP body (nfeDadosMsg / nfeResultMsg), as sent: its signature stays verifiable. */
export function conteudoDoEnvelope(soap: string): string | null {
  const m = /<(?:\w+:)?nfe(?:Dados|Result)Msg[^>]*>([\s\S]*)<\/(?:\w+:)?nfe(?:Dados|Result)Msg>/.exec(soap);
  return m ? m[1]!.trim() : null;
}

export const consultaProtocolo = (chave: string, tpAmb: number) =>
  `<consSitNFe xmlns="${NS_NFE}" versao="4.00"><tpAmb>${tpAmb}</tpAmb><xServ>CONSULTAR</xServ><chNFe>${chave}</chNFe></consSitNFe>`;

/** NFC-e is authorised synchronously (indSinc 1): the protocol comes in the answer. */
export const loteAutorizacao = (nfe: string, idLote: number) =>
  `<enviNFe xmlns="${NS_NFE}" versao="4.00"><idLote>${idLote}</idLote><indSinc>1</indSinc>${nfe.replace(/^<\?xml[^>]*\?>/, '')}</enviNFe>`;

export const consultaRecibo = (nRec: string, tpAmb: number) =>
  `<consReciNFe xmlns="${NS_NFE}" versao="4.00"><tpAmb>${tpAmb}</tpAmb><nRec>${nRec}</nRec></consReciNFe>`;

/** The note as the POS keeps it (NFe or nfeProc), or the minimal NFe the monitor can resend without one. */
export function nfeDoDocumento(
  xml: string | null,
  d: { chave: string; serie: number | null; numero: number | null; tpEmis: number | null; tpAmb: number },
): string {
  const nfe = xml ? /<NFe[\s>][\s\S]*<\/NFe>/.exec(xml)?.[0] : undefined;
  if (nfe) return nfe.includes(' xmlns=') ? nfe : nfe.replace(/^<NFe/, `<NFe xmlns="${NS_NFE}"`);
  const cnpj = d.chave.slice(6, 20);
  return `<NFe xmlns="${NS_NFE}"><infNFe Id="NFe${d.chave}" versao="4.00"><ide><cUF>${d.chave.slice(0, 2)}</cUF><mod>65</mod><serie>${d.serie ?? 1}</serie><nNF>${d.numero ?? Number(d.chave.slice(25, 34))}</nNF><tpEmis>${d.tpEmis ?? 1}</tpEmis><tpAmb>${d.tpAmb}</tpAmb></ide><emit><CNPJ>${cnpj}</CNPJ></emit></infNFe></NFe>`;
}

export interface DadosCancelamento {
  chave: string;
  tpAmb: number;
  cnpj: string;
  protocolo: string;
  justificativa: string;
  em: Date;
}

export const eventoCancelamento = (c: DadosCancelamento, idLote: number) =>
  `<envEvento xmlns="${NS_NFE}" versao="1.00"><idLote>${idLote}</idLote><evento versao="1.00"><infEvento Id="ID110111${c.chave}01"><cOrgao>${c.chave.slice(0, 2)}</cOrgao><tpAmb>${c.tpAmb}</tpAmb><CNPJ>${c.cnpj}</CNPJ><chNFe>${c.chave}</chNFe><dhEvento>${dataHoraSefaz(c.em)}</dhEvento><tpEvento>110111</tpEvento><nSeqEvento>1</nSeqEvento><verEvento>1.00</verEvento><detEvento versao="1.00"><descEvento>Cancelamento</descEvento><nProt>${esc(c.protocolo)}</nProt><xJust>${esc(c.justificativa)}</xJust></detEvento></infEvento></evento></envEvento>`;

export interface DadosInutilizacao {
  cUF: string;
  tpAmb: number;
  ano: number;
  cnpj: string;
  serie: number;
  inicial: number;
  final: number;
  justificativa: string;
}

export function pedidoInutilizacao(i: DadosInutilizacao): string {
  const aa = String(i.ano % 100).padStart(2, '0');
  const id = `ID${i.cUF}${aa}${i.cnpj}65${String(i.serie).padStart(3, '0')}${String(i.inicial).padStart(9, '0')}${String(i.final).padStart(9, '0')}`;
  return `<inutNFe xmlns="${NS_NFE}" versao="4.00"><infInut Id="${id}"><tpAmb>${i.tpAmb}</tpAmb><xServ>INUTILIZAR</xServ><cUF>${i.cUF}</cUF><ano>${aa}</ano><CNPJ>${i.cnpj}</CNPJ><mod>65</mod><serie>${i.serie}</serie><nNFIni>${i.inicial}</nNFIni><nNFFin>${i.final}</nNFFin><xJust>${esc(i.justificativa)}</xJust></infInut></inutNFe>`;
}

const leitor = new XMLParser({ removeNSPrefix: true, ignoreAttributes: false, parseTagValue: false, trimValues: true });
export const lerXml = (xml: string): Record<string, unknown> => leitor.parse(xml) as Record<string, unknown>;

/** What the monitor keeps of any answer: the deciding cStat/xMotivo and the protocol, wherever they sit. */
export interface RespostaSefaz {
  cStat: number;
  xMotivo: string;
  protocolo: string | null;
  /** the authorisation or event time SEFAZ gave (ISO), when it gave one */
  recebidoEm: string | null;
  xml: string;
}

type No = Record<string, unknown> | undefined;
const no = (v: unknown): No => (v && typeof v === 'object' ? (v as Record<string, unknown>) : undefined);
const txt = (v: unknown) => (v === undefined || v === null ? null : String(v));

/**
 * The deciding part of an answer: the protocol's infProt (autorização, consulta), the event's infEvento
 * (evento), infInut (inutilização), else the answer's own cStat (a refusal of the whole message).
 */
export function lerResposta(xmlResposta: string): RespostaSefaz {
  const corpo = conteudoDoEnvelope(xmlResposta) ?? xmlResposta;
  const raiz = lerXml(corpo);
  const nome = Object.keys(raiz).find((k) => k !== '?xml');
  const r = no(raiz[nome ?? '']);
  if (!r) throw new Error('resposta da SEFAZ ilegível');
  const prot = no(no(r.protNFe)?.infProt);
  const evento = no(no(r.retEvento)?.infEvento);
  const inut = no(r.infInut);
  // a consultation's own cStat says what the note is now (101: cancelled), its protNFe only how it was authorised
  const decisivo = nome === 'retConsSitNFe' ? r : (prot ?? evento ?? inut ?? r);
  return {
    cStat: Number(decisivo.cStat ?? r.cStat),
    xMotivo: String(decisivo.xMotivo ?? r.xMotivo ?? ''),
    protocolo: txt(decisivo.nProt ?? prot?.nProt),
    // the protocol's dhRecbto is the authorisation's instant (a consultation's own dhRecbto is just "now")
    recebidoEm: txt(prot?.dhRecbto ?? decisivo.dhRecbto ?? decisivo.dhRegEvento),
    xml: corpo,
  };
}
