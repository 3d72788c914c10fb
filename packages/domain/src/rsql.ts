/**
 * A small, strict RSQL/FIQL parser for the `q` list filter (api-compat.md): `;` AND, `,` OR,
 * parentheses, == != =gt= =ge= =lt= =le= =in=(..) =out=(..) (and < <= > >=), `*` wildcards,
 * quoted values, whitespace around operators, URL-encoded or not. It only builds an AST:
 * turning it into SQL (with a field whitelist) is the caller's job.
 */
export type RsqlOperator = '==' | '!=' | '=gt=' | '=ge=' | '=lt=' | '=le=' | '=in=' | '=out=';

export interface RsqlComparison {
  type: 'comparison';
  selector: string;
  operator: RsqlOperator;
  /** Unquoted `null` is kept as `null` so `campo==null` can mean IS NULL. */
  values: (string | null)[];
}

export interface RsqlLogical {
  type: 'and' | 'or';
  children: RsqlNode[];
}

export type RsqlNode = RsqlComparison | RsqlLogical;

export class RsqlError extends Error {}

export const RSQL_LIMITS = { maxLength: 4000, maxDepth: 12, maxComparisons: 100, maxValues: 500 } as const;

const OPERATORS: Record<string, RsqlOperator> = {
  '==': '==',
  '!=': '!=',
  '=gt=': '=gt=',
  '=ge=': '=ge=',
  '=lt=': '=lt=',
  '=le=': '=le=',
  '=in=': '=in=',
  '=out=': '=out=',
  '>': '=gt=',
  '>=': '=ge=',
  '<': '=lt=',
  '<=': '=le=',
};
const SELECTOR = /^[A-Za-z_][A-Za-z0-9_.]*/;
// an unquoted value stops at these; inner spaces are kept (the UI sends `nome==*Bela Vida*`)
const VALUE_STOP = new Set([';', ',', '(', ')', '"', "'", '=', '!', '<', '>']);

/** Some clients encode the query twice or send it raw: decode once more when it still looks encoded. */
function normalise(input: string): string {
  if (!/%[0-9A-Fa-f]{2}/.test(input)) return input;
  try {
    return decodeURIComponent(input);
  } catch {
    return input;
  }
}

class Parser {
  private pos = 0;
  private comparisons = 0;

  constructor(private readonly s: string) {}

  parse(): RsqlNode {
    this.ws();
    const node = this.or(0);
    this.ws();
    if (this.pos < this.s.length) this.fail(`caractere inesperado '${this.s[this.pos]}'`);
    return node;
  }

  private fail(what: string): never {
    throw new RsqlError(`Filtro (q) inválido na posição ${this.pos + 1}: ${what}.`);
  }

  private ws(): void {
    while (this.pos < this.s.length && /\s/.test(this.s[this.pos]!)) this.pos++;
  }

  private or(depth: number): RsqlNode {
    const children = [this.and(depth)];
    while (this.peek(',')) {
      this.pos++;
      this.ws();
      children.push(this.and(depth));
    }
    return children.length === 1 ? children[0]! : { type: 'or', children };
  }

  private and(depth: number): RsqlNode {
    const children = [this.constraint(depth)];
    while (this.peek(';')) {
      this.pos++;
      this.ws();
      if (this.pos >= this.s.length) break; // tolerate a trailing ';'
      children.push(this.constraint(depth));
    }
    return children.length === 1 ? children[0]! : { type: 'and', children };
  }

  private peek(ch: string): boolean {
    this.ws();
    return this.s[this.pos] === ch;
  }

  private constraint(depth: number): RsqlNode {
    if (depth > RSQL_LIMITS.maxDepth) this.fail('parênteses aninhados demais');
    if (this.peek('(')) {
      this.pos++;
      this.ws();
      const inner = this.or(depth + 1);
      if (!this.peek(')')) this.fail("')' esperado");
      this.pos++;
      this.ws();
      return inner;
    }
    return this.comparison();
  }

  private comparison(): RsqlComparison {
    const m = SELECTOR.exec(this.s.slice(this.pos));
    if (!m) this.fail('nome de campo esperado');
    const selector = m[0];
    this.pos += selector.length;
    this.ws();
    const operator = this.operator();
    this.ws();
    if (++this.comparisons > RSQL_LIMITS.maxComparisons) this.fail('condições demais');
    const values: (string | null)[] = [];
    if (this.s[this.pos] === '(') {
      this.pos++;
      do {
        this.ws();
        values.push(this.value());
        this.ws();
      } while (this.s[this.pos] === ',' && ++this.pos);
      if (this.s[this.pos] !== ')') this.fail("')' esperado ao fim da lista de valores");
      this.pos++;
      if (values.length > RSQL_LIMITS.maxValues) this.fail('valores demais na lista');
    } else {
      values.push(this.value());
    }
    const multi = operator === '=in=' || operator === '=out=';
    if (!multi && values.length !== 1) this.fail(`o operador ${operator} aceita um único valor`);
    this.ws();
    return { type: 'comparison', selector, operator, values };
  }

  private operator(): RsqlOperator {
    const rest = this.s.slice(this.pos);
    const fiql = /^=[a-z]*=/i.exec(rest) ?? /^(==|!=|>=|<=|>|<)/.exec(rest);
    const op = fiql ? OPERATORS[fiql[0].toLowerCase()] : undefined;
    if (!fiql || !op) this.fail(fiql ? `operador desconhecido '${fiql[0]}'` : 'operador esperado');
    this.pos += fiql[0].length;
    return op;
  }

  private value(): string | null {
    const q = this.s[this.pos];
    if (q === '"' || q === "'") return this.quoted(q);
    const start = this.pos;
    while (this.pos < this.s.length && !VALUE_STOP.has(this.s[this.pos]!)) this.pos++;
    const raw = this.s.slice(start, this.pos).trim();
    if (!raw) this.fail('valor esperado');
    return raw === 'null' ? null : raw;
  }

  private quoted(q: string): string {
    this.pos++;
    let out = '';
    while (this.pos < this.s.length && this.s[this.pos] !== q) {
      if (this.s[this.pos] === '\\' && this.pos + 1 < this.s.length) this.pos++;
      out += this.s[this.pos++];
    }
    if (this.s[this.pos] !== q) this.fail('aspas não fechadas');
    this.pos++;
    return out;
  }
}

/** Parses a `q` filter; empty or blank input gives `undefined` (no filter). Throws RsqlError. */
export function parseRsql(input: string | undefined | null): RsqlNode | undefined {
  if (input === undefined || input === null) return undefined;
  if (input.length > RSQL_LIMITS.maxLength) throw new RsqlError('Filtro (q) longo demais.');
  const s = normalise(input).trim();
  if (!s) return undefined;
  return new Parser(s).parse();
}

/** Every comparison of a tree, in order (for validation and tests). */
export function rsqlComparisons(node: RsqlNode | undefined): RsqlComparison[] {
  if (!node) return [];
  return node.type === 'comparison' ? [node] : node.children.flatMap(rsqlComparisons);
}
