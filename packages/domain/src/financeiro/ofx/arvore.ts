/**
 * The tolerant tree reader under the OFX reader (domain §2.3): OFX 1.x SGML — leaf elements with or without
 * closing tags, aggregates always closed — and OFX 2.x XML (the same elements, every tag closed, a prolog and
 * processing instructions before the root). Banks send both; a file that does not close its root is
 * truncated. Each node keeps the line where it starts, so a refusal names it.
 */

export interface No {
  nome: string;
  linha: number;
  /** a leaf's text (entities decoded, trimmed); undefined for an aggregate */
  valor?: string;
  filhos: No[];
}

/** A refusal of the file, in Portuguese, naming the line where it can (the server answers 422). */
export class ErroOfx extends Error {
  constructor(
    mensagem: string,
    readonly linha?: number,
  ) {
    super(linha ? `Linha ${linha}: ${mensagem}` : mensagem);
    this.name = 'ErroOfx';
  }
}

const ENTIDADES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

function decodificar(t: string): string {
  return t.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (m, e: string) => {
    if (e[0] === '#') {
      const n = e[1] === 'x' || e[1] === 'X' ? Number.parseInt(e.slice(2), 16) : Number.parseInt(e.slice(1), 10);
      return n > 0 && n < 0x110000 ? String.fromCodePoint(n) : m;
    }
    return ENTIDADES[e.toLowerCase()] ?? m;
  });
}

/** The offsets where each line starts (for the line of a node). */
function inicioDasLinhas(texto: string): number[] {
  const r = [0];
  for (let i = texto.indexOf('\n'); i >= 0; i = texto.indexOf('\n', i + 1)) r.push(i + 1);
  return r;
}
function linhaDe(inicios: number[], pos: number): number {
  let lo = 0;
  let hi = inicios.length - 1;
  while (lo < hi) {
    const m = (lo + hi + 1) >> 1;
    if (inicios[m]! <= pos) lo = m;
    else hi = m - 1;
  }
  return lo + 1;
}

/**
 * OFX aggregates (they hold elements, never text): in SGML an element with no text is one of these, or an
 * empty leaf (`<MEMO>` with nothing after it) that must not swallow its siblings.
 */
const AGREGADOS = new Set([
  'OFX',
  'SIGNONMSGSRSV1',
  'SONRS',
  'STATUS',
  'FI',
  'BANKMSGSRSV1',
  'STMTTRNRS',
  'STMTRS',
  'BANKACCTFROM',
  'BANKACCTTO',
  'BANKTRANLIST',
  'STMTTRN',
  'LEDGERBAL',
  'AVAILBAL',
  'BALLIST',
  'BAL',
  'CURRENCY',
  'ORIGCURRENCY',
  'PAYEE',
  'CREDITCARDMSGSRSV1',
  'CCSTMTTRNRS',
  'CCSTMTRS',
  'CCACCTFROM',
  'CCACCTTO',
  'EXTDPAYEE',
]);
const ehAgregado = (nome: string) => AGREGADOS.has(nome) || /(RS|RQ|V1)$/.test(nome);

const TAG = /<(\/?)([A-Za-z][A-Za-z0-9_.]*)\s*(\/?)>|<!\[CDATA\[([\s\S]*?)\]\]>|<[?!][\s\S]*?>/g;

/**
 * Reads the body from `<OFX>` on into a tree. `xml`: every element must be closed by its own tag (2.x);
 * otherwise a leaf may end at the next tag (1.x SGML) and a stray closing tag of an open ancestor closes the
 * elements above it.
 */
export function lerArvore(texto: string, xml: boolean): No {
  const inicio = texto.search(/<OFX>/i);
  if (inicio < 0) throw new ErroOfx('o arquivo não é um extrato OFX (não há o elemento <OFX>).');
  const inicios = inicioDasLinhas(texto);
  const raiz: No = { nome: '#', linha: 1, filhos: [] };
  const pilha: No[] = [raiz];
  let pendente: No | undefined; // an opened element whose text is being read
  let textoPendente = '';
  let fechado = false;
  TAG.lastIndex = inicio;
  let ultimo = inicio;
  const fecharPendente = (comoFolha: boolean) => {
    if (!pendente) return;
    const v = decodificar(textoPendente).trim();
    if (comoFolha || v || (!xml && !ehAgregado(pendente.nome))) {
      pendente.valor = v;
      pilha[pilha.length - 1]!.filhos.push(pendente);
    } else {
      pilha[pilha.length - 1]!.filhos.push(pendente);
      pilha.push(pendente);
    }
    pendente = undefined;
    textoPendente = '';
  };
  for (let m = TAG.exec(texto); m; m = TAG.exec(texto)) {
    const entre = texto.slice(ultimo, m.index);
    ultimo = TAG.lastIndex;
    if (fechado) {
      if (m[2]) throw new ErroOfx('há conteúdo depois do fim do extrato (</OFX>).', linhaDe(inicios, m.index));
      continue;
    }
    if (pendente) textoPendente += entre;
    else if (entre.trim() && xml) throw new ErroOfx('texto fora de um elemento.', linhaDe(inicios, m.index));
    if (m[4] !== undefined) {
      // CDATA: literal text of the pending leaf
      if (pendente) textoPendente += m[4].replace(/&/g, '&amp;');
      continue;
    }
    if (!m[2]) continue; // a processing instruction or comment
    const nome = m[2].toUpperCase();
    const linha = linhaDe(inicios, m.index);
    if (m[1]) {
      // closing tag
      if (pendente && pendente.nome === nome) {
        fecharPendente(true);
        continue;
      }
      fecharPendente(false);
      const i = pilha.findLastIndex((n) => n.nome === nome);
      if (i <= 0) {
        if (xml) throw new ErroOfx(`</${nome}> fecha um elemento que não está aberto.`, linha);
        continue; // SGML: a stray closing tag of a leaf already ended
      }
      if (xml && i !== pilha.length - 1)
        throw new ErroOfx(`</${nome}> encontrado antes de </${pilha[pilha.length - 1]!.nome}>.`, linha);
      pilha.length = i;
      if (nome === 'OFX' && i === 1) fechado = true;
      continue;
    }
    fecharPendente(false);
    const no: No = { nome, linha, filhos: [] };
    if (m[3])
      pilha[pilha.length - 1]!.filhos.push({ ...no, valor: '' }); // <TAG/>
    else pendente = no;
  }
  if (pendente) fecharPendente(false);
  if (!fechado) {
    const aberto = pilha[pilha.length - 1];
    throw new ErroOfx(
      `o arquivo está incompleto: termina sem fechar ${aberto && aberto !== raiz ? `<${aberto.nome}>` : 'o extrato'}.`,
      inicios.length,
    );
  }
  const ofx = raiz.filhos.find((n) => n.nome === 'OFX');
  if (!ofx) throw new ErroOfx('o arquivo não é um extrato OFX.');
  return ofx;
}

/** The first descendant named `nome` (depth-first). */
export function achar(no: No, nome: string): No | undefined {
  for (const f of no.filhos) {
    if (f.nome === nome) return f;
    const a = achar(f, nome);
    if (a) return a;
  }
  return undefined;
}

/** Every descendant named `nome` (not below a match). */
export function todos(no: No, nome: string, out: No[] = []): No[] {
  for (const f of no.filhos) {
    if (f.nome === nome) out.push(f);
    else todos(f, nome, out);
  }
  return out;
}

/** A direct leaf's value (empty → undefined). */
export const valorDe = (no: No, nome: string): string | undefined => {
  const v = no.filhos.find((f) => f.nome === nome)?.valor;
  return v ? v : undefined;
};
