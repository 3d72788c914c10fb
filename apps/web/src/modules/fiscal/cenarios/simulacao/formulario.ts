/**
 * The simulator's form as typed (pt-BR: "1.234,56", dd/mm/aaaa) → the body of POST …/simular, and the
 * field errors the screen shows before asking the server (the server checks the same and more).
 */
import type { FormularioSimulacao, Modelo, TipoOperacao } from '@retaguarda/domain';

export interface CamposSimulacao {
  produtoId: number | null;
  lojaId: number | null;
  tipoOperacao: TipoOperacao;
  modelo: Modelo;
  ufDestino: string | null;
  /** dd/mm/aaaa or empty (today at the store) */
  data: string;
  /** R$, pt-BR, or empty (the store's price) */
  valor: string;
  quantidade: string;
}

export type ErrosSimulacao = Partial<Record<keyof CamposSimulacao, string>>;

/** "1.234,56" / "1234,56" / "1234.56" → "1234.56"; null when it is not a number. */
export function decimalDigitado(texto: string): string | null {
  const t = texto.trim().replace(/^R\$\s*/, '');
  if (!t) return null;
  const normal = t.includes(',') ? t.replace(/\./g, '').replace(',', '.') : t;
  return /^\d+(\.\d+)?$/.test(normal) ? normal : null;
}

/** dd/mm/aaaa → aaaa-mm-dd (an existing day), else null. */
export function dataDigitada(texto: string): string | null {
  const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(texto.trim());
  if (!m) return null;
  const iso = `${m[3]}-${m[2]}-${m[1]}`;
  const d = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(iso) ? iso : null;
}

export function corpoDaSimulacao(c: CamposSimulacao): { corpo: FormularioSimulacao } | { erros: ErrosSimulacao } {
  const erros: ErrosSimulacao = {};
  if (!c.produtoId) erros.produtoId = 'Informe o produto.';
  if (!c.lojaId) erros.lojaId = 'Informe a loja.';
  if (!c.ufDestino) erros.ufDestino = 'Informe a UF de destino.';
  const valor = c.valor.trim() ? decimalDigitado(c.valor) : null;
  if (c.valor.trim() && (!valor || Number(valor) <= 0)) erros.valor = 'Informe um valor maior que zero (ex.: 12,50).';
  const quantidade = decimalDigitado(c.quantidade || '1');
  if (!quantidade || Number(quantidade) <= 0) erros.quantidade = 'Informe uma quantidade maior que zero.';
  const data = c.data.trim() ? dataDigitada(c.data) : null;
  if (c.data.trim() && !data) erros.data = 'Informe a data como dd/mm/aaaa.';
  if (Object.keys(erros).length) return { erros };
  return {
    corpo: {
      produtoId: c.produtoId!,
      lojaId: c.lojaId!,
      tipoOperacao: c.tipoOperacao,
      modelo: c.modelo,
      ufDestino: c.ufDestino as FormularioSimulacao['ufDestino'],
      data,
      valor,
      quantidade,
    },
  };
}
