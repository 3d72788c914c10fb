/**
 * Reader of the SPED "tabelas externas" files of the natureza da receita (4.3.10–4.3.16): pipe-
 * delimited text, one code a line — `código|descrição|[NCM…|]data início|[data fim]|` (ddmmaaaa or ISO
 * dates), an optional first header/version line, with or without the
 * leading and trailing pipe. Every line is checked; the errors name the line.
 */
export interface LinhaNatureza {
  codigo: string;
  descricao: string;
  ncm: string | null;
  dataInicio: string | null;
  dataFim: string | null;
}

export const MAX_LINHAS_NATUREZA = 20_000;
const MAX_ERROS = 20;

function data(campo: string): string | null | undefined {
  const s = campo.trim();
  const m = /^(\d{2})\/?(\d{2})\/?(\d{4})$/.exec(s) ?? /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  if (!m) return undefined;
  const [d, mo, y] = s.includes('-') ? [m[3]!, m[2]!, m[1]!] : [m[1]!, m[2]!, m[3]!];
  const dt = new Date(Date.UTC(Number(y), Number(mo) - 1, Number(d)));
  if (dt.getUTCDate() !== Number(d) || dt.getUTCMonth() !== Number(mo) - 1 || Number(y) < 1990) return null;
  return `${y}-${mo}-${d}`;
}

export function lerTabelaNatureza(texto: string): { linhas: LinhaNatureza[]; erros: string[] } {
  const linhas: LinhaNatureza[] = [];
  const erros: string[] = [];
  const vistos = new Set<string>();
  const brutas = texto.replace(/^\uFEFF/, '').split(/\r?\n/);
  if (brutas.length > MAX_LINHAS_NATUREZA + 1)
    return { linhas, erros: [`O arquivo tem mais de ${MAX_LINHAS_NATUREZA} linhas.`] };
  const erro = (n: number, m: string) => erros.push(`linha ${n}: ${m}`);
  for (const [i, bruta] of brutas.entries()) {
    const n = i + 1;
    if (!bruta.trim()) continue;
    let campos = bruta.split('|');
    if (bruta.trimStart().startsWith('|')) campos = campos.slice(1);
    if (bruta.trimEnd().endsWith('|')) campos = campos.slice(0, -1);
    const codigo = (campos[0] ?? '').trim();
    // the first line may be a header or the table's version
    if (
      linhas.length === 0 &&
      erros.length === 0 &&
      !/^\d{3}$/.test(codigo) &&
      n === brutas.findIndex((l) => l.trim()) + 1
    )
      continue;
    if (!/^\d{3}$/.test(codigo)) {
      erro(n, `código "${codigo.slice(0, 10)}" inválido: use 3 dígitos.`);
      continue;
    }
    const descricao = (campos[1] ?? '').trim();
    if (descricao.length < 2 || descricao.length > 2000) {
      erro(n, 'descrição ausente ou longa demais.');
      continue;
    }
    const resto = campos.slice(2);
    const datas = resto.map(data);
    if (datas.some((d) => d === null)) {
      erro(n, 'data inválida (use ddmmaaaa).');
      continue;
    }
    const ncm =
      resto
        .filter((_, k) => datas[k] === undefined)
        .map((c) => c.trim())
        .filter(Boolean)
        .join(' ') || null;
    if (ncm && ncm.length > 4000) {
      erro(n, 'coluna de NCM longa demais.');
      continue;
    }
    // the filled date columns, in order: start, then end (an open-ended code has no end)
    const [dataInicio = null, dataFim = null] = datas.filter((d): d is string => typeof d === 'string');
    if (dataInicio && dataFim && dataFim < dataInicio) {
      erro(n, 'a data final é anterior à inicial.');
      continue;
    }
    const chave = `${codigo}|${dataInicio ?? ''}`;
    if (vistos.has(chave)) {
      erro(n, `o código ${codigo} aparece mais de uma vez com o mesmo início de vigência.`);
      continue;
    }
    vistos.add(chave);
    linhas.push({ codigo, descricao, ncm, dataInicio, dataFim });
  }
  if (!linhas.length && !erros.length) erros.push('O arquivo não tem nenhum código.');
  if (erros.length > MAX_ERROS)
    return { linhas, erros: [...erros.slice(0, MAX_ERROS), `… e mais ${erros.length - MAX_ERROS} erro(s).`] };
  return { linhas, erros };
}
