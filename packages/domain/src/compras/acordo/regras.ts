/**
 * Pure rules of commercial agreements (domain §8): the status transitions as one table, and the apuração —
 * what the supplier owes from the base (sell-in: purchases received; sell-out: sales) per store and month.
 * Decimal arithmetic only; the same lines give the same result whatever their order (reproducible).
 */
import { Decimal } from '../../decimal';

export const STATUS_ACORDO = [
  'RASCUNHO',
  'VIGENTE',
  'EM_APURACAO',
  'A_RECEBER',
  'RECEBIDO_PARCIAL',
  'RECEBIDO',
  'CANCELADO',
  'VENCIDO',
] as const;
export type StatusAcordo = (typeof STATUS_ACORDO)[number];
export const ROTULO_STATUS_ACORDO: Record<StatusAcordo, string> = {
  RASCUNHO: 'Rascunho',
  VIGENTE: 'Vigente',
  EM_APURACAO: 'Em apuração',
  A_RECEBER: 'A receber',
  RECEBIDO_PARCIAL: 'Recebido parcial',
  RECEBIDO: 'Recebido',
  CANCELADO: 'Cancelado',
  VENCIDO: 'Vencido',
};

export const BASES_ACORDO = ['SELL_IN', 'SELL_OUT'] as const;
export type BaseAcordo = (typeof BASES_ACORDO)[number];
export const ROTULO_BASE_ACORDO: Record<BaseAcordo, string> = {
  SELL_IN: 'Sell-in (compras recebidas)',
  SELL_OUT: 'Sell-out (vendas)',
};

/** PERCENTUAL of the base value; VALOR_POR_UNIDADE of the base quantity; VALOR_FIXO: the total itself. */
export const FORMAS_VALOR_ACORDO = ['PERCENTUAL', 'VALOR_POR_UNIDADE', 'VALOR_FIXO'] as const;
export type FormaValorAcordo = (typeof FORMAS_VALOR_ACORDO)[number];
export const ROTULO_FORMA_VALOR: Record<FormaValorAcordo, string> = {
  PERCENTUAL: '% sobre o valor',
  VALOR_POR_UNIDADE: 'R$ por unidade',
  VALOR_FIXO: 'Valor fixo (R$)',
};

/** A tier's goal is measured in value (R$) or in quantity (units) of the base. */
export const METAS_ACORDO = ['VALOR', 'QUANTIDADE'] as const;
export type MetaAcordo = (typeof METAS_ACORDO)[number];

export const ESCOPOS_ACORDO = ['LINHA_FORNECEDOR', 'SECOES', 'MARCAS', 'PRODUTOS'] as const;
export type EscopoAcordo = (typeof ESCOPOS_ACORDO)[number];
export const ROTULO_ESCOPO_ACORDO: Record<EscopoAcordo, string> = {
  LINHA_FORNECEDOR: 'Toda a linha do fornecedor',
  SECOES: 'Seções',
  MARCAS: 'Marcas',
  PRODUTOS: 'Produtos',
};

export const FORMAS_RECEBIMENTO_ACORDO = [
  'ABATIMENTO_TITULO',
  'DEPOSITO',
  'BONIFICACAO_MERCADORIA',
  'BOLETO_FORNECEDOR',
] as const;
export type FormaRecebimentoAcordo = (typeof FORMAS_RECEBIMENTO_ACORDO)[number];
export const ROTULO_FORMA_RECEBIMENTO: Record<FormaRecebimentoAcordo, string> = {
  ABATIMENTO_TITULO: 'Abatimento em título a pagar',
  DEPOSITO: 'Depósito',
  BONIFICACAO_MERCADORIA: 'Bonificação em mercadoria',
  BOLETO_FORNECEDOR: 'Boleto contra o fornecedor',
};

/** The kind's formaApuracao (tipos de acordo) gives the agreement's defaults: base and form of value. */
export function padraoDoTipo(formaApuracao: string): { base: BaseAcordo; formaValor: FormaValorAcordo } {
  switch (formaApuracao) {
    case 'PERCENTUAL_VENDAS':
      return { base: 'SELL_OUT', formaValor: 'PERCENTUAL' };
    case 'VALOR_POR_UNIDADE_VENDIDA':
      return { base: 'SELL_OUT', formaValor: 'VALOR_POR_UNIDADE' };
    case 'VALOR_POR_UNIDADE_COMPRADA':
      return { base: 'SELL_IN', formaValor: 'VALOR_POR_UNIDADE' };
    case 'VALOR_FIXO':
      return { base: 'SELL_IN', formaValor: 'VALOR_FIXO' };
    default:
      return { base: 'SELL_IN', formaValor: 'PERCENTUAL' };
  }
}

export type AcaoAcordo = 'editar' | 'aprovar' | 'apurar' | 'receber' | 'cancelar' | 'vencer';

/**
 * From → the actions it accepts. The status after `apurar` and `receber` depends on the period and the
 * balance (`statusAposApuracao`, `statusAposRecebimento`); anything absent is refused (409). Values are
 * locked after RECEBIDO; an agreement with receipts is no longer cancelled (the money came in).
 */
export const TRANSICOES_ACORDO: Readonly<Record<StatusAcordo, readonly AcaoAcordo[]>> = {
  RASCUNHO: ['editar', 'aprovar', 'cancelar'],
  VIGENTE: ['editar', 'apurar', 'cancelar'],
  EM_APURACAO: ['apurar', 'cancelar'],
  A_RECEBER: ['apurar', 'receber', 'cancelar', 'vencer'],
  RECEBIDO_PARCIAL: ['apurar', 'receber', 'vencer'],
  VENCIDO: ['apurar', 'receber'],
  RECEBIDO: [],
  CANCELADO: [],
};

const ROTULO_ACAO: Record<AcaoAcordo, string> = {
  editar: 'alterado',
  aprovar: 'aprovado',
  apurar: 'apurado',
  receber: 'recebido',
  cancelar: 'cancelado',
  vencer: 'vencido',
};

export function podeAcordo(de: StatusAcordo, acao: AcaoAcordo): { ok: true } | { falha: string } {
  if (TRANSICOES_ACORDO[de].includes(acao)) return { ok: true };
  const extra = acao === 'cancelar' && de === 'RECEBIDO_PARCIAL' ? ': já há recebimentos registrados' : '';
  return { falha: `Um acordo ${ROTULO_STATUS_ACORDO[de].toLowerCase()} não pode ser ${ROTULO_ACAO[acao]}${extra}.` };
}

/**
 * After an apuração: during the period it stays EM_APURACAO (a partial figure); once the period has ended the
 * amount is final: A_RECEBER, or what the receipts already say (VENCIDO stays while a balance is past due).
 */
export function statusAposApuracao(o: {
  periodoEncerrado: boolean;
  apurado: string;
  recebido: string;
  vencido: boolean;
}): StatusAcordo {
  if (!o.periodoEncerrado) return 'EM_APURACAO';
  const saldo = Decimal.de(o.apurado).menos(o.recebido);
  if (saldo.sinal() <= 0) return Decimal.de(o.recebido).ehZero() ? 'A_RECEBER' : 'RECEBIDO';
  if (o.vencido) return 'VENCIDO';
  return Decimal.de(o.recebido).ehZero() ? 'A_RECEBER' : 'RECEBIDO_PARCIAL';
}

/** A receipt of `valor` against the balance: refused above it; RECEBIDO when it closes the balance. */
export function aplicarRecebimento(o: {
  apurado: string;
  recebido: string;
  valor: string;
}): { falha: string } | { recebido: string; saldo: string; status: 'RECEBIDO' | 'RECEBIDO_PARCIAL' } {
  const saldo = Decimal.de(o.apurado).menos(o.recebido);
  if (Decimal.de(o.valor).comparar(saldo) > 0)
    return { falha: `o valor (${fmt(o.valor)}) é maior que o saldo a receber do acordo (${fmt(saldo.texto(2))}).` };
  const recebido = Decimal.de(o.recebido).mais(o.valor);
  const resta = Decimal.de(o.apurado).menos(recebido);
  return {
    recebido: recebido.texto(2),
    saldo: resta.texto(2),
    status: resta.ehZero() ? 'RECEBIDO' : 'RECEBIDO_PARCIAL',
  };
}

const fmt = (v: string) => `R$ ${Decimal.de(v).texto(2).replace('.', ',')}`;

/** One line the apuração used: a store, a month (YYYY-MM-01) and a product, with quantity and value. */
export interface LinhaBaseAcordo {
  lojaId: number;
  mes: string;
  produtoId: number;
  quantidade: string;
  valor: string;
}

export interface FaixaAcordo {
  /** the goal in the tier's measure (R$ or units of the base) */
  meta: string;
  /** the rate (%, R$ per unit) or, for VALOR_FIXO, the total the tier is worth */
  valor: string;
}

export interface ParametrosApuracao {
  formaValor: FormaValorAcordo;
  /** the rate (or the fixed total) when no tier is reached (may be 0: a goal-only rappel) */
  valor: string;
  metaTipo: MetaAcordo;
  faixas: readonly FaixaAcordo[];
  /**
   * where a fixed total is booked when the period had no base at all (the first store, the first month):
   * a "verba de inauguração" is owed whether or not anything was bought
   */
  semBase?: { lojaId: number; mes: string };
}

export interface ApuracaoLojaMes {
  lojaId: number;
  mes: string;
  baseValor: string;
  baseQuantidade: string;
  valorApurado: string;
}

export interface ResultadoApuracao {
  baseValor: string;
  baseQuantidade: string;
  /** 1-based index of the tier reached, or null */
  faixaAtingida: number | null;
  /** the rate or total applied */
  valorAplicado: string;
  valorApurado: string;
  porLojaMes: ApuracaoLojaMes[];
}

/** The highest tier whose goal the achieved measure reaches (tiers in any order), else null. */
export function faixaAtingida(faixas: readonly FaixaAcordo[], atingido: Decimal): number | null {
  let melhor: number | null = null;
  faixas.forEach((f, i) => {
    if (atingido.comparar(f.meta) >= 0 && (melhor === null || Decimal.de(f.meta).comparar(faixas[melhor]!.meta) > 0))
      melhor = i;
  });
  return melhor === null ? null : melhor + 1;
}

/**
 * The apuração: the lines summed per store and month (sorted, so any order of input gives the same result),
 * the tier chosen on the whole agreement's achievement, then each store-month's share — percent of its value
 * or R$ per unit, each rounded to cents half-up (the total is the sum of the shares, so the parts always add
 * up); a fixed total is spread by value share, cents down, the remainder to the largest share (first in
 * store-month order on a tie).
 */
export function apurarAcordo(p: ParametrosApuracao, linhas: readonly LinhaBaseAcordo[]): ResultadoApuracao {
  const grupos = new Map<string, { lojaId: number; mes: string; valor: Decimal; quantidade: Decimal }>();
  for (const l of linhas) {
    const k = `${String(l.lojaId).padStart(10, '0')}|${l.mes}`;
    const g = grupos.get(k) ?? { lojaId: l.lojaId, mes: l.mes, valor: Decimal.de('0'), quantidade: Decimal.de('0') };
    g.valor = g.valor.mais(l.valor);
    g.quantidade = g.quantidade.mais(l.quantidade);
    grupos.set(k, g);
  }
  const ordem = [...grupos.keys()].sort().map((k) => grupos.get(k)!);
  if (!ordem.length && p.formaValor === 'VALOR_FIXO' && p.semBase)
    ordem.push({ ...p.semBase, valor: Decimal.de('0'), quantidade: Decimal.de('0') });
  let baseValor = Decimal.de('0');
  let baseQuantidade = Decimal.de('0');
  for (const g of ordem) {
    baseValor = baseValor.mais(g.valor);
    baseQuantidade = baseQuantidade.mais(g.quantidade);
  }
  const faixa = faixaAtingida(p.faixas, p.metaTipo === 'VALOR' ? baseValor : baseQuantidade);
  const aplicado = Decimal.de(faixa === null ? p.valor : p.faixas[faixa - 1]!.valor);
  let partes: Decimal[];
  if (p.formaValor === 'VALOR_FIXO')
    partes = ratear(
      aplicado,
      ordem.map((g) => g.valor),
      baseValor,
    );
  else
    partes = ordem.map((g) =>
      p.formaValor === 'PERCENTUAL'
        ? g.valor.vezes(aplicado).divididoPor('100', 2, 'HALF_UP')
        : g.quantidade.vezes(aplicado).arredondar(2, 'HALF_UP'),
    );
  let total = Decimal.de('0');
  for (const x of partes) total = total.mais(x);
  return {
    baseValor: baseValor.texto(2),
    baseQuantidade: baseQuantidade.texto(4),
    faixaAtingida: faixa,
    valorAplicado: aplicado.texto(4),
    valorApurado: total.texto(2),
    porLojaMes: ordem.map((g, i) => ({
      lojaId: g.lojaId,
      mes: g.mes,
      baseValor: g.valor.texto(2),
      baseQuantidade: g.quantidade.texto(4),
      valorApurado: partes[i]!.texto(2),
    })),
  };
}

/** A fixed total spread by share of value (a base of zero value: all of it on the first store-month). */
function ratear(total: Decimal, pesos: Decimal[], soma: Decimal): Decimal[] {
  if (!pesos.length) return [];
  if (soma.ehZero()) return pesos.map((_, i) => (i === 0 ? total.arredondar(2, 'HALF_UP') : Decimal.de('0')));
  const partes = pesos.map((w) => total.vezes(w).divididoPor(soma, 2, 'DOWN'));
  let usado = Decimal.de('0');
  for (const x of partes) usado = usado.mais(x);
  let maior = 0;
  pesos.forEach((w, i) => {
    if (w.comparar(pesos[maior]!) > 0) maior = i;
  });
  partes[maior] = partes[maior]!.mais(total.arredondar(2, 'HALF_UP').menos(usado));
  return partes;
}

/** Progress towards the next tier not yet reached (0–100, 1 decimal), or null when no tier is left. */
export function progressoDaMeta(faixas: readonly FaixaAcordo[], atingido: string): number | null {
  const a = Decimal.de(atingido);
  const proximas = faixas.filter((f) => a.comparar(f.meta) < 0).sort((x, y) => Decimal.de(x.meta).comparar(y.meta));
  const alvo = proximas[0];
  if (!alvo) return faixas.length ? 100 : null;
  if (Decimal.de(alvo.meta).ehZero()) return 100;
  return Number(a.vezes('100').divididoPor(alvo.meta, 1, 'DOWN').texto(1));
}
