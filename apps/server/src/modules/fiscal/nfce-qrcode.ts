/**
 * The NFC-e QR code URL (MOC, NT 2015.002 v2 "QR Code"): the one the note carries in `infNFeSupl/qrCode`
 * when the POS sent the XML; else the UF's consultation URL with `p=chave|2|tpAmb` — what a consumer
 * needs to look the note up. The hashed form (`|cIdToken|cHashQRCode`) needs the store's CSC, which the
 * store's NFC-e settings hold (the SEFAZ side): until then the XML's own QR code is the authoritative one.
 */

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

export function urlQrCodeNfce(d: { chave: string; uf: string | null; ambiente: number; xml: string | null }): string {
  const doXml = d.xml ? QR_DO_XML.exec(d.xml)?.[1] : undefined;
  if (doXml) return doXml.replace(/&amp;/g, '&');
  const [producao, homologacao] = URL_QRCODE[(d.uf ?? '').trim().toUpperCase()] ?? SVRS;
  return `${d.ambiente === 1 ? producao : homologacao}?p=${d.chave}|2|${d.ambiente}`;
}
