/**
 * The store's A1 certificate (PKCS#12 .pfx), read with node-forge: its private key and certificate (PEM,
 * for the XML signature), holder, CNPJ (ICP-Brasil puts it after the name in the CN, "RAZAO:CNPJ") and
 * validity. A wrong password, a file that is not a .pfx, or one without both key and certificate is an A1
 * we cannot use: `ErroCertificado` (the command turns it into a Portuguese 422).
 */
import forge from 'node-forge';

export interface CertificadoA1 {
  chavePem: string;
  certificadoPem: string;
  titular: string;
  cnpj: string | null;
  validoDe: Date;
  validoAte: Date;
}

export type MotivoErroCertificado = 'senha' | 'naoA1' | 'vencido' | 'aindaNaoValido';
export class ErroCertificado extends Error {
  constructor(
    readonly motivo: MotivoErroCertificado,
    mensagem: string,
  ) {
    super(mensagem);
  }
}

const dataBr = (d: Date) => d.toISOString().slice(0, 10).split('-').reverse().join('/');

function bags(p12: forge.pkcs12.Pkcs12Pfx, tipo: string): forge.pkcs12.Bag[] {
  return p12.getBags({ bagType: tipo })[tipo] ?? [];
}

/** Opens the .pfx with its password (does not judge its validity dates: `exigirVigente`). */
export function lerPfx(pfx: Buffer, senha: string, msgs: { senhaErrada: string; naoA1: string }): CertificadoA1 {
  let p12: forge.pkcs12.Pkcs12Pfx;
  try {
    const asn1 = forge.asn1.fromDer(forge.util.createBuffer(pfx.toString('binary')));
    p12 = forge.pkcs12.pkcs12FromAsn1(asn1, false, senha);
  } catch {
    throw new ErroCertificado('senha', msgs.senhaErrada);
  }
  const chave =
    bags(p12, forge.pki.oids.pkcs8ShroudedKeyBag!)[0]?.key ?? bags(p12, forge.pki.oids.keyBag!)[0]?.key ?? null;
  const certs = bags(p12, forge.pki.oids.certBag!)
    .map((b) => b.cert)
    .filter((c): c is forge.pki.Certificate => !!c);
  if (!chave || !certs.length) throw new ErroCertificado('naoA1', msgs.naoA1);
  // the end-entity certificate is the one whose public key matches the private key (the chain may come along)
  const rsa = chave as forge.pki.rsa.PrivateKey;
  const cert =
    certs.find((c) => (c.publicKey as forge.pki.rsa.PublicKey).n?.equals(rsa.n)) ??
    (() => {
      throw new ErroCertificado('naoA1', msgs.naoA1);
    })();
  const cn = String(cert.subject.getField('CN')?.value ?? '');
  const cnpj = /(\d{14})\s*$/.exec(cn)?.[1] ?? null;
  return {
    chavePem: forge.pki.privateKeyToPem(rsa),
    certificadoPem: forge.pki.certificateToPem(cert),
    titular: cn.replace(/:\d{14}\s*$/, '') || cn,
    cnpj,
    validoDe: cert.validity.notBefore,
    validoAte: cert.validity.notAfter,
  };
}

/** A certificate outside its validity signs nothing SEFAZ accepts. */
export function exigirVigente(
  c: CertificadoA1,
  agora: Date,
  msgs: { vencido: (d: string) => string; aindaNaoValido: (d: string) => string },
): void {
  if (c.validoAte.getTime() < agora.getTime()) throw new ErroCertificado('vencido', msgs.vencido(dataBr(c.validoAte)));
  if (c.validoDe.getTime() > agora.getTime())
    throw new ErroCertificado('aindaNaoValido', msgs.aindaNaoValido(dataBr(c.validoDe)));
}

/** Whole days from `agora` to the end of validity (0 on its last day). */
export const diasParaVencer = (c: Pick<CertificadoA1, 'validoAte'>, agora: Date) =>
  Math.floor((c.validoAte.getTime() - agora.getTime()) / 86_400_000);

export const dataDoCertificado = dataBr;
