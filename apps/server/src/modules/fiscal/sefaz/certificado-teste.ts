/**
 * Test A1 certificates made on the spot with node-forge (self-signed, PKCS#12 with a password, the CNPJ after
 * the holder's name in the CN as ICP-Brasil does): for the tests and for the demo stores that talk to the
 * local SEFAZ simulator. A real SEFAZ refuses them (no ICP-Brasil chain); the simulator only checks that the
 * signature matches the certificate sent with it. The RSA key comes from node:crypto (forge's pure-JS
 * generation is slow).
 */
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import forge from 'node-forge';

export interface OpcoesPfx {
  senha: string;
  cnpj: string;
  /** days from now: negative for an expired certificate */
  venceEmDias: number;
  /** days before now when it starts (default 365) */
  desdeDias?: number;
  /** the holder's name (CN before the CNPJ) */
  titular?: string;
}

export function gerarPfx(o: OpcoesPfx): { pfx: Buffer; chavePem: string; certificadoPem: string } {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const chavePem = privateKey.export({ type: 'pkcs1', format: 'pem' }) as string;
  const chave = forge.pki.privateKeyFromPem(chavePem);
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.setRsaPublicKey(chave.n, chave.e);
  // positive (leading 0 nibble), random: two test certificates never share a serial
  cert.serialNumber = `0${randomBytes(8).toString('hex')}`;
  const dia = 86_400_000;
  cert.validity.notBefore = new Date(Date.now() - (o.desdeDias ?? 365) * dia);
  cert.validity.notAfter = new Date(Date.now() + o.venceEmDias * dia);
  const sujeito = [
    { name: 'commonName', value: `${o.titular ?? 'BELA VIDA COSMETICOS LTDA'}:${o.cnpj}` },
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
