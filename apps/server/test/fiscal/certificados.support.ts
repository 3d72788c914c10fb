/**
 * Test A1 certificates made at test time with node-forge (self-signed, PKCS#12 with a password): valid,
 * expired or about to expire. The RSA key comes from node:crypto (forge's pure-JS generation is slow).
 */
import { generateKeyPairSync } from 'node:crypto';
import forge from 'node-forge';

export interface OpcoesPfx {
  senha: string;
  cnpj: string;
  /** days from now: negative for an expired certificate */
  venceEmDias: number;
  /** days before now when it starts (default 365) */
  desdeDias?: number;
}

export function gerarPfx(o: OpcoesPfx): { pfx: Buffer; chavePem: string; certificadoPem: string } {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const chavePem = privateKey.export({ type: 'pkcs1', format: 'pem' }) as string;
  const chave = forge.pki.privateKeyFromPem(chavePem);
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.setRsaPublicKey(chave.n, chave.e);
  cert.serialNumber = `0${Math.floor(Math.random() * 1e12).toString(16)}`;
  const dia = 86_400_000;
  cert.validity.notBefore = new Date(Date.now() - (o.desdeDias ?? 365) * dia);
  cert.validity.notAfter = new Date(Date.now() + o.venceEmDias * dia);
  const sujeito = [
    { name: 'commonName', value: `BELA VIDA COSMETICOS LTDA:${o.cnpj}` },
    { name: 'countryName', value: 'BR' },
    { name: 'organizationName', value: 'ICP-Brasil' },
  ];
  cert.setSubject(sujeito);
  cert.setIssuer(sujeito);
  cert.sign(chave, forge.md.sha256.create());
  const p12 = forge.pkcs12.toPkcs12Asn1(chave, [cert], o.senha, { algorithm: '3des' });
  return {
    pfx: Buffer.from(forge.asn1.toDer(p12).getBytes(), 'binary'),
    chavePem,
    certificadoPem: forge.pki.certificateToPem(cert),
  };
}
