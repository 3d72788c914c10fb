/**
 * The learned rule (issue #30): lines the user resolved the same way — an entry generated with the same histórico
 * padrão, or matched to entries of the same origin — sharing a memo stem three times or more become a proposed
 * rule whose conditions are what those lines share (the memo's common words before any digit, the sign, the
 * account). Lines an existing rule already takes are left out: the proposal teaches something new.
 */
import { type AcaoDaRegra, type CondicoesDaRegra, normalizarMemo } from './motor';

export interface Resolucao {
  linhaId: string;
  contaCorrenteId: number;
  descricao: string | null;
  /** signed cents */
  centavos: bigint;
  /** how the user resolved it */
  acao: { tipo: 'GERAR_LANCAMENTO'; historicoPadraoId: number } | { tipo: 'CONCILIAR'; origem: string };
}

export interface RegraProposta {
  descricao: string;
  contaCorrenteId: number;
  condicoes: CondicoesDaRegra;
  acao: AcaoDaRegra;
  /** the resolved lines it was learned from */
  linhas: string[];
}

export const MIN_RESOLUCOES_PARA_PROPOR = 3;

/** The memo's words before the first one holding a digit (dates, numbers, ids vary from line to line). */
export function radicalDoMemo(memo: string | null): string[] {
  const palavras = normalizarMemo(memo)
    .replace(/[^A-Z0-9 ]/g, ' ')
    .split(' ')
    .filter(Boolean);
  const i = palavras.findIndex((p) => /\d/.test(p));
  return i < 0 ? palavras : palavras.slice(0, i);
}

const prefixoComum = (listas: string[][]): string[] => {
  const [primeira = [], ...resto] = listas;
  let n = primeira.length;
  for (const l of resto) {
    let i = 0;
    while (i < n && i < l.length && l[i] === primeira[i]) i++;
    n = i;
  }
  return primeira.slice(0, n);
};

export function proporRegras(resolucoes: readonly Resolucao[], janelaDias: number): RegraProposta[] {
  // grouped by account, action and the memo's first two words; the condition is the group's common prefix
  const grupos = new Map<string, { r: Resolucao; radical: string[] }[]>();
  for (const r of resolucoes) {
    const radical = radicalDoMemo(r.descricao);
    if (radical.length < 2) continue;
    const acao = r.acao.tipo === 'GERAR_LANCAMENTO' ? `H${r.acao.historicoPadraoId}` : `O${r.acao.origem}`;
    const k = `${r.contaCorrenteId}|${acao}|${radical.slice(0, 2).join(' ')}`;
    let g = grupos.get(k);
    if (!g) {
      g = [];
      grupos.set(k, g);
    }
    g.push({ r, radical });
  }
  const out: RegraProposta[] = [];
  for (const g of grupos.values()) {
    if (g.length < MIN_RESOLUCOES_PARA_PROPOR) continue;
    const comeca = prefixoComum(g.map((x) => x.radical)).join(' ');
    const positivos = g.filter((x) => x.r.centavos > 0n).length;
    const sinal = positivos === g.length ? 'CREDITO' : positivos === 0 ? 'DEBITO' : 'AMBOS';
    const primeira = g[0]!.r;
    out.push({
      descricao: comeca,
      contaCorrenteId: primeira.contaCorrenteId,
      condicoes: { memoComecaCom: comeca, sinal },
      acao:
        primeira.acao.tipo === 'GERAR_LANCAMENTO'
          ? { tipo: 'GERAR_LANCAMENTO', historicoPadraoId: primeira.acao.historicoPadraoId, complemento: '{memo}' }
          : { tipo: 'CONCILIAR', origem: primeira.acao.origem, janelaDias },
      linhas: g.map((x) => x.r.linhaId),
    });
  }
  return out.sort((a, b) => b.linhas.length - a.linhas.length || a.descricao.localeCompare(b.descricao));
}
