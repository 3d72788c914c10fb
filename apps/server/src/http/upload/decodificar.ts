/**
 * Text of an uploaded file, decoded in ONE place. A declared charset (Content-Type `charset=`) wins;
 * otherwise: a UTF-8 BOM or bytes that are valid UTF-8 → UTF-8; else Windows-1252 (what Brazilian
 * Windows programs write, a superset of ISO-8859-1's printable range) unless the bytes avoid
 * 0x80–0x9F, where both read the same and ISO-8859-1 is named. Node 24's TextDecoder (full ICU) reads
 * UTF-8 and Windows-1252, and ISO-8859-1 is Buffer's 'latin1': iconv-lite is not needed here.
 */
export type Codificacao = 'utf-8' | 'windows-1252' | 'iso-8859-1';

const ALIAS: Record<string, Codificacao> = {
  'utf-8': 'utf-8',
  utf8: 'utf-8',
  'windows-1252': 'windows-1252',
  cp1252: 'windows-1252',
  'iso-8859-1': 'iso-8859-1',
  'iso8859-1': 'iso-8859-1',
  latin1: 'iso-8859-1',
  'latin-1': 'iso-8859-1',
};

/** The charset a Content-Type declares, when it is one we read. */
export function codificacaoDeclarada(tipoConteudo: string | undefined): Codificacao | undefined {
  const m = /charset\s*=\s*"?([\w.:-]+)"?/i.exec(tipoConteudo ?? '');
  return m ? ALIAS[m[1]!.toLowerCase()] : undefined;
}

function utf8Valido(bytes: Uint8Array): boolean {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

export function detectarCodificacao(bytes: Uint8Array): Codificacao {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return 'utf-8';
  if (utf8Valido(bytes)) return 'utf-8';
  return bytes.some((b) => b >= 0x80 && b <= 0x9f) ? 'windows-1252' : 'iso-8859-1';
}

export function decodificarTexto(
  bytes: Uint8Array,
  declarada?: Codificacao,
): { texto: string; codificacao: Codificacao } {
  const codificacao = declarada ?? detectarCodificacao(bytes);
  // ISO-8859-1 maps each byte to the same code point; the WHATWG 'iso-8859-1' label would mean 1252
  const texto =
    codificacao === 'iso-8859-1'
      ? Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1')
      : new TextDecoder(codificacao).decode(bytes); // drops a UTF-8 BOM
  return { texto, codificacao };
}
