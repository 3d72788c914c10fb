/**
 * The grid's line arithmetic, pure (tested without a browser): a product read again adds to its line
 * (a scanner's second read, a collector file's repeats), pt-BR quantity text both ways, and the unit's
 * decimals checked on the line by the domain's item-line messages before anything is sent.
 */
import { Decimal, MSG_ITENS } from '@retaguarda/domain';
import type { ItemDigitado, ProdutoDaGrade } from './tipos';

/** "1.234,5" → "1234.5" (an already dotted "1.5" stays). */
export function decimalDaTela(v: string): string {
  const t = v.trim();
  return t.includes(',') ? t.replace(/\./g, '').replace(',', '.') : t;
}

/** "1234.5" → "1234,5" (no thousands separator: the field is typed over). */
export function decimalParaTela(v: string): string {
  const t = Decimal.de(v).texto();
  return (t.includes('.') ? t.replace(/0+$/, '').replace(/\.$/, '') : t).replace('.', ',');
}

/**
 * `quantidade` (API text, already × the code's factor) of `produto` into the lines: added to the product's
 * line when it has one, else a new line. Answers the new lines and the index touched.
 */
export function somarProduto(
  itens: readonly ItemDigitado[],
  produto: Omit<ProdutoDaGrade, 'fator'>,
  quantidade: string,
): { itens: ItemDigitado[]; indice: number; nova: boolean } {
  const i = itens.findIndex((l) => l.produtoId === produto.id);
  if (i < 0) {
    const linha: ItemDigitado = {
      produtoId: produto.id,
      descricao: produto.descricao,
      codigo: produto.codigo,
      unidade: produto.unidade,
      casas: produto.casas,
      quantidade: decimalParaTela(quantidade),
      custoUnitario: '',
    };
    return { itens: [...itens, linha], indice: itens.length, nova: true };
  }
  const atual = decimalDaTela(itens[i]!.quantidade);
  const soma = Decimal.valido(atual) ? Decimal.de(atual).mais(quantidade).texto() : quantidade;
  const copia = [...itens];
  copia[i] = { ...itens[i]!, quantidade: decimalParaTela(soma) };
  return { itens: copia, indice: i, nova: false };
}

/** The lines whose quantity carries more decimals than its unit takes: `itens.<i>.quantidade` → message. */
export function errosDeCasas(itens: readonly ItemDigitado[]): Record<number, string> {
  const erros: Record<number, string> = {};
  itens.forEach((l, i) => {
    const q = decimalDaTela(l.quantidade);
    if (l.casas == null || !Decimal.valido(q)) return;
    if (Decimal.de(q).casasUsadas() > l.casas) erros[i] = MSG_ITENS.casasDaUnidade(l.unidade ?? 'UN', l.casas);
  });
  return erros;
}

/** Line count and the sum of quantities (and of quantity × cost where a cost is typed), as API text. */
export function totaisDasLinhas(itens: readonly ItemDigitado[]): { linhas: number; quantidade: string; custo: string } {
  let quantidade = Decimal.de('0');
  let custo = Decimal.de('0');
  for (const l of itens) {
    const q = decimalDaTela(l.quantidade);
    if (!Decimal.valido(q)) continue;
    quantidade = quantidade.mais(q);
    const c = decimalDaTela(l.custoUnitario);
    if (c && Decimal.valido(c)) custo = custo.mais(Decimal.de(q).vezes(c));
  }
  return { linhas: itens.length, quantidade: quantidade.texto(), custo: custo.arredondar(2).texto(2) };
}

/** The lines as the API takes them: decimals read from pt-BR, the cost only where one is typed and taken. */
export function linhasParaApi(
  itens: readonly ItemDigitado[],
  comCusto: boolean,
): { produtoId: number; quantidade: string; custoUnitario?: string }[] {
  return itens.map((i) => ({
    produtoId: i.produtoId,
    quantidade: decimalDaTela(i.quantidade),
    ...(comCusto && i.custoUnitario.trim() ? { custoUnitario: decimalDaTela(i.custoUnitario) } : {}),
  }));
}
