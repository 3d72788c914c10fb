/**
 * Pure rules of the product's prices. Margin is the margin ON THE SALE PRICE, as the catalogue's
 * `margemPreco` is read by back-office users ("quanto do preço é lucro"):
 *   margem = (preço − custo) / preço × 100      preço = custo / (1 − margem/100)
 * (the catalogue, domain.md, names the field but not the formula; markup = (preço − custo)/custo is
 * not used). Money has 2 places (rounded half up, like a price tag), margins 4 (the column's scale).
 */
import { type FalhaDeCampo, falhaDeCampo } from '../../contrato';
import { Decimal } from '../../decimal';
import { gtinValido } from '../../registers/codigos';
import type { CodigoDoProduto, PrecoDoProduto } from './contrato';
import { MSG_CADASTRO_PRODUTO as MSG } from './mensagens';

const CEM = Decimal.de('100');

const dec = (v: string | null | undefined) => (v == null || v === '' ? null : Decimal.de(v));

/** Margin on price (%), 4 places; null without a positive price or a cost. */
export function margemDoPreco(preco: string | null | undefined, custo: string | null | undefined): string | null {
  const p = dec(preco);
  const c = dec(custo);
  if (!p || !c || p.sinal() <= 0) return null;
  return p.menos(c).vezes(CEM).divididoPor(p, 4, 'HALF_UP').texto(4);
}

/** Sale price for a margin on price (%), 2 places; null without a cost or with a margin of 100% or more. */
export function precoPelaMargem(custo: string | null | undefined, margem: string | null | undefined): string | null {
  const c = dec(custo);
  const m = dec(margem);
  if (!c || !m || m.comparar(CEM) >= 0) return null;
  return c.vezes(CEM).divididoPor(CEM.menos(m), 2, 'HALF_UP').texto(2);
}

/**
 * One price row, as it will be saved: the price from the margin when only the margin came, the
 * margin from the price otherwise. Returns the row completed and its field errors (`precos.<i>.<campo>`).
 */
export function completarPreco(linha: PrecoDoProduto, i: number): { linha: PrecoDoProduto; falhas: FalhaDeCampo[] } {
  const p = `precos.${i}`;
  const falhas: FalhaDeCampo[] = [];
  const l = { ...linha };
  if (l.precoVenda1 == null && l.margemPreco1 != null) {
    if (l.custoReposicao == null) falhas.push(falhaDeCampo(`${p}.margemPreco1`, MSG.margemSemCusto));
    else if (Decimal.de(l.margemPreco1).comparar(CEM) >= 0)
      falhas.push(falhaDeCampo(`${p}.margemPreco1`, MSG.margemInvalida));
    else l.precoVenda1 = precoPelaMargem(l.custoReposicao, l.margemPreco1);
  } else l.margemPreco1 = margemDoPreco(l.precoVenda1, l.custoReposicao);
  falhas.push(...falhasDoPreco(l, i));
  return { linha: l, falhas };
}

/** Offer below the sale price and within a period; prices 2 and 3 with their minimum quantities. */
export function falhasDoPreco(l: PrecoDoProduto, i: number): FalhaDeCampo[] {
  const p = `precos.${i}`;
  const falhas: FalhaDeCampo[] = [];
  const oferta = dec(l.precoOferta1);
  if (oferta) {
    const venda = dec(l.precoVenda1);
    if (!venda) falhas.push(falhaDeCampo(`${p}.precoVenda1`, MSG.ofertaSemPreco(1)));
    else if (oferta.comparar(venda) >= 0) falhas.push(falhaDeCampo(`${p}.precoOferta1`, MSG.ofertaNaoMenor(1)));
    if (!l.inicioOferta || !l.fimOferta)
      falhas.push(falhaDeCampo(`${p}.${l.inicioOferta ? 'fimOferta' : 'inicioOferta'}`, MSG.ofertaSemPeriodo));
    else if (l.fimOferta < l.inicioOferta) falhas.push(falhaDeCampo(`${p}.fimOferta`, MSG.periodoInvertido));
  }
  const q2 = dec(l.quantidadeMinimaPreco2);
  const q3 = dec(l.quantidadeMinimaPreco3);
  if (dec(l.precoVenda2) && (!q2 || q2.comparar('1') <= 0))
    falhas.push(falhaDeCampo(`${p}.quantidadeMinimaPreco2`, MSG.quantidadeMinima(2)));
  if (dec(l.precoVenda3) && (!q3 || q3.comparar('1') <= 0))
    falhas.push(falhaDeCampo(`${p}.quantidadeMinimaPreco3`, MSG.quantidadeMinima(3)));
  else if (dec(l.precoVenda3) && q2 && q3 && q3.comparar(q2) <= 0)
    falhas.push(falhaDeCampo(`${p}.quantidadeMinimaPreco3`, MSG.quantidade3MaiorQue2));
  return falhas;
}

/** Stores listed once; "Todas as lojas" at most once (explicit stores win over it). */
export function falhasDasLojasDePreco(linhas: readonly Pick<PrecoDoProduto, 'lojaId'>[]): FalhaDeCampo[] {
  const vistas = new Set<number | null>();
  const falhas: FalhaDeCampo[] = [];
  linhas.forEach((l, i) => {
    if (vistas.has(l.lojaId))
      falhas.push(
        falhaDeCampo(`precos.${i}.lojaId`, l.lojaId == null ? MSG.todasRepetida : MSG.lojaRepetida(l.lojaId)),
      );
    vistas.add(l.lojaId);
  });
  return falhas;
}

/** Barcodes: each once; an EAN with its GTIN check digit. */
export function falhasDosCodigos(codigos: readonly CodigoDoProduto[]): FalhaDeCampo[] {
  const vistos = new Set<string>();
  const falhas: FalhaDeCampo[] = [];
  codigos.forEach((c, i) => {
    if (vistos.has(c.id)) falhas.push(falhaDeCampo(`codigosAuxiliares.${i}.id`, MSG.codigoRepetido(c.id)));
    vistos.add(c.id);
    if (c.tipo === 'EAN' && !gtinValido(c.id)) falhas.push(falhaDeCampo(`codigosAuxiliares.${i}.id`, MSG.eanInvalido));
  });
  return falhas;
}

/**
 * "Todas as lojas" expanded: one row per store of `lojas` not listed on its own (a store's own row
 * wins). Each row keeps the index of the row it came from, for its errors.
 */
export function expandirLojas(
  linhas: readonly PrecoDoProduto[],
  lojas: readonly number[],
): { linha: PrecoDoProduto & { lojaId: number }; origem: number }[] {
  const proprias = new Set(linhas.map((l) => l.lojaId).filter((l): l is number => l != null));
  return linhas.flatMap((l, origem) =>
    l.lojaId != null
      ? [{ linha: { ...l, lojaId: l.lojaId }, origem }]
      : lojas.filter((id) => !proprias.has(id)).map((id) => ({ linha: { ...l, lojaId: id }, origem })),
  );
}
