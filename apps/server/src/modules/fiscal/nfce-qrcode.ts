/**
 * The NFC-e QR code URL (MOC, NT 2015.002 v2 "QR Code"): the one the note carries in `infNFeSupl/qrCode`
 * when the POS sent the XML; else the UF's consultation URL with the online (tpEmis 1) form of version 2,
 * `p=chave|2|tpAmb|cIdToken|cHashQRCode`, where cIdToken is the store's CSC id without its leading zeros and
 * cHashQRCode the SHA-1, in upper-case hex, of `chave|2|tpAmb|cIdToken` followed by the CSC token. Without a
 * CSC on the store only `p=chave|2|tpAmb` can be given. A contingency note (tpEmis 9) is printed with the
 * offline form, which also hashes the note's day, value and XML digest: without its XML it cannot be rebuilt,
 * so it too gets the short form.
 */
import { createHash } from 'node:crypto';

export interface CscNfce {
  /** the store's CSC id (loja.nfce_csc_id, up to 6 digits) */
  id: string;
  token: string;
}

/** Public consultation (QR code) URLs per UF and environment (1 produção, 2 homologação); MOC portal list. */
const URL_QRCODE: Record<string, [string, string]> = {
  AM: [
    'http://sistemas.sefaz.am.gov.br/nfceweb/consultarNFCe.jsp',
    'http://homnfce.sefaz.am.gov.br/nfceweb/consultarNFCe.jsp',
  ],
  DF: ['http://www.fazenda.df.gov.br/nfce/qrcode', 'http://www.fazenda.df.gov.br/nfce/qrcode'],
  GO: [
    'http://nfe.sefaz.go.gov.br/nfeweb/sites/nfce/danfeNFCe',
    'http://homolog.sefaz.go.gov.br/nfeweb/sites/nfce/danfeNFCe',
  ],
  PR: ['http://www.fazenda.pr.gov.br/nfce/qrcode', 'http://www.fazenda.pr.gov.br/nfce/qrcode'],
  SC: ['https://sat.sef.sc.gov.br/nfce/consulta', 'https://hom.sat.sef.sc.gov.br/nfce/consulta'],
  SP: [
    'https://www.nfce.fazenda.sp.gov.br/NFCeConsultaPublica/Paginas/ConsultaQRCode.aspx',
    'https://www.homologacao.nfce.fazenda.sp.gov.br/NFCeConsultaPublica/Paginas/ConsultaQRCode.aspx',
  ],
};
/** SVRS serves the UFs without their own portal */
const SVRS: [string, string] = [
  'https://www.sefaz.rs.gov.br/NFCE/NFCE-COM.aspx',
  'https://www.sefaz.rs.gov.br/NFCE/NFCE-COM.aspx',
];

const QR_DO_XML = /<qrCode>\s*(?:<!\[CDATA\[)?\s*([^<\]]+?)\s*(?:\]\]>)?\s*<\/qrCode>/i;

export function urlQrCodeNfce(d: {
  chave: string;
  uf: string | null;
  ambiente: number;
  xml: string | null;
  tpEmis?: number | null;
  csc?: CscNfce | null;
}): string {
  const doXml = d.xml ? QR_DO_XML.exec(d.xml)?.[1] : undefined;
  if (doXml) return doXml.replace(/&amp;/g, '&');
  const [producao, homologacao] = URL_QRCODE[(d.uf ?? '').trim().toUpperCase()] ?? SVRS;
  const base = `${d.ambiente === 1 ? producao : homologacao}?p=`;
  const p = `${d.chave}|2|${d.ambiente}`;
  if (!d.csc || d.tpEmis === 9) return base + p;
  return base + parametroComHash(p, d.csc);
}

/** `chave|2|tpAmb|cIdToken|cHashQRCode` of the online form. */
export function parametroComHash(p: string, csc: CscNfce): string {
  const id = String(Number(csc.id));
  const hash = createHash('sha1').update(`${p}|${id}${csc.token}`, 'utf8').digest('hex').toUpperCase();
  return `${p}|${id}|${hash}`;
}
