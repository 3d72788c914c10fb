/**
 * Item lines of any document (issue #25.1): ONE validator for stock adjustments and transfers today, and
 * the orders, purchases, counts and POS uploads to come. A document kind declares its lines once
 * (`DeclaracaoDeLinhas`: duplicate policy, line bound, its messages); the caller hands the products the
 * lines name, read as a set (server: `produtosDasLinhas`, over the product-code resolver). The answer is
 * the lines as the document keeps them (codes resolved, pack factors applied, repeats merged when the
 * kind merges) and one field error per failing line, `itens.<i>.<campo>`, i the line as sent: the forms
 * put it on that line (web `mostrarErrosNosCampos`).
 */
import { type FalhaDeCampo, falhaDeCampo } from '../contrato';
import { Decimal } from '../decimal';
import { LIMITES_DECIMAL } from '../decimal/esquema';
import { aplicarPoliticaDuplicados, type PoliticaDuplicados } from './duplicados';
import { MSG_ITENS } from './mensagens';

/** A product as the lines need it: active in the store, its sale unit and the decimals it takes. */
export interface ProdutoDaLinha {
  id: number;
  ativo: boolean;
  sigla: string;
  casas: number;
}

/** A code read for a line (EAN, internal or auxiliary code): its product and how many units it counts. */
export interface CodigoDaLinha {
  produtoId: number | null;
  fator: string | null;
  /** why the code cannot be used (not found, inactive…), or null */
  motivo: string | null;
}

/** The products (and codes) the lines name, as one read answered them. */
export interface ProdutosDasLinhas {
  porId: ReadonlyMap<number, ProdutoDaLinha>;
  porCodigo?: ReadonlyMap<string, CodigoDaLinha>;
}

/** What a document kind says of its lines, once. */
export interface DeclaracaoDeLinhas {
  politica: PoliticaDuplicados;
  maxLinhas: number;
  /** a product on a second line under `recusar` */
  repetido: (produtoId: number) => string;
  muitasLinhas: string;
  /** money fields of a line (prices, totals): 2 decimals at most, not negative */
  dinheiro?: readonly string[];
}

/** A line as sent: a product id, or a code (a collector file, a POS upload) resolved here. */
export interface LinhaEnviada {
  produtoId?: number | null;
  codigo?: string | null;
  quantidade: string;
  custoUnitario?: string | null;
}

export type LinhaValidada<T> = Omit<T, 'produtoId'> & { produtoId: number; quantidade: string };

export interface OpcoesDeLinhas<T> {
  /** why this line may not carry a cost (an exit, a type that does not move the average), or null */
  custoRecusado?: (linha: T) => string | null;
}

/** The decimals a unit allows: none unless it is fractional. */
export function casasPermitidas(unidade: { permiteFracionamento: boolean; casasDecimais: number } | null): number {
  return unidade?.permiteFracionamento ? unidade.casasDecimais : 0;
}

/** Why a decimal field fails (not a number, negative, too many places), or null. */
function falhaDecimal(v: string, casas: number, positivo: boolean): string | null {
  if (!Decimal.valido(v)) return MSG_ITENS.numeroInvalido;
  const d = Decimal.de(v);
  if (positivo ? d.sinal() <= 0 : d.sinal() < 0) return positivo ? MSG_ITENS.quantidadePositiva : MSG_ITENS.negativo;
  if (d.casasUsadas() > casas) return MSG_ITENS.casas(casas);
  return null;
}

/**
 * Validates `itens` under the kind's declaration: at most `maxLinhas`; each line's product (or code)
 * known and active, its quantity > 0 within the unit's decimals (after the code's pack factor), its
 * cost ≥ 0 within the cost's places and allowed by `custoRecusado`, its money fields with 2 places; then
 * the duplicate policy. `falhas` empty: the document's lines are `itens`.
 */
export function validarLinhas<T extends LinhaEnviada>(
  declaracao: DeclaracaoDeLinhas,
  linhas: readonly T[],
  produtos: ProdutosDasLinhas,
  opcoes: OpcoesDeLinhas<T> = {},
): { itens: LinhaValidada<T>[]; falhas: FalhaDeCampo[] } {
  if (linhas.length > declaracao.maxLinhas)
    return { itens: [], falhas: [falhaDeCampo('itens', declaracao.muitasLinhas)] };
  const falhas: FalhaDeCampo[] = [];
  const lidas: LinhaValidada<T>[] = [];
  for (const [i, linha] of linhas.entries()) {
    const campo = (c: string) => `itens.${i}.${c}`;
    let produtoId = linha.produtoId ?? null;
    let quantidade = linha.quantidade;
    const q = falhaDecimal(quantidade, LIMITES_DECIMAL.quantidade.casas, true);
    if (q) falhas.push(falhaDeCampo(campo('quantidade'), q));
    if (produtoId === null) {
      const codigo = linha.codigo?.trim() ?? '';
      const achado = codigo ? produtos.porCodigo?.get(codigo) : undefined;
      if (!codigo) falhas.push(falhaDeCampo(campo('produtoId'), MSG_ITENS.semProduto));
      else if (!achado?.produtoId || achado.motivo)
        falhas.push(falhaDeCampo(campo('codigo'), MSG_ITENS.codigo(codigo, achado?.motivo ?? MSG_ITENS.naoEncontrado)));
      else {
        produtoId = achado.produtoId;
        if (!q && achado.fator) quantidade = Decimal.de(quantidade).vezes(achado.fator).texto();
      }
    }
    const p = produtoId === null ? undefined : produtos.porId.get(produtoId);
    if (produtoId !== null && !p)
      falhas.push(falhaDeCampo(campo('produtoId'), MSG_ITENS.produtoNaoEncontrado(produtoId)));
    if (p && !p.ativo) falhas.push(falhaDeCampo(campo('produtoId'), MSG_ITENS.produtoInativo(p.id)));
    if (p && !q && Decimal.de(quantidade).casasUsadas() > p.casas)
      falhas.push(falhaDeCampo(campo('quantidade'), MSG_ITENS.casasDaUnidade(p.sigla, p.casas)));
    if (linha.custoUnitario != null) {
      const c =
        falhaDecimal(linha.custoUnitario, LIMITES_DECIMAL.custoUnitario.casas, false) ??
        opcoes.custoRecusado?.(linha) ??
        null;
      if (c) falhas.push(falhaDeCampo(campo('custoUnitario'), c));
    }
    for (const nome of declaracao.dinheiro ?? []) {
      const v = (linha as Record<string, unknown>)[nome];
      const m = typeof v === 'string' ? falhaDecimal(v, LIMITES_DECIMAL.dinheiro.casas, false) : null;
      if (m) falhas.push(falhaDeCampo(campo(nome), m));
    }
    lidas.push({ ...linha, produtoId: produtoId ?? 0, quantidade });
  }
  // repeats are judged on the products the lines came to name (a code and an id of one product repeat)
  const r = aplicarPoliticaDuplicados(declaracao.politica, lidas, declaracao.repetido);
  falhas.push(...r.falhas);
  return { itens: r.itens, falhas: ordenar(falhas) };
}

/** Field errors in line order (the first lines first: a big document answers its first hundred). */
function ordenar(falhas: FalhaDeCampo[]): FalhaDeCampo[] {
  const linha = (f: FalhaDeCampo) => Number(/^itens\.(\d+)\./.exec(f.campo)?.[1] ?? -1);
  return falhas
    .map((f, k) => [f, k] as const)
    .sort((a, b) => linha(a[0]) - linha(b[0]) || a[1] - b[1])
    .map((x) => x[0]);
}
