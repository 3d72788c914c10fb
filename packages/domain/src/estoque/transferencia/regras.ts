/**
 * Pure rules of a stock transfer: distinct locations, unique products (the policy of duplicados.ts),
 * one company at both ends (the CNPJ root), locations of their stores and not the transit one,
 * quantities within the unit's decimals, and the receipt's check of what arrived against what was sent. Each returns the field errors it finds.
 */
import { type FalhaDeCampo, falhaDeCampo } from '../../contrato';
import { Decimal } from '../../decimal';
import type { ProdutoLido } from '../ajuste/regras';
import { validarLinhas } from '../../itens/linhas';
import { linhasDeEstoque, politicaDuplicados } from '../duplicados';
import { MSG_TRANSFERENCIA as MSG } from './mensagens';

/** The input's own rules (in the contract): origin and destination locations differ, products unique. */
export function falhasDaTransferencia(e: {
  localOrigemId: number;
  localDestinoId: number;
  itens: readonly { produtoId: number }[];
}): FalhaDeCampo[] {
  const falhas: FalhaDeCampo[] = [];
  if (e.localOrigemId === e.localDestinoId) falhas.push(falhaDeCampo('localDestinoId', MSG.mesmoLocal));
  return falhas.concat(politicaDuplicados('transferencia', e.itens).falhas);
}

/** The CNPJ root (8 first digits): stores of one company share it; another root is another company. */
export function raizCnpj(documento: string): string {
  return documento.replace(/\D/g, '').slice(0, 8);
}

export interface LojaLida {
  id: number;
  sigla: string;
  ativo: boolean;
  numeroDoDocumento: string;
}

/** Both stores active and of one company: between companies it is a sale and a purchase (an NF-e). */
export function falhasDasLojas(origem: LojaLida, destino: LojaLida): FalhaDeCampo[] {
  const falhas: FalhaDeCampo[] = [];
  if (!origem.ativo) falhas.push(falhaDeCampo('lojaOrigemId', MSG.lojaInativa));
  if (!destino.ativo) falhas.push(falhaDeCampo('lojaDestinoId', MSG.lojaInativa));
  if (raizCnpj(origem.numeroDoDocumento) !== raizCnpj(destino.numeroDoDocumento))
    falhas.push(falhaDeCampo('lojaDestinoId', MSG.outraEmpresa(origem.sigla, destino.sigla)));
  return falhas;
}

export interface LocalLido {
  id: number;
  lojaId: number;
  ativo: boolean;
  tipo: string;
}

/** A location of its store, active, and not a TRANSITO one (that one is the transfers' own). */
export function falhasDoLocal(campo: string, local: LocalLido | undefined, lojaId: number): FalhaDeCampo[] {
  if (!local) return [falhaDeCampo(campo, MSG.localNaoEncontrado)];
  if (local.lojaId !== lojaId) return [falhaDeCampo(campo, MSG.localDeOutraLoja)];
  const falhas: FalhaDeCampo[] = [];
  if (!local.ativo) falhas.push(falhaDeCampo(campo, MSG.localInativo));
  if (local.tipo === 'TRANSITO') falhas.push(falhaDeCampo(campo, MSG.localTransito));
  return falhas;
}

/** Items by the shared item-line validator (itens/linhas.ts) under the transfer's declaration. */
export function falhasDosItensTransferidos(
  itens: readonly { produtoId: number; quantidade: string }[],
  produtos: ReadonlyMap<number, ProdutoLido>,
): FalhaDeCampo[] {
  return validarLinhas(linhasDeEstoque('transferencia'), itens, { porId: produtos }).falhas;
}

/** "10.0000" → "10", "2.5000" → "2,5": a quantity as a message shows it. */
export function quantidadeCurta(v: string): string {
  const t = Decimal.de(v).texto();
  return (t.includes('.') ? t.replace(/0+$/, '').replace(/\.$/, '') : t).replace('.', ',');
}

export interface LinhaRecebida {
  produtoId: number;
  enviada: string;
  recebida: string;
  /** enviada − recebida (≥ 0) */
  diferenca: string;
}

/**
 * What arrived per item sent: the receipt's quantity, or the whole quantity for a product it does not list.
 * Refuses a product twice, a product not in the transfer and a quantity above the one sent (a surplus is not a transfer).
 */
export function conferirRecebimento(
  enviados: readonly { produtoId: number; quantidade: string }[],
  recebidos: readonly { produtoId: number; quantidadeRecebida: string }[],
  // a requisition's receipt names its own document
  msg: { produtoFora: (id: number) => string; recebidaMaior: (enviada: string) => string } = {
    produtoFora: MSG.produtoForaDaTransferencia,
    recebidaMaior: MSG.recebidaMaiorQueEnviada,
  },
): { linhas: LinhaRecebida[]; falhas: FalhaDeCampo[] } {
  const porProduto = new Map(enviados.map((e) => [e.produtoId, e.quantidade]));
  const falhas: FalhaDeCampo[] = politicaDuplicados('recebimento', recebidos).falhas;
  const informados = new Map<number, string>();
  const vistos = new Set<number>();
  for (const [i, r] of recebidos.entries()) {
    if (vistos.has(r.produtoId)) continue; // repeated: refused above
    vistos.add(r.produtoId);
    const enviada = porProduto.get(r.produtoId);
    if (enviada === undefined) falhas.push(falhaDeCampo(`itens.${i}.produtoId`, msg.produtoFora(r.produtoId)));
    else if (Decimal.de(r.quantidadeRecebida).comparar(enviada) > 0)
      falhas.push(falhaDeCampo(`itens.${i}.quantidadeRecebida`, msg.recebidaMaior(quantidadeCurta(enviada))));
    else informados.set(r.produtoId, r.quantidadeRecebida);
  }
  const linhas = enviados.map((e) => {
    const recebida = informados.get(e.produtoId) ?? e.quantidade;
    return {
      produtoId: e.produtoId,
      enviada: Decimal.de(e.quantidade).texto(4),
      recebida: Decimal.de(recebida).texto(4),
      diferenca: Decimal.de(e.quantidade).menos(recebida).texto(4),
    };
  });
  return { linhas, falhas };
}

/** The lines where less arrived than was sent. */
export const divergencias = (linhas: readonly LinhaRecebida[]): LinhaRecebida[] =>
  linhas.filter((l) => Decimal.de(l.diferenca).sinal() > 0);

/** The receipt's date: not before the sending, not after the destination's today. */
export function falhasDaDataDeRecebimento(data: string, envio: string, hoje: string): FalhaDeCampo[] {
  if (data < envio) return [falhaDeCampo('data', MSG.recebimentoAntesDoEnvio(envio))];
  if (data > hoje) return [falhaDeCampo('data', MSG.dataFutura(hoje))];
  return [];
}
