/**
 * Pure rules of a stock adjustment: the operation must be the type's, the observation when the type
 * demands it, no future date; its lines by the shared item-line validator (itens/linhas.ts: one line per
 * product, quantities within the unit's decimals) and a cost only on entries of a type that affects the average. Each returns the field errors it
 * finds (empty: accepted).
 */
import { type FalhaDeCampo, falhaDeCampo } from '../../contrato';
import { type ProdutoDaLinha, validarLinhas } from '../../itens/linhas';
import { linhasDeEstoque } from '../duplicados';
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

/** A product as an adjustment's lines read it (the item-line validator's). */
export type ProdutoLido = ProdutoDaLinha;

/**
 * Item rules (field `itens.<i>.<campo>`), the shared item-line validator's under the adjustment's
 * declaration, plus the cost: none on an exit, none when the type does not move the average.
 */
export function falhasDosItens(
  itens: EntradaAjusteEstoque['itens'],
  operacao: OperacaoAjuste,
  tipo: TipoDeAjusteLido,
  produtos: ReadonlyMap<number, ProdutoLido>,
): FalhaDeCampo[] {
  return validarLinhas(
    linhasDeEstoque('ajuste'),
    itens,
    { porId: produtos },
    {
      custoRecusado: () =>
        operacao === 'SAIDA' ? MSG_AJUSTE.custoEmSaida : tipo.afetaCustoMedio ? null : MSG_AJUSTE.custoSemEfeito,
    },
  ).falhas;
}
