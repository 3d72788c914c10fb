/**
 * Brazilian display formats shared by the web screens and the server's reports (spec §5: comma
 * decimal, dot thousands, 'R$ ', dd/MM/yyyy). Decimals stay strings: formatting splits the digits,
 * it never goes through a binary float.
 */
const milhar = (inteiro: string) => inteiro.replace(/\B(?=(\d{3})+(?!\d))/g, '.');

function somarUm(digitos: string): string {
  const d = [...digitos].map(Number);
  for (let i = d.length - 1; i >= 0; i--) {
    if ((d[i] ?? 0) < 9) {
      d[i] = (d[i] ?? 0) + 1;
      return d.join('');
    }
    d[i] = 0;
  }
  return `1${d.join('')}`;
}

/** "1234.5" → "1.234,50" (scale digits, half-up); invalid text is returned as is. */
export function formatarDecimal(valor: string | number | null | undefined, escala = 2): string {
  if (valor === null || valor === undefined || valor === '') return '';
  const s = String(valor).trim();
  const m = /^(-?)(\d+)(?:\.(\d+))?$/.exec(s);
  if (!m) return s;
  const [, sinal = '', int = '0', frac = ''] = m;
  let digitos = `${int}${frac.padEnd(escala, '0').slice(0, escala)}`.replace(/^0+(?=\d)/, '');
  if (frac.length > escala && Number(frac[escala]) >= 5) digitos = somarUm(digitos);
  const todos = digitos.padStart(escala + 1, '0');
  const inteiro = todos.slice(0, todos.length - escala);
  const decimais = todos.slice(todos.length - escala);
  const zero = /^0*$/.test(todos);
  return `${sinal && !zero ? '-' : ''}${milhar(inteiro)}${escala > 0 ? `,${decimais}` : ''}`;
}

/** Money as the spec shows it: 'R$ 1.234,56' (a plain space, as the spec writes it). */
export function formatarDinheiro(valor: string | number | null | undefined): string {
  const f = formatarDecimal(valor, 2);
  if (!f) return '';
  return f.startsWith('-') ? `-R$ ${f.slice(1)}` : `R$ ${f}`;
}

/** ISO date (yyyy-MM-dd…) → dd/MM/yyyy. */
export function formatarData(valor: unknown): string {
  if (typeof valor !== 'string') return '';
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(valor);
  return m ? `${m[3]}/${m[2]}/${m[1]}` : valor;
}
