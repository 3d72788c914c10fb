/**
 * The reconciliation rules' engine (issue #30 "Reconciliation rules"): pure and table-driven. Each statement line
 * is offered to the rules in priority order (lower first, then id); the first rule whose conditions hold AND whose
 * action can act takes it — a match rule with no entry in its window lets the next rule try. An action is exact
 * when it leaves no choice: generating an entry always is (same date, sign and cents as the line), a match is
 * when exactly one pending entry of the origin has the line's cents inside the window. Amounts are signed cents.
 */
import { centavosDe } from '../conciliacao/sugestoes';

export type SinalRegra = 'CREDITO' | 'DEBITO' | 'AMBOS';

export interface CondicoesDaRegra {
  memoContem?: string | null;
  memoComecaCom?: string | null;
  memoRegex?: string | null;
  /** absolute amounts, decimal text */
  valorMinimo?: string | null;
  valorMaximo?: string | null;
  sinal: SinalRegra;
  /** 0 = domingo … 6 = sábado; empty or null: any day */
  diasSemana?: readonly number[] | null;
}

export type AcaoDaRegra =
  | { tipo: 'GERAR_LANCAMENTO'; historicoPadraoId: number; complemento?: string | null }
  | { tipo: 'CONCILIAR'; origem: string; janelaDias: number };

export interface RegraDoMotor {
  id: number;
  prioridade: number;
  /** null: every account */
  contaCorrenteId: number | null;
  confirmarAutomatico: boolean;
  condicoes: CondicoesDaRegra;
  acao: AcaoDaRegra;
}

export interface LinhaDoMotor {
  id: string;
  contaCorrenteId: number;
  /** YYYY-MM-DD */
  data: string;
  centavos: bigint;
  descricao: string | null;
  numeroDocumento?: string | null;
}

export interface LancamentoDoMotor {
  id: string;
  data: string;
  /** signed: credits positive */
  centavos: bigint;
  origem: string;
}

export type DecisaoDeRegra =
  | {
      linhaId: string;
      regraId: number;
      tipo: 'GERAR_LANCAMENTO';
      historicoPadraoId: number;
      complemento: string | null;
      exata: true;
      automatica: boolean;
    }
  | {
      linhaId: string;
      regraId: number;
      tipo: 'CONCILIAR';
      lancamentoId: string;
      exata: boolean;
      automatica: boolean;
    };

const DIA = 86_400_000;
const diaDe = (d: string) => Math.round(Date.parse(`${d}T00:00:00Z`) / DIA);
/** 1970-01-01 was a Thursday (4). */
const diaDaSemana = (dia: number) => (((dia + 4) % 7) + 7) % 7;

/** Upper case without accents and with single spaces: memos are compared as the bank prints them. */
export const normalizarMemo = (s: string | null | undefined): string =>
  (s ?? '')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(/\s+/g, ' ')
    .trim();

type Teste = (l: LinhaDoMotor, memo: string, dia: number) => boolean;

/** A rule's conditions as one predicate (compiled once: 20 rules × 50 000 lines stay cheap). */
export function compilarCondicoes(r: Pick<RegraDoMotor, 'condicoes' | 'contaCorrenteId'>): Teste {
  const c = r.condicoes;
  const testes: Teste[] = [];
  if (r.contaCorrenteId != null) testes.push((l) => l.contaCorrenteId === r.contaCorrenteId);
  if (c.sinal === 'CREDITO') testes.push((l) => l.centavos > 0n);
  if (c.sinal === 'DEBITO') testes.push((l) => l.centavos < 0n);
  const abs = (l: LinhaDoMotor) => (l.centavos < 0n ? -l.centavos : l.centavos);
  if (c.valorMinimo) {
    const min = centavosDe(c.valorMinimo);
    testes.push((l) => abs(l) >= min);
  }
  if (c.valorMaximo) {
    const max = centavosDe(c.valorMaximo);
    testes.push((l) => abs(l) <= max);
  }
  const contem = normalizarMemo(c.memoContem);
  if (contem) testes.push((_l, m) => m.includes(contem));
  const comeca = normalizarMemo(c.memoComecaCom);
  if (comeca) testes.push((_l, m) => m.startsWith(comeca));
  if (c.memoRegex) {
    const re = new RegExp(c.memoRegex, 'i');
    testes.push((l, m) => re.test(m) || re.test(l.descricao ?? ''));
  }
  if (c.diasSemana?.length) {
    const dias = new Set(c.diasSemana);
    testes.push((_l, _m, d) => dias.has(diaDaSemana(d)));
  }
  return (l, m, d) => testes.every((t) => t(l, m, d));
}

/** An invalid regular expression, in Portuguese (null: valid). */
export function erroDaRegex(regex: string): string | null {
  // a quantified group holding a quantifier ((a+)+, (x*y)*) can backtrack for ever over a long memo
  if (/\([^)]*[+*}][^)]*\)\s*[+*{]/.test(regex)) return 'a expressão regular tem repetição aninhada: simplifique-a.';
  try {
    new RegExp(regex, 'i');
    return null;
  } catch {
    return 'a expressão regular é inválida.';
  }
}

const valorBr = (c: bigint) => {
  const a = c < 0n ? -c : c;
  const inteiro = (a / 100n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${inteiro},${String(a % 100n).padStart(2, '0')}`;
};

/** The complemento template: {memo}, {documento}, {data} (dd/MM/yyyy), {valor} (1.234,56). */
export function preencherComplemento(modelo: string | null | undefined, l: LinhaDoMotor): string | null {
  if (!modelo) return l.descricao;
  const [a, m, d] = l.data.split('-');
  const texto = modelo
    .replaceAll('{memo}', l.descricao ?? '')
    .replaceAll('{documento}', l.numeroDocumento ?? '')
    .replaceAll('{data}', `${d}/${m}/${a}`)
    .replaceAll('{valor}', valorBr(l.centavos))
    .replace(/\s+/g, ' ')
    .trim();
  return texto.slice(0, 200) || null;
}

/**
 * Runs the rules over the lines (each line taken by one rule at most, each entry matched once) and answers one
 * decision per line taken, in the lines' order.
 */
export function aplicarRegras(
  regras: readonly RegraDoMotor[],
  linhas: readonly LinhaDoMotor[],
  lancamentos: readonly LancamentoDoMotor[],
): DecisaoDeRegra[] {
  const ordem = [...regras].sort((a, b) => a.prioridade - b.prioridade || a.id - b.id);
  const compiladas = ordem.map((r) => ({ r, teste: compilarCondicoes(r) }));
  // entries by origin + cents, each list in date order: a match looks only at its own amount
  const porChave = new Map<string, { id: string; dia: number }[]>();
  for (const e of lancamentos) {
    const k = `${e.origem}|${e.centavos}`;
    let lista = porChave.get(k);
    if (!lista) {
      lista = [];
      porChave.set(k, lista);
    }
    lista.push({ id: e.id, dia: diaDe(e.data) });
  }
  const usados = new Set<string>();
  const out: DecisaoDeRegra[] = [];
  for (const l of linhas) {
    const memo = normalizarMemo(l.descricao);
    const dia = diaDe(l.data);
    for (const { r, teste } of compiladas) {
      if (!teste(l, memo, dia)) continue;
      const a = r.acao;
      if (a.tipo === 'GERAR_LANCAMENTO') {
        out.push({
          linhaId: l.id,
          regraId: r.id,
          tipo: a.tipo,
          historicoPadraoId: a.historicoPadraoId,
          complemento: preencherComplemento(a.complemento, l),
          exata: true,
          automatica: r.confirmarAutomatico,
        });
        break;
      }
      const candidatos = (porChave.get(`${a.origem}|${l.centavos}`) ?? []).filter(
        (e) => !usados.has(e.id) && Math.abs(e.dia - dia) <= a.janelaDias,
      );
      if (!candidatos.length) continue;
      candidatos.sort((x, y) => Math.abs(x.dia - dia) - Math.abs(y.dia - dia) || x.dia - y.dia);
      const escolhido = candidatos[0]!;
      usados.add(escolhido.id);
      const exata = candidatos.length === 1;
      out.push({
        linhaId: l.id,
        regraId: r.id,
        tipo: 'CONCILIAR',
        lancamentoId: escolhido.id,
        exata,
        automatica: exata && r.confirmarAutomatico,
      });
      break;
    }
  }
  return out;
}
