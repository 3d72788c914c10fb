/**
 * Pure rules of a stock adjustment: one line per product (duplicados.ts), the operation must be the
 * type's, the observation when the type demands it, a cost only on entries of a type that affects the
 * average, quantities within the unit's decimals, no future date. Each returns the field errors it
 * finds (empty: accepted).
 */
import { type FalhaDeCampo, falhaDeCampo } from '../../contrato';
import { Decimal } from '../../decimal';
import { politicaDuplicados } from '../duplicados';
import type { TipoMovimento } from '../movimento/contrato';
import type { EntradaAjusteEstoque, OperacaoAjuste } from './contrato';
import { MSG_AJUSTE } from './mensagens';

export interface TipoDeAjusteLido {
  tipo: OperacaoAjuste;
  exigeObservacao: boolean;
  afetaCustoMedio: boolean;
}

/** The movement type an adjustment posts. */
export function tipoDoMovimento(operacao: OperacaoAjuste): TipoMovimento {
  return operacao === 'ENTRADA' ? 'AJUSTE_ENTRADA' : 'AJUSTE_SAIDA';
}

/** Header rules: operation vs type, observation, date not after the store's today. */
export function falhasDoCabecalho(
  entrada: Pick<EntradaAjusteEstoque, 'tipoDeOperacao' | 'observacao' | 'dataDaMovimentacao'>,
  tipo: TipoDeAjusteLido,
  hoje: string,
): FalhaDeCampo[] {
  const falhas: FalhaDeCampo[] = [];
  if (entrada.tipoDeOperacao !== tipo.tipo)
    falhas.push(falhaDeCampo('tipoDeOperacao', MSG_AJUSTE.operacaoDiverge(tipo.tipo)));
  if (tipo.exigeObservacao && !entrada.observacao?.trim())
    falhas.push(falhaDeCampo('observacao', MSG_AJUSTE.observacaoExigida));
  if (entrada.dataDaMovimentacao > hoje) falhas.push(falhaDeCampo('dataDaMovimentacao', MSG_AJUSTE.dataFutura(hoje)));
  return falhas;
}

/** The decimals a unit allows: none unless it is fractional. */
export function casasPermitidas(unidade: { permiteFracionamento: boolean; casasDecimais: number } | null): number {
  return unidade?.permiteFracionamento ? unidade.casasDecimais : 0;
}

export interface ProdutoLido {
  id: number;
  ativo: boolean;
  sigla: string;
  casas: number;
}

/** Item rules (field `itens.<i>.<campo>`); `produtos` holds the products found in the tenant. */
export function falhasDosItens(
  itens: EntradaAjusteEstoque['itens'],
  operacao: OperacaoAjuste,
  tipo: TipoDeAjusteLido,
  produtos: ReadonlyMap<number, ProdutoLido>,
): FalhaDeCampo[] {
  // a product on two lines: the adjustment's policy (duplicados.ts: refused, named per line)
  const falhas: FalhaDeCampo[] = politicaDuplicados('ajuste', itens).falhas;
  for (const [i, item] of itens.entries()) {
    const p = produtos.get(item.produtoId);
    if (!p) {
      falhas.push(falhaDeCampo(`itens.${i}.produtoId`, MSG_AJUSTE.produtoNaoEncontrado(item.produtoId)));
      continue;
    }
    if (!p.ativo) falhas.push(falhaDeCampo(`itens.${i}.produtoId`, MSG_AJUSTE.produtoInativo(item.produtoId)));
    if (Decimal.de(item.quantidade).casasUsadas() > p.casas)
      falhas.push(falhaDeCampo(`itens.${i}.quantidade`, MSG_AJUSTE.casasDaUnidade(p.sigla, p.casas)));
    if (item.custoUnitario != null) {
      if (operacao === 'SAIDA') falhas.push(falhaDeCampo(`itens.${i}.custoUnitario`, MSG_AJUSTE.custoEmSaida));
      else if (!tipo.afetaCustoMedio) falhas.push(falhaDeCampo(`itens.${i}.custoUnitario`, MSG_AJUSTE.custoSemEfeito));
    }
  }
  return falhas;
}
