/**
 * XML signatures as SEFAZ's layouts want them (Manual de Orientação do Contribuinte, "Assinatura Digital"):
 * enveloped, RSA-SHA1 over SHA-1 digests, inclusive C14N, the reference to the signed element's `Id`, the
 * certificate in KeyInfo/X509Data, the <Signature> right after the signed element. Done by xml-crypto on
 * @xmldom/xmldom; the simulator verifies with the same library against the certificate the XML carries.
 */
import { DOMParser } from '@xmldom/xmldom';
import { SignedXml } from 'xml-crypto';

const C14N = 'http://www.w3.org/TR/2001/REC-xml-c14n-20010315';
const ENVELOPED = 'http://www.w3.org/2000/09/xmldsig#enveloped-signature';
const DSIG = 'http://www.w3.org/2000/09/xmldsig#';

const porNome = (tag: string) => `//*[local-name(.)='${tag}']`;

/** Signs `tag` (infEvento, infInut, infNFe) of `xml` with the store's key; the Signature follows it. */
export function assinarXml(xml: string, tag: string, chave: { chavePem: string; certificadoPem: string }): string {
  const sig = new SignedXml({
    privateKey: chave.chavePem,
    publicCert: chave.certificadoPem,
    signatureAlgorithm: 'http://www.w3.org/2000/09/xmldsig#rsa-sha1',
    canonicalizationAlgorithm: C14N,
  });
  sig.addReference({
    xpath: porNome(tag),
    transforms: [ENVELOPED, C14N],
    digestAlgorithm: 'http://www.w3.org/2000/09/xmldsig#sha1',
  });
  sig.computeSignature(xml, { location: { reference: porNome(tag), action: 'after' } });
  return sig.getSignedXml();
}

export interface AssinaturaVerificada {
  valida: boolean;
  /** the signer's certificate (PEM) when the signature is valid */
  certificadoPem: string | null;
  erro: string | null;
}

/**
 * Checks the (single) signature of `xml` against the certificate its KeyInfo carries and that it signs the
 * element `tag`: a tampered XML, a missing signature or a signature of something else is invalid.
 */
export function verificarAssinatura(xml: string, tag: string): AssinaturaVerificada {
  try {
    const doc = new DOMParser().parseFromString(xml, 'text/xml');
    const assinaturas = doc.getElementsByTagNameNS(DSIG, 'Signature');
    if (assinaturas.length !== 1) return { valida: false, certificadoPem: null, erro: 'assinatura ausente' };
    const x509 = doc.getElementsByTagNameNS(DSIG, 'X509Certificate')[0]?.textContent?.replace(/\s+/g, '');
    if (!x509) return { valida: false, certificadoPem: null, erro: 'certificado ausente na assinatura' };
    const pem = `-----BEGIN CERTIFICATE-----\n${x509.match(/.{1,64}/g)!.join('\n')}\n-----END CERTIFICATE-----\n`;
    const sig = new SignedXml({ publicCert: pem, getCertFromKeyInfo: () => null });
    sig.loadSignature(assinaturas[0]!);
    if (!sig.checkSignature(xml)) return { valida: false, certificadoPem: null, erro: 'assinatura inválida' };
    // what was signed must be the element the service reads, not some other part of the document
    const assinado = sig.getSignedReferences()[0] ?? '';
    if (!new RegExp(`^<(\\w+:)?${tag}[\\s>]`).test(assinado))
      return { valida: false, certificadoPem: null, erro: `a assinatura não cobre ${tag}` };
    return { valida: true, certificadoPem: pem, erro: null };
  } catch (e) {
    return { valida: false, certificadoPem: null, erro: (e as Error).message };
  }
}
