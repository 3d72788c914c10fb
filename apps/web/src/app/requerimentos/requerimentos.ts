/**
 * Supported browsers (/requerimentosAplicacao): the minimums of the build's target (Vite's
 * 'baseline-widely-available': Chrome/Edge 111, Firefox 114, Safari 16.4), read from the user agent.
 */
export interface NavegadorSuportado {
  nome: string;
  minimo: string;
  obtencao: string;
}

export const NAVEGADORES: readonly NavegadorSuportado[] = [
  { nome: 'Google Chrome', minimo: '111', obtencao: 'https://www.google.com/chrome/' },
  { nome: 'Microsoft Edge', minimo: '111', obtencao: 'https://www.microsoft.com/edge' },
  { nome: 'Mozilla Firefox', minimo: '114', obtencao: 'https://www.mozilla.org/firefox/' },
  { nome: 'Safari (macOS e iOS)', minimo: '16.4', obtencao: 'https://www.apple.com/safari/' },
];

export interface Deteccao {
  nome: string;
  versao: string | null;
  suportado: boolean;
}

/** Most specific first: Edge and Opera also say "Chrome", Chrome also says "Safari". */
const REGRAS: { nome: string; re: RegExp; minimo: number[] | null }[] = [
  { nome: 'Microsoft Edge', re: /Edg(?:e|A|iOS)?\/([\d.]+)/, minimo: [111] },
  { nome: 'Opera', re: /OPR\/([\d.]+)/, minimo: [97] },
  { nome: 'Samsung Internet', re: /SamsungBrowser\/([\d.]+)/, minimo: [22] },
  { nome: 'Mozilla Firefox', re: /(?:Firefox|FxiOS)\/([\d.]+)/, minimo: [114] },
  { nome: 'Chromium', re: /Chromium\/([\d.]+)/, minimo: [111] },
  { nome: 'Google Chrome', re: /(?:Chrome|CriOS)\/([\d.]+)/, minimo: [111] },
  { nome: 'Safari', re: /Version\/([\d.]+).*Safari\//, minimo: [16, 4] },
  { nome: 'Internet Explorer', re: /(?:MSIE |Trident\/.*rv:)([\d.]+)/, minimo: null },
];

function atende(versao: string, minimo: number[]): boolean {
  const partes = versao.split('.').map(Number);
  for (let i = 0; i < minimo.length; i++) {
    const v = partes[i] ?? 0;
    const m = minimo[i] ?? 0;
    if (v !== m) return v > m;
  }
  return true;
}

export function detectarNavegador(ua: string): Deteccao {
  for (const r of REGRAS) {
    const versao = ua.match(r.re)?.[1];
    if (versao) return { nome: r.nome, versao, suportado: r.minimo !== null && atende(versao, r.minimo) };
  }
  return { nome: 'Navegador não identificado', versao: null, suportado: false };
}
