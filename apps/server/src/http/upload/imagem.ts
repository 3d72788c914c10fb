/** Image types by their magic bytes (avatars, product pictures): a name's extension proves nothing. */
import { open } from 'node:fs/promises';

export type TipoDeImagem = 'image/png' | 'image/jpeg' | 'image/webp';

/** The image type its first bytes say, if any. */
export function sniffImage(b: Buffer): TipoDeImagem | undefined {
  if (b.length >= 8 && b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'image/png';
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'image/jpeg';
  if (b.length >= 12 && b.toString('latin1', 0, 4) === 'RIFF' && b.toString('latin1', 8, 12) === 'WEBP')
    return 'image/webp';
  return undefined;
}

/** The image type of a received (temporary) file, by its first 12 bytes. */
export async function tipoDeImagemDoArquivo(caminho: string): Promise<TipoDeImagem | undefined> {
  const f = await open(caminho, 'r');
  try {
    const b = Buffer.alloc(12);
    const { bytesRead } = await f.read(b, 0, 12, 0);
    return sniffImage(b.subarray(0, bytesRead));
  } finally {
    await f.close();
  }
}
