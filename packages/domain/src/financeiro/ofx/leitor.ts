/**
 * The OFX statement reader (domain §2.3): OFX 1.x SGML (with or without closing tags; CHARSET 1252,
 * ISO-8859-1 or UTF-8) and OFX 2.x XML (prolog), comma decimals, dates with or without time, milliseconds or a
 * zone (`[-3:BRT]`: the date as the bank wrote it, the store-local date it meant), several statements per
 * file. Anything else is a Portuguese `ErroOfx` naming the line where it can; nothing else escapes.
 */
import { achar, ErroOfx, lerArvore, type No, todos, valorDe } from './arvore';

export { ErroOfx } from './arvore';

export interface LinhaOfx {
  /** the line of the file where the transaction starts */
  linha: number;
  fitId: string | null;
  /** TRNTYPE as sent (CREDIT, DEBIT, FEE, …) */
  tipoTransacao: string;
  /** YYYY-MM-DD */
  data: string;
  /** signed, 2 places: negative = débito */
  valor: string;
  descricao: string | null;
  numeroDocumento: string | null;
}

export interface ExtratoOfx {
  banco: string | null;
  agencia: string | null;
  conta: string;
  inicio: string | null;
  fim: string | null;
  /** LEDGERBAL */
  saldo: string | null;
  dataSaldo: string | null;
  linhas: LinhaOfx[];
}

export interface ArquivoOfx {
  versao: 1 | 2;
  /** DTSERVER's date: lines after it are future (kept out of matching until their date) */
  servidor: string | null;
  extratos: ExtratoOfx[];
}

/** Decodes the bytes with the charset the file declares (SGML header or XML prolog); UTF-8 else 1252. */
export function decodificarOfx(bytes: Uint8Array): string {
  const cabeca = new TextDecoder('latin1').decode(bytes.subarray(0, 1024));
  const charset = /CHARSET:\s*([\w-]+)/i.exec(cabeca)?.[1]?.toUpperCase();
  const encoding = /ENCODING\s*=\s*["']([\w-]+)["']/i.exec(cabeca)?.[1]?.toUpperCase();
  const sgmlEnc = /ENCODING:\s*([\w-]+)/i.exec(cabeca)?.[1]?.toUpperCase();
  const utf8 = encoding === 'UTF-8' || sgmlEnc === 'UTF-8' || charset === 'UTF-8' || charset === '65001';
  if (
    !utf8 &&
    (charset === '1252' || charset === 'WINDOWS-1252' || charset?.startsWith('ISO-8859') || charset === '8859-1')
  )
    return new TextDecoder('windows-1252').decode(bytes);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes).replace(/^\uFEFF/, '');
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

const DATA =
  /^(\d{4})(\d{2})(\d{2})(?:(\d{2})(\d{2})(?:(\d{2})(?:[.,]\d{1,3})?)?)?\s*(?:\[\s*[+-]?\d{1,2}(?:[.:]\d{2})?(?::\s*[A-Za-z]{1,6})?\s*\])?$/;

/** The valid date texts already read (a statement repeats the same few DTPOSTED thousands of times). */
const DATAS_LIDAS = new Map<string, string>();

/** `YYYYMMDD[HHMM[SS[.mmm]]][[±h:TZ]]` → YYYY-MM-DD as written (the bank's local date). */
export function lerDataOfx(texto: string, linha?: number, campo = 'data'): string {
  const lida = DATAS_LIDAS.get(texto);
  if (lida !== undefined) return lida;
  const m = DATA.exec(texto.trim());
  let ok = !!m;
  if (m) {
    const [a, mes, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
    const dt = new Date(Date.UTC(a, mes - 1, d));
    ok = a >= 1990 && a <= 2099 && dt.getUTCMonth() === mes - 1 && dt.getUTCDate() === d;
    if (m[4] !== undefined && (Number(m[4]) > 23 || Number(m[5]) > 59 || Number(m[6] ?? 0) > 59)) ok = false;
  }
  if (!ok || !m) throw new ErroOfx(`${campo} inválida: "${texto.slice(0, 30)}".`, linha);
  const r = `${m[1]}-${m[2]}-${m[3]}`;
  if (DATAS_LIDAS.size > 10_000) DATAS_LIDAS.clear();
  DATAS_LIDAS.set(texto, r);
  return r;
}

/**
 * An amount with a point or comma decimal (thousands separators tolerated: `1.234,56`), as signed text with 2
 * places; more than 2 decimal places that are not zeros is refused (a bank never sends fractions of a cent).
 */
/** The common forms (`-1234,5`, `1234.56`): no thousands separator, at most two places. */
const VALOR_SIMPLES = /^([+-]?)(\d{1,13})(?:[.,](\d{1,2}))?$/;

export function lerValorOfx(texto: string, linha?: number, campo = 'valor'): string {
  const s = VALOR_SIMPLES.exec(texto);
  if (s) {
    const inteiro = s[2]!.length > 1 ? s[2]!.replace(/^0+(?=\d)/, '') : s[2]!;
    const centavos = (s[3] ?? '').padEnd(2, '0');
    const zero = inteiro === '0' && centavos === '00';
    return `${s[1] === '-' && !zero ? '-' : ''}${inteiro}.${centavos}`;
  }
  let t = texto.trim().replace(/\s+/g, '');
  if (t.includes(',')) t = t.replace(/\./g, '').replace(',', '.');
  const m = /^([+-]?)(\d{1,13})(?:\.(\d*))?$/.exec(t) ?? /^([+-]?)()\.(\d+)$/.exec(t);
  if (!m) throw new ErroOfx(`${campo} inválido: "${texto.slice(0, 30)}".`, linha);
  const casas = (m[3] ?? '').replace(/0+$/, '');
  if (casas.length > 2) throw new ErroOfx(`${campo} com mais de duas casas decimais: "${texto.slice(0, 30)}".`, linha);
  const inteiro = (m[2] || '0').replace(/^0+(?=\d)/, '');
  const centavos = casas.padEnd(2, '0');
  const zero = /^0+$/.test(inteiro) && centavos === '00';
  return `${m[1] === '-' && !zero ? '-' : ''}${inteiro}.${centavos}`;
}

/** A transaction's leaves in one pass (the first of each name, empty → undefined, as `valorDe`). */
function folhas(t: No): Record<string, string | undefined> {
  const r: Record<string, string | undefined> = Object.create(null);
  for (const f of t.filhos) if (!(f.nome in r)) r[f.nome] = f.valor || undefined;
  return r;
}

function lerLinha(t: No): LinhaOfx | null {
  const v = folhas(t);
  const valorTexto = v.TRNAMT;
  const dataTexto = v.DTPOSTED;
  if (!valorTexto) throw new ErroOfx('transação sem valor (TRNAMT).', t.linha);
  if (!dataTexto) throw new ErroOfx('transação sem data (DTPOSTED).', t.linha);
  const valor = lerValorOfx(valorTexto, t.linha);
  if (/^-?0\.00$/.test(valor)) return null; // informative lines (zero) take no part in reconciliation
  const tipo = (v.TRNTYPE ?? 'OTHER').toUpperCase();
  const memo = v.MEMO;
  const nome = v.NAME ?? (memo === undefined ? valorDe(achar(t, 'PAYEE') ?? t, 'NAME') : undefined);
  const texto = memo ?? nome ?? '';
  return {
    linha: t.linha,
    fitId: v.FITID ?? null,
    tipoTransacao: tipo.slice(0, 20),
    data: lerDataOfx(dataTexto, t.linha, 'data da transação (DTPOSTED)'),
    valor,
    descricao: (/[^\S ]| {2}/.test(texto) ? texto.replace(/\s+/g, ' ') : texto).slice(0, 255) || null,
    numeroDocumento: (v.CHECKNUM ?? v.REFNUM ?? null)?.slice(0, 40) ?? null,
  };
}

function lerExtrato(s: No): ExtratoOfx {
  const conta = achar(s, 'BANKACCTFROM') ?? achar(s, 'CCACCTFROM');
  const acctId = conta && valorDe(conta, 'ACCTID');
  if (!conta || !acctId) throw new ErroOfx('extrato sem a conta (BANKACCTFROM/ACCTID).', s.linha);
  const lista = achar(s, 'BANKTRANLIST');
  const saldo = achar(s, 'LEDGERBAL');
  const data = (no: No | undefined, nome: string, rotulo: string) => {
    const v = no && valorDe(no, nome);
    return v ? lerDataOfx(v, no!.linha, rotulo) : null;
  };
  const saldoTexto = saldo && valorDe(saldo, 'BALAMT');
  return {
    banco: valorDe(conta, 'BANKID') ?? null,
    agencia: valorDe(conta, 'BRANCHID') ?? null,
    conta: acctId,
    inicio: data(lista, 'DTSTART', 'data inicial (DTSTART)'),
    fim: data(lista, 'DTEND', 'data final (DTEND)'),
    saldo: saldoTexto ? lerValorOfx(saldoTexto, saldo!.linha, 'saldo (BALAMT)') : null,
    dataSaldo: data(saldo, 'DTASOF', 'data do saldo (DTASOF)'),
    linhas: (lista ? todos(lista, 'STMTTRN') : []).map(lerLinha).filter((l): l is LinhaOfx => l !== null),
  };
}

/** Reads a whole file (bytes or already decoded text). */
export function lerOfx(entrada: Uint8Array | string): ArquivoOfx {
  const texto = typeof entrada === 'string' ? entrada : decodificarOfx(entrada);
  if (!texto.trim()) throw new ErroOfx('o arquivo está vazio.');
  const cabeca = texto.slice(0, Math.max(0, texto.search(/<OFX>/i)));
  const xml = /<\?xml/i.test(cabeca) || /<\?OFX/i.test(cabeca);
  if (!xml && !/OFXHEADER\s*:/i.test(cabeca) && !/^\s*$/.test(cabeca) && !/<OFX>/i.test(texto))
    throw new ErroOfx('o arquivo não é um extrato OFX.');
  const raiz = lerArvore(texto, xml);
  const sonrs = achar(raiz, 'SONRS');
  const dtServer = sonrs && valorDe(sonrs, 'DTSERVER');
  const extratos = [...todos(raiz, 'STMTRS'), ...todos(raiz, 'CCSTMTRS')].map(lerExtrato);
  if (!extratos.length) throw new ErroOfx('o arquivo não traz nenhum extrato (STMTRS).');
  return {
    versao: xml ? 2 : 1,
    servidor: dtServer ? lerDataOfx(dtServer, sonrs!.linha, 'data do servidor (DTSERVER)') : null,
    extratos,
  };
}

/**
 * Each line's identity within its account: FITID + date + amount + memo + its ordinal among otherwise
 * identical lines of the same statement (never its place in the file): two identical fee lines stay two, and a
 * re-import of the same file yields the same identities.
 */
export function identidadesDasLinhas(
  linhas: readonly Pick<LinhaOfx, 'fitId' | 'data' | 'valor' | 'descricao'>[],
): string[] {
  const vistos = new Map<string, number>();
  return linhas.map((l) => {
    const base = JSON.stringify([l.fitId ?? '', l.data, l.valor, l.descricao ?? '']);
    const n = (vistos.get(base) ?? 0) + 1;
    vistos.set(base, n);
    return `${base}#${n}`;
  });
}

const soDigitos = (t: string | null | undefined) => (t ?? '').replace(/\D/g, '').replace(/^0+/, '');

export interface ContaParaExtrato {
  id: number;
  codigoBanco: string | null;
  agencia: string | null;
  agenciaDigito: string | null;
  numeroConta: string | null;
  numeroContaDigito: string | null;
}

/**
 * The accounts a statement may be of: the same bank (COMPE) and account, comparing branch and account without
 * punctuation or leading zeros (the account with or without its check digit, or prefixed by the branch). None
 * or several: the user chooses.
 */
export function contasDoExtrato<C extends ContaParaExtrato>(
  e: Pick<ExtratoOfx, 'banco' | 'agencia' | 'conta'>,
  contas: readonly C[],
): C[] {
  const banco = soDigitos(e.banco);
  const acct = soDigitos(e.conta.toUpperCase().replace(/X$/, '0'));
  const ag = soDigitos(e.agencia);
  return contas.filter((c) => {
    if (!c.numeroConta || soDigitos(c.codigoBanco) !== banco) return false;
    const dv = (c.numeroContaDigito ?? '').toUpperCase().replace('X', '0');
    const agencias = [soDigitos(c.agencia), soDigitos(`${c.agencia ?? ''}${c.agenciaDigito ?? ''}`)];
    const formas = [soDigitos(c.numeroConta), soDigitos(c.numeroConta + dv)];
    const comAgencia = formas.flatMap((f) =>
      agencias.map((a) => soDigitos(a + f.padStart(c.numeroConta!.length, '0'))),
    );
    if (!formas.includes(acct) && !comAgencia.includes(acct)) return false;
    return !ag || agencias.includes(ag);
  });
}
