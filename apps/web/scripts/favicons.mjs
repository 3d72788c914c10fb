// Generates the per-theme favicons (16, 32, 196) and touch icons (76, 144) of spec §9:
// a rounded square in the theme colour with a white "R". Run: node apps/web/scripts/favicons.mjs
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const TEMAS = {
  blue: '#1565c0',
  green_two: '#22b18e',
  red: '#d32325',
  orange: '#e96b0a',
  black: '#4a5163',
  green: '#2e8f36',
  institucional: '#3a3a9e',
};
const R = ['11110', '10001', '10001', '11110', '10100', '10010', '10001'];
const TAMANHOS = [16, 32, 76, 144, 196];
const destino = path.resolve(import.meta.dirname, '../public/favicons');

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf) {
  let c = 0xffffffff;
  for (const b of buf) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(tipo, dados) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(dados.length);
  const corpo = Buffer.concat([Buffer.from(tipo), dados]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(corpo));
  return Buffer.concat([len, corpo, crc]);
}
function png(n, pixel) {
  const linhas = [];
  for (let y = 0; y < n; y++) {
    const linha = Buffer.alloc(1 + n * 4);
    for (let x = 0; x < n; x++) linha.set(pixel(x, y), 1 + x * 4);
    linhas.push(linha);
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(n, 0);
  ihdr.writeUInt32BE(n, 4);
  ihdr.set([8, 6, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(Buffer.concat(linhas))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

fs.mkdirSync(destino, { recursive: true });
for (const [tema, hex] of Object.entries(TEMAS)) {
  const cor = [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16));
  for (const n of TAMANHOS) {
    const raio = n * 0.2;
    const celula = n / 10;
    const ox = (n - 5 * celula) / 2;
    const oy = (n - 7 * celula) / 2;
    const buf = png(n, (x, y) => {
      const cx = Math.max(raio - x - 0.5, x + 0.5 - (n - raio), 0);
      const cy = Math.max(raio - y - 0.5, y + 0.5 - (n - raio), 0);
      if (cx * cx + cy * cy > raio * raio) return [0, 0, 0, 0];
      const gx = Math.floor((x - ox) / celula);
      const gy = Math.floor((y - oy) / celula);
      const letra = R[gy]?.[gx] === '1';
      return letra ? [255, 255, 255, 255] : [...cor, 255];
    });
    fs.writeFileSync(path.join(destino, `${tema}-${n}.png`), buf);
  }
}
console.log(`favicons em ${destino}`);
