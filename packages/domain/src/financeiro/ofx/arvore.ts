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
  if (!t.includes('&')) return t;
  return t.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (m, e: string) => {
    if (e[0] === '#') {
      const n = e[1] === 'x' || e[1] === 'X' ? Number.parseInt(e.slice(2), 16) : Number.parseInt(e.slice(1), 10);
      return n > 0 && n < 0x110000 ? String.fromCodePoint(n) : m;
    }
    return ENTIDADES[e.toLowerCase()] ?? m;
  });
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

/** A leaf's children: one shared empty list (a 50 000-line file has 350 000 leaves; only aggregates get their own). */
const SEM_FILHOS: No[] = Object.freeze([]) as unknown as No[];

const ehLetra = (c: number) => (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
const ehDoNome = (c: number) => ehLetra(c) || (c >= 48 && c <= 57) || c === 95 || c === 46;
const ehEspaco = (c: number) => c === 32 || (c >= 9 && c <= 13) || (c > 127 && /\s/.test(String.fromCharCode(c)));

/**
 * The tag scanner (a hand-written form of `<(/?)(name)\s*(/?)>|<![CDATA[…]]>|<[?!]…>`: no regex match arrays nor
 * substrings per tag, which were most of the reader's time and garbage on a 50 000-line file). A `<` that starts
 * none of these is text, as it was for the regex.
 */
class Varredor {
  inicio = 0;
  fim = 0;
  /** 0 element, 1 CDATA, 2 processing instruction or comment */
  tipo = 0;
  fecha = false;
  auto = false;
  nome = '';
  cdata = '';
  private readonly n: number;
  private readonly nomes = new Map<string, string>();

  constructor(private readonly t: string) {
    this.n = t.length;
  }

  /** The next tag from `de` (false: none left). */
  proxima(de: number): boolean {
    const t = this.t;
    for (let i = t.indexOf('<', de); i >= 0; i = t.indexOf('<', i + 1)) {
      const c = t.charCodeAt(i + 1);
      if (c === 47 || ehLetra(c)) {
        const fecha = c === 47;
        const j = fecha ? i + 2 : i + 1;
        if (!ehLetra(t.charCodeAt(j))) continue;
        let k = j + 1;
        while (k < this.n && ehDoNome(t.charCodeAt(k))) k++;
        let w = k;
        while (w < this.n && ehEspaco(t.charCodeAt(w))) w++;
        const auto = t.charCodeAt(w) === 47;
        if (auto) w++;
        if (t.charCodeAt(w) !== 62) continue;
        const bruto = t.slice(j, k);
        let nome = this.nomes.get(bruto);
        if (nome === undefined) {
          nome = bruto.toUpperCase();
          this.nomes.set(bruto, nome);
        }
        this.inicio = i;
        this.fim = w + 1;
        this.tipo = 0;
        this.fecha = fecha;
        this.auto = auto;
        this.nome = nome;
        return true;
      }
      if (c !== 33 && c !== 63) continue;
      if (c === 33 && t.startsWith('<![CDATA[', i)) {
        const e = t.indexOf(']]>', i + 9);
        if (e >= 0) {
          this.inicio = i;
          this.fim = e + 3;
          this.tipo = 1;
          this.cdata = t.slice(i + 9, e);
          return true;
        }
      }
      const e = t.indexOf('>', i + 2);
      if (e < 0) continue;
      this.inicio = i;
      this.fim = e + 1;
      this.tipo = 2;
      return true;
    }
    return false;
  }
}

/**
 * Reads the body from `<OFX>` on into a tree. `xml`: every element must be closed by its own tag (2.x);
 * otherwise a leaf may end at the next tag (1.x SGML) and a stray closing tag of an open ancestor closes the
 * elements above it.
 */
export function lerArvore(texto: string, xml: boolean): No {
  const inicio = texto.search(/<OFX>/i);
  if (inicio < 0) throw new ErroOfx('o arquivo não é um extrato OFX (não há o elemento <OFX>).');
  // the line of a position, counted forward as the tags come (each line break visited once)
  let linhaAtual = 1;
  let quebra = texto.indexOf('\n');
  const linhaDe = (pos: number) => {
    while (quebra >= 0 && quebra < pos) {
      linhaAtual++;
      quebra = texto.indexOf('\n', quebra + 1);
    }
    return linhaAtual;
  };
  const raiz: No = { nome: '#', linha: 1, filhos: [] };
  const pilha: No[] = [raiz];
  let pendente: No | undefined; // an opened element whose text is being read
  let textoPendente = '';
  let fechado = false;
  let ultimo = inicio;
  const fecharPendente = (comoFolha: boolean) => {
    if (!pendente) return;
    const v = decodificar(textoPendente).trim();
    if (comoFolha || v || (!xml && !ehAgregado(pendente.nome))) {
      pendente.valor = v;
      pilha[pilha.length - 1]!.filhos.push(pendente);
    } else {
      pendente.filhos = [];
      pilha[pilha.length - 1]!.filhos.push(pendente);
      pilha.push(pendente);
    }
    pendente = undefined;
    textoPendente = '';
  };
  const v = new Varredor(texto);
  while (v.proxima(ultimo)) {
    const antes = ultimo;
    ultimo = v.fim;
    if (fechado) {
      if (v.tipo === 0) throw new ErroOfx('há conteúdo depois do fim do extrato (</OFX>).', linhaDe(v.inicio));
      continue;
    }
    if (pendente) textoPendente += texto.slice(antes, v.inicio);
    else if (xml && texto.slice(antes, v.inicio).trim())
      throw new ErroOfx('texto fora de um elemento.', linhaDe(v.inicio));
    if (v.tipo === 1) {
      // CDATA: literal text of the pending leaf
      if (pendente) textoPendente += v.cdata.replace(/&/g, '&amp;');
      continue;
    }
    if (v.tipo === 2) continue; // a processing instruction or comment
    const nome = v.nome;
    const linha = linhaDe(v.inicio);
    if (v.fecha) {
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
    if (v.auto)
      pilha[pilha.length - 1]!.filhos.push({ nome, linha, valor: '', filhos: SEM_FILHOS }); // <TAG/>
    else pendente = { nome, linha, filhos: SEM_FILHOS };
  }
  if (pendente) fecharPendente(false);
  if (!fechado) {
    const aberto = pilha[pilha.length - 1];
    throw new ErroOfx(
      `o arquivo está incompleto: termina sem fechar ${aberto && aberto !== raiz ? `<${aberto.nome}>` : 'o extrato'}.`,
      linhaDe(texto.length + 1),
    );
  }
  const ofx = raiz.filhos.find((n) => n.nome === 'OFX');
  if (!ofx) throw new ErroOfx('o arquivo não é um extrato OFX.');
  return ofx;
}

/**
 * The shallowest descendant named `nome` (the first at its depth): a statement's LEDGERBAL, after its 50 000
 * transactions, is found among the statement's own children without walking every transaction.
 */
export function achar(no: No, nome: string): No | undefined {
  let nivel = no.filhos;
  while (nivel.length) {
    const achado = nivel.find((f) => f.nome === nome);
    if (achado) return achado;
    nivel = nivel.flatMap((f) => f.filhos);
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
