/**
 * Dashboard periods: store-local days (YYYY-MM-DD, inclusive). A preset is resolved on the viewer's stores' day;
 * every figure is shown with the previous period (same length, just before) and the same period a year before.
 */
import { umAnoAntes } from '../contrato';
import { somarDias } from '../tempo/zonas';

export const PERIODOS_PADRAO = [
  'HOJE',
  'ONTEM',
  'ULTIMOS_7_DIAS',
  'ULTIMOS_30_DIAS',
  'MES_ATUAL',
  'MES_ANTERIOR',
  'ANO_ATUAL',
] as const;
export type PeriodoPadrao = (typeof PERIODOS_PADRAO)[number];

export const ROTULO_PERIODO: Record<PeriodoPadrao, string> = {
  HOJE: 'Hoje',
  ONTEM: 'Ontem',
  ULTIMOS_7_DIAS: 'Últimos 7 dias',
  ULTIMOS_30_DIAS: 'Últimos 30 dias',
  MES_ATUAL: 'Mês atual',
  MES_ANTERIOR: 'Mês anterior',
  ANO_ATUAL: 'Ano atual',
};

/** The longest period a dashboard reads (a year and a day: a leap year's whole year fits). */
export const MAX_DIAS_DASHBOARD = 367;

export interface Periodo {
  inicio: string;
  fim: string;
}

const primeiroDoMes = (d: string) => `${d.slice(0, 7)}-01`;

/** The preset's days, ending on `hoje` (the store-local today) or before it. */
export function resolverPeriodo(p: PeriodoPadrao, hoje: string): Periodo {
  switch (p) {
    case 'HOJE':
      return { inicio: hoje, fim: hoje };
    case 'ONTEM': {
      const ontem = somarDias(hoje, -1);
      return { inicio: ontem, fim: ontem };
    }
    case 'ULTIMOS_7_DIAS':
      return { inicio: somarDias(hoje, -6), fim: hoje };
    case 'ULTIMOS_30_DIAS':
      return { inicio: somarDias(hoje, -29), fim: hoje };
    case 'MES_ATUAL':
      return { inicio: primeiroDoMes(hoje), fim: hoje };
    case 'MES_ANTERIOR': {
      const fim = somarDias(primeiroDoMes(hoje), -1);
      return { inicio: primeiroDoMes(fim), fim };
    }
    case 'ANO_ATUAL':
      return { inicio: `${hoje.slice(0, 4)}-01-01`, fim: hoje };
  }
}

/** Days from inicio to fim, both included. */
export function diasDoPeriodo(p: Periodo): number {
  return Math.round((Date.parse(`${p.fim}T00:00:00Z`) - Date.parse(`${p.inicio}T00:00:00Z`)) / 86_400_000) + 1;
}

/** The same number of days, ending the day before `inicio`. */
export function periodoAnterior(p: Periodo): Periodo {
  const fim = somarDias(p.inicio, -1);
  return { inicio: somarDias(fim, 1 - diasDoPeriodo(p)), fim };
}

export function mesmoPeriodoAnoAnterior(p: Periodo): Periodo {
  return { inicio: umAnoAntes(p.inicio), fim: umAnoAntes(p.fim) };
}

/** The three periods every figure is computed over. */
export function periodosComparados(p: Periodo): { atual: Periodo; anterior: Periodo; anoAnterior: Periodo } {
  return { atual: p, anterior: periodoAnterior(p), anoAnterior: mesmoPeriodoAnoAnterior(p) };
}

/**
 * A period split for the monthly roll-ups: whole calendar months inside it (read from the month table) and the
 * edge days outside them (read from the daily table). A period inside one month has only edge days.
 */
export function dividirEmMeses(p: Periodo): { meses: Periodo | null; dias: Periodo[] } {
  const inicioMes = p.inicio.endsWith('-01') ? p.inicio : primeiroDoMes(somarDias(`${p.inicio.slice(0, 7)}-28`, 5));
  const proximo = somarDias(p.fim, 1);
  const fimMes = proximo.endsWith('-01') ? p.fim : somarDias(primeiroDoMes(p.fim), -1);
  if (inicioMes > fimMes) return { meses: null, dias: [p] };
  const dias: Periodo[] = [];
  if (p.inicio < inicioMes) dias.push({ inicio: p.inicio, fim: somarDias(inicioMes, -1) });
  if (fimMes < p.fim) dias.push({ inicio: somarDias(fimMes, 1), fim: p.fim });
  return { meses: { inicio: inicioMes, fim: primeiroDoMes(fimMes) }, dias };
}
