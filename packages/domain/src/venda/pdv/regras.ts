/**
 * Pure rules of the POS sales upload: the totals a cupom must add up to (TOTAL_DIVERGENTE), the stock a
 * cupom moves, and its content's canonical text (the same key with other content is CUPOM_DUPLICADO).
 */
import { Decimal } from '../../decimal';
import type { CupomPdv } from './contrato';

const CENTAVO = Decimal.de('0.01');
const brl = (d: Decimal) => `R$ ${d.texto(2).replace('.', ',')}`;

/** Why the cupom's totals do not add up, or undefined (items − discounts + surcharges; payments − change). */
export function divergenciaDoCupom(c: CupomPdv): string | undefined {
  let itens = Decimal.de(0);
  for (const i of c.itensVenda) {
    if (i.cancelado) continue;
    const calculado = Decimal.de(i.quantidadeVenda)
      .vezes(i.valorUnidade)
      .menos(i.valorDesconto)
      .mais(i.valorAcrescimo)
      .arredondar(2);
    // the POS rounds each line its own way: a cent of tolerance per line, never more
    if (calculado.menos(i.valorTotal).abs().comparar(CENTAVO) > 0)
      return `Item ${i.sequencia}: quantidade × valor − desconto + acréscimo (${brl(calculado)}) difere do total do item (${brl(Decimal.de(i.valorTotal))}).`;
    itens = itens.mais(i.valorTotal);
  }
  if (c.cancelada) return undefined;
  if (!itens.igual(c.valor))
    return `Itens menos descontos mais acréscimos (${brl(itens)}) diferem do total do cupom (${brl(Decimal.de(c.valor))}).`;
  if (!c.finalizacoes.length) return undefined;
  const pagos = c.finalizacoes.reduce((s, f) => s.mais(f.valor).menos(f.troco), Decimal.de(0));
  if (!pagos.igual(c.valor))
    return `Pagamentos menos troco (${brl(pagos)}) diferem do total do cupom (${brl(Decimal.de(c.valor))}).`;
  return undefined;
}

/** The stock a cupom moves per item (signed, in stock units: quantity × the code's pack factor). */
export function quantidadeEstoque(c: Pick<CupomPdv, 'tipo'>, quantidade: string, fator: string): string {
  const q = Decimal.de(quantidade).vezes(fator);
  return (c.tipo === 'DEVOLUCAO' ? q : q.negativo()).texto();
}

/** The cupom's content as one stable text (keys sorted), for its digest. */
export function conteudoCanonico(c: CupomPdv): string {
  const ordenar = (v: unknown): unknown =>
    Array.isArray(v)
      ? v.map(ordenar)
      : v && typeof v === 'object'
        ? Object.fromEntries(
            Object.keys(v)
              .sort()
              .map((k) => [k, ordenar((v as Record<string, unknown>)[k])]),
          )
        : v;
  // the XML may be re-signed or re-sent: the sale's content is what decides a duplicate
  // fields added later count only when sent: a sale received before them keeps its digest (a resend is DUPLICADO)
  const { nfce, lojaDestinoId, itensVenda, ...resto } = c;
  const itens = itensVenda.map(({ foiVendidoEmOferta, ...i }) =>
    foiVendidoEmOferta === null ? i : { ...i, foiVendidoEmOferta },
  );
  return JSON.stringify(
    ordenar({
      ...resto,
      itensVenda: itens,
      ...(lojaDestinoId === null ? {} : { lojaDestinoId }),
      chave: nfce?.chave ?? null,
    }),
  );
}
