/**
 * Plano de pagamento (domain.md §2.1): the parcel grid, its money and its checks, as pure functions the
 * register hook, the screen's preview and the POS read alike. Percentages have 2 places and the grid adds
 * up to exactly 100.00 %; money is `Decimal`, never a float.
 */
import { type FalhaDeCampo, falhaDeCampo } from '../contrato';
import { Decimal, dec, somar } from '../decimal';
import { formatarDecimal } from '../formato';
import { somarDias } from '../tempo';

export const OPERACOES_PLANO = ['COMPRA', 'VENDA'] as const;
export type OperacaoPlano = (typeof OPERACOES_PLANO)[number];

/** tipoPagamento → NFC-e `tPag` (MOC). */
export const TPAG_DO_TIPO = {
  DINHEIRO: '01',
  CHEQUE: '02',
  CARTAO_CREDITO: '03',
  CARTAO_DEBITO: '04',
  CREDIARIO: '05',
  VALE: '12',
  BOLETO: '15',
  PIX: '17',
  OUTROS: '99',
} as const;
export type TipoPagamentoPlano = keyof typeof TPAG_DO_TIPO;
export const TIPOS_CARTAO: readonly string[] = ['CARTAO_CREDITO', 'CARTAO_DEBITO'];

export interface Parcela {
  numero: number;
  dias: number;
  /** 2 places, as text ("33.33") */
  percentual: string;
}

export interface GradeParametros {
  quantidadeParcelas: number;
  diasPrimeiraParcela: number;
  intervaloDias: number;
  /** the entry (parcel 0, due on day 0), when there is one */
  percentualEntrada?: string | null;
}

const CEM = dec('100');
const pct = (v: Decimal) => v.texto(2);

/** `base` % split in `n` equal parts of 2 places, rounded down; the last part takes the rounding. */
function dividirPercentual(base: Decimal, n: number): Decimal[] {
  const parte = base.divididoPor(dec(n), 2, 'DOWN');
  return Array.from({ length: n }, (_, i) => (i < n - 1 ? parte : base.menos(parte.vezes(dec(n - 1)))));
}

/** The grid a plan's quantidade / dias da primeira / intervalo (and entrada) generate. */
export function gerarParcelas(p: GradeParametros): Parcela[] {
  const entrada = p.percentualEntrada ? dec(p.percentualEntrada) : undefined;
  const restante = entrada ? CEM.menos(entrada) : CEM;
  const partes = dividirPercentual(restante, p.quantidadeParcelas);
  const parcelas = partes.map((percentual, i) => ({
    numero: i + 1,
    dias: p.diasPrimeiraParcela + i * p.intervaloDias,
    percentual: pct(percentual),
  }));
  return entrada ? [{ numero: 0, dias: 0, percentual: pct(entrada) }, ...parcelas] : parcelas;
}

/** The sum of the grid's percentages. */
export const somaPercentuais = (parcelas: readonly Pick<Parcela, 'percentual'>[]): Decimal =>
  somar(parcelas.map((x) => x.percentual));

/** Whether the grid after the entry is the equal split (then the money splits equally too: 333,33 × 3). */
function divisaoIgual(parcelas: readonly Parcela[]): boolean {
  const sem = parcelas.filter((x) => x.numero > 0);
  if (!sem.length) return false;
  const esperadas = dividirPercentual(somaPercentuais(sem), sem.length);
  return sem.every((x, i) => dec(x.percentual).igual(esperadas[i]!));
}

/**
 * The value of each parcel of `total`: every parcel but the last rounded down to the cent, the last takes
 * the rounding, so they add up to the total to the cent and none is negative. An equal grid splits the
 * money equally (R$ 1.000,00 em 3x: 333,33 + 333,33 + 333,34), not by its 2-place percentages (333,30).
 */
export function valoresDasParcelas(total: Decimal | string, parcelas: readonly Parcela[]): Decimal[] {
  const t = dec(total).arredondar(2);
  if (!parcelas.length) return [];
  const entrada = parcelas.find((x) => x.numero === 0);
  const valorEntrada = entrada ? t.vezes(entrada.percentual).divididoPor(CEM, 2, 'DOWN') : undefined;
  let valores: Decimal[];
  if (divisaoIgual(parcelas)) {
    const resto = valorEntrada ? t.menos(valorEntrada) : t;
    const n = parcelas.length - (entrada ? 1 : 0);
    const parte = resto.divididoPor(dec(n), 2, 'DOWN');
    const iguais = Array.from({ length: n }, (_, i) => (i < n - 1 ? parte : resto.menos(parte.vezes(dec(n - 1)))));
    valores = valorEntrada ? [valorEntrada, ...iguais] : iguais;
  } else {
    const antes = parcelas.slice(0, -1).map((x) => t.vezes(x.percentual).divididoPor(CEM, 2, 'DOWN'));
    valores = [...antes, t.menos(somar(antes))];
  }
  return valores.map((v) => v.arredondar(2));
}

/** Due dates of each parcel from a store-local base date (YYYY-MM-DD). */
export const vencimentos = (base: string, parcelas: readonly Parcela[]): string[] =>
  parcelas.map((x) => somarDias(base, x.dias));

const ddMM = (data: string) => `${data.slice(8, 10)}/${data.slice(5, 7)}`;

/** The preview under the grid: "R$ 1.000,00 em 3x: 333,33 + 333,33 + 333,34, vencimentos 27/12, 26/01, 25/02". */
export function previaDoPlano(total: string, base: string, parcelas: readonly Parcela[]): string {
  const valores = valoresDasParcelas(total, parcelas);
  const entrada = parcelas.some((x) => x.numero === 0);
  const n = parcelas.length - (entrada ? 1 : 0);
  const partes = valores.map((v) => formatarDecimal(v.texto(2)));
  const lista = entrada ? `entrada ${partes[0]} + ${partes.slice(1).join(' + ')}` : partes.join(' + ');
  return `R$ ${formatarDecimal(dec(total).texto(2))} em ${n}x: ${lista}, vencimentos ${vencimentos(base, parcelas)
    .map(ddMM)
    .join(', ')}`;
}

export interface CamposPlano {
  operacao?: unknown;
  tipoPagamento?: unknown;
  quantidadeParcelas?: unknown;
  possuiEntrada?: unknown;
  percentualEntrada?: unknown;
  parcelas?: unknown;
  percentualAcrescimo?: unknown;
  percentualDesconto?: unknown;
  jurosMensal?: unknown;
  multa?: unknown;
  agenteFinanceiroId?: unknown;
  taxaAdministracao?: unknown;
  prazoRecebimentoDias?: unknown;
  disponivelPdv?: unknown;
}

const positivo = (v: unknown) => typeof v === 'string' && Decimal.valido(v) && dec(v).sinal() > 0;

/** The grid: one parcel per number (0 = entry, then 1..quantidade), due dates in order, 100.00 % exactly. */
export function errosDaGrade(m: CamposPlano): FalhaDeCampo[] {
  const parcelas = (Array.isArray(m.parcelas) ? m.parcelas : []) as Parcela[];
  const n = Number(m.quantidadeParcelas);
  if (!parcelas.length) return [falhaDeCampo('parcelas', 'gere ou informe as parcelas do plano.')];
  const esperados = [...(m.possuiEntrada ? [0] : []), ...Array.from({ length: n }, (_, i) => i + 1)];
  const numeros = parcelas.map((x) => x.numero);
  if (numeros.join() !== esperados.join())
    return [
      falhaDeCampo(
        'parcelas',
        `a grade deve ter ${m.possuiEntrada ? 'a entrada (parcela 0) e ' : ''}as parcelas 1 a ${n}, em ordem (gere a grade de novo).`,
      ),
    ];
  const erros: FalhaDeCampo[] = [];
  parcelas.forEach((x, i) => {
    if (i > 0 && x.dias < parcelas[i - 1]!.dias)
      erros.push(falhaDeCampo(`parcelas[${i}].dias`, 'os vencimentos devem vir em ordem (dias crescentes).'));
  });
  const soma = somaPercentuais(parcelas);
  if (!soma.igual(CEM)) {
    const dif = formatarDecimal(CEM.menos(soma).abs().texto(2));
    const falta = soma.comparar(CEM) < 0;
    erros.push(
      falhaDeCampo(
        'parcelas',
        `a soma dos percentuais é ${formatarDecimal(soma.texto(2))} %: ${falta ? `faltam ${dif} %` : `passa ${dif} %`} ${falta ? 'para' : 'de'} 100,00 %.`,
      ),
    );
  }
  const entrada = parcelas.find((x) => x.numero === 0);
  if (entrada && typeof m.percentualEntrada === 'string' && !dec(entrada.percentual).igual(m.percentualEntrada))
    erros.push(falhaDeCampo('percentualEntrada', 'deve ser o percentual da parcela 0 (entrada) da grade.'));
  return erros;
}

/** The plan's rules across fields (the grid's, the card's, the sale-only terms). */
export function errosPlanoPagamento(m: CamposPlano): FalhaDeCampo[] {
  const erros: FalhaDeCampo[] = [];
  if (m.possuiEntrada && !positivo(m.percentualEntrada))
    erros.push(falhaDeCampo('percentualEntrada', 'informe o percentual da entrada.'));
  if (!m.possuiEntrada && m.percentualEntrada != null)
    erros.push(falhaDeCampo('percentualEntrada', 'só se informa com entrada.'));
  if (m.possuiEntrada && Number(m.quantidadeParcelas) < 1)
    erros.push(falhaDeCampo('quantidadeParcelas', 'informe as parcelas após a entrada.'));
  if (!erros.length) erros.push(...errosDaGrade(m));
  if (TIPOS_CARTAO.includes(String(m.tipoPagamento)) && m.agenteFinanceiroId == null)
    erros.push(falhaDeCampo('agenteFinanceiroId', 'informe a adquirente dos cartões.'));
  if (m.operacao !== 'VENDA') {
    for (const campo of ['percentualAcrescimo', 'percentualDesconto', 'jurosMensal', 'multa'] as const)
      if (positivo(m[campo])) erros.push(falhaDeCampo(campo, 'só vale para planos de venda.'));
    if (m.disponivelPdv) erros.push(falhaDeCampo('disponivelPdv', 'só planos de venda são oferecidos no PDV.'));
  }
  if (positivo(m.percentualAcrescimo) && positivo(m.percentualDesconto))
    erros.push(falhaDeCampo('percentualDesconto', 'informe acréscimo ou desconto, não os dois.'));
  return erros;
}

export interface CamposCondicao {
  maxParcelas?: unknown;
  vigenciaInicio?: unknown;
  vigenciaFim?: unknown;
}

/** A store condition: the vigência in order, at most the plan's parcels. */
export function errosCondicaoPagamentoLoja(c: CamposCondicao, quantidadePlano?: number): FalhaDeCampo[] {
  const erros: FalhaDeCampo[] = [];
  if (typeof c.vigenciaFim === 'string' && typeof c.vigenciaInicio === 'string' && c.vigenciaFim < c.vigenciaInicio)
    erros.push(falhaDeCampo('vigenciaFim', 'deve ser igual ou posterior ao início da vigência.'));
  if (quantidadePlano !== undefined && typeof c.maxParcelas === 'number' && c.maxParcelas > quantidadePlano)
    erros.push(falhaDeCampo('maxParcelas', `o plano tem ${quantidadePlano} parcela(s).`));
  return erros;
}
