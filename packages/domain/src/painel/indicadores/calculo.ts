/**
 * The indicators' arithmetic, pure and in Decimal: the server sums the aggregates per row and period (`SomaLinha`:
 * a numerator and, for a ratio, a denominator, as decimal text); this turns them into the figure, the totals of
 * the three periods and the variations. A ratio's total is Σ numerators ÷ Σ denominators, never a mean of ratios.
 */
import { Decimal } from '../../decimal';
import { somarDias } from '../../tempo/zonas';
import { diasDoPeriodo, type Periodo, periodosComparados } from '../periodos';
import { type ChaveIndicador, type DefinicaoIndicador, INDICADORES, type Unidade } from './catalogo';

/** The remainder row of a TOP (everything past the listed rows): counts in the totals, never listed. */
export const CHAVE_OUTROS = '*';

export interface SomaLinha {
  chave: string;
  rotulo: string;
  /** the figure for a sum; the numerator of a ratio */
  num: string;
  /** the denominator of a ratio (cupons, sales value, stock value) */
  den?: string;
}

export interface LinhaIndicador {
  chave: string;
  rotulo: string;
  atual: string | null;
  anterior: string | null;
  anoAnterior: string | null;
}

export interface ResultadoIndicador {
  indicador: ChaveIndicador;
  unidade: Unidade;
  periodo: Periodo;
  anterior: Periodo;
  anoAnterior: Periodo;
  total: LinhaIndicador & { variacaoAnterior: string | null; variacaoAnoAnterior: string | null };
  linhas: LinhaIndicador[];
}

type Formula = (num: Decimal, den: Decimal) => Decimal | null;
const Z = Decimal.de(0);
const razao =
  (casas: number): Formula =>
  (n, d) =>
    d.ehZero() ? null : n.divididoPor(d, casas, 'HALF_UP');

/** How each indicator turns its sums into its figure (sums are the figure itself). */
const FORMULAS: Partial<Record<ChaveIndicador, Formula>> = {
  TICKET_MEDIO: razao(2),
  ITENS_POR_CUPOM: razao(2),
  GIRO_ESTOQUE: razao(2),
  // num = sales, den = cost of the sales
  MARGEM_BRUTA: (v, c) => (v.ehZero() ? null : v.menos(c).vezes('100').divididoPor(v, 2, 'HALF_UP')),
};

const CASAS: Record<Unidade, number> = { DINHEIRO: 2, NUMERO: 0, QUANTIDADE: 2, PERCENTUAL: 2 };

export function valorDaLinha(c: ChaveIndicador, num: string, den: string | undefined): string | null {
  const f = FORMULAS[c];
  const n = Decimal.de(num);
  if (!f) return n.arredondar(CASAS[INDICADORES[c].unidade], 'HALF_UP').texto();
  const v = f(n, Decimal.de(den ?? '0'));
  return v === null ? null : v.texto();
}

/** (atual − base) ÷ |base| in %, 1 decimal; null without a base. */
export function variacao(atual: string | null, base: string | null): string | null {
  if (atual === null || base === null) return null;
  const b = Decimal.de(base);
  if (b.ehZero()) return null;
  return Decimal.de(atual).menos(b).vezes('100').divididoPor(b.abs(), 1, 'HALF_UP').texto();
}

function totalDe(c: ChaveIndicador, somas: readonly SomaLinha[]): string | null {
  const n = somas.reduce((s, x) => s.mais(x.num), Z);
  const d = somas.reduce((s, x) => s.mais(x.den ?? '0'), Z);
  return valorDaLinha(c, n.texto(), d.texto());
}

export interface SomasDosPeriodos {
  atual: readonly SomaLinha[];
  anterior: readonly SomaLinha[];
  anoAnterior: readonly SomaLinha[];
}

/**
 * The indicator over a period: its rows (a day series aligned by position — day i of each period —, else by key;
 * TOP rows cut at `limite` by the current figure) and the totals with their variations.
 */
export function calcularIndicador(
  def: DefinicaoIndicador,
  periodo: Periodo,
  somas: SomasDosPeriodos,
  limite?: number,
): ResultadoIndicador {
  const p = periodosComparados(periodo);
  const c = def.chave;
  const porChave = (s: readonly SomaLinha[]) => new Map(s.map((x) => [x.chave, x]));
  const valor = (x: SomaLinha | undefined) => (x ? valorDaLinha(c, x.num, x.den) : null);
  let linhas: LinhaIndicador[];
  if (def.linhas === 'DIAS') {
    const [a, b, y] = [porChave(somas.atual), porChave(somas.anterior), porChave(somas.anoAnterior)];
    linhas = Array.from({ length: diasDoPeriodo(periodo) }, (_, i) => {
      const dia = somarDias(p.atual.inicio, i);
      const zero = (s: SomaLinha | undefined) => valor(s) ?? (FORMULAS[c] ? null : '0.00');
      return {
        chave: dia,
        rotulo: dia,
        atual: zero(a.get(dia)),
        anterior: zero(b.get(somarDias(p.anterior.inicio, i))),
        anoAnterior: zero(y.get(somarDias(p.anoAnterior.inicio, i))),
      };
    });
  } else {
    const [b, y] = [porChave(somas.anterior), porChave(somas.anoAnterior)];
    linhas = somas.atual
      .filter((x) => x.chave !== CHAVE_OUTROS)
      .map((x) => ({
        chave: x.chave,
        rotulo: x.rotulo,
        atual: valor(x),
        anterior: valor(b.get(x.chave)),
        anoAnterior: valor(y.get(x.chave)),
      }));
    if (def.linhas === 'CATEGORIAS') {
      linhas.sort((l, m) => Decimal.de(m.atual ?? '0').comparar(l.atual ?? '0') || l.rotulo.localeCompare(m.rotulo));
      const corte = limite ?? def.limite;
      if (corte) linhas = linhas.slice(0, corte);
    }
  }
  const t = {
    atual: totalDe(c, somas.atual),
    anterior: totalDe(c, somas.anterior),
    anoAnterior: totalDe(c, somas.anoAnterior),
  };
  return {
    indicador: c,
    unidade: def.unidade,
    periodo: p.atual,
    anterior: p.anterior,
    anoAnterior: p.anoAnterior,
    total: {
      chave: 'TOTAL',
      rotulo: 'Total',
      ...t,
      variacaoAnterior: variacao(t.atual, t.anterior),
      variacaoAnoAnterior: variacao(t.atual, t.anoAnterior),
    },
    linhas,
  };
}
