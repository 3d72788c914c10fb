/**
 * Reconciliation suggestions (domain §2.4): statement lines against ledger entries with the same sign, exactly the
 * same cents and dates within ±`janelaDias`; the same document number ranks higher. First 1:1 (greedy by rank
 * over all candidate pairs), then among what is left 1:N (one line = up to `maxPartes` entries) and N:1 (up to
 * `maxPartes` lines = one entry) with an exact sum inside the window. Amounts travel as signed integer cents.
 */

export interface ItemConciliavel {
  id: string;
  /** YYYY-MM-DD */
  data: string;
  /** signed cents: credits positive, debits negative */
  centavos: bigint;
  numeroDocumento?: string | null;
}

export interface Sugestao {
  linhas: string[];
  lancamentos: string[];
  tipo: '1:1' | '1:N' | 'N:1';
  mesmoDocumento: boolean;
}

export interface OpcoesDeSugestao {
  janelaDias: number;
  /** most parts of one side in a 1:N or N:1 (default 5) */
  maxPartes?: number;
  /** candidates looked at per item in 1:N / N:1, nearest date first (default 12): bounds the search */
  maxCandidatos?: number;
}

const DIA = 86_400_000;
const diaDe = (d: string) => Math.round(Date.parse(`${d}T00:00:00Z`) / DIA);
const doc = (d?: string | null) => (d ?? '').replace(/\D/g, '').replace(/^0+/, '');

/** `10.50` / `-1234.5` → signed cents (the wire's decimal text, never a float). */
export function centavosDe(valor: string): bigint {
  const m = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(valor.trim());
  if (!m) throw new Error(`valor inválido: ${valor}`);
  const c = BigInt(m[2]!) * 100n + BigInt((m[3] ?? '').padEnd(2, '0'));
  return m[1] ? -c : c;
}

export function sugerirConciliacoes(
  linhas: readonly ItemConciliavel[],
  lancamentos: readonly ItemConciliavel[],
  o: OpcoesDeSugestao,
): Sugestao[] {
  const janela = o.janelaDias;
  const maxPartes = o.maxPartes ?? 5;
  const maxCand = o.maxCandidatos ?? 12;
  const L = linhas.map((x) => ({ ...x, dia: diaDe(x.data), doc: doc(x.numeroDocumento) }));
  const E = lancamentos.map((x) => ({ ...x, dia: diaDe(x.data), doc: doc(x.numeroDocumento) }));
  const usadaL = new Set<string>();
  const usadoE = new Set<string>();
  const out: Sugestao[] = [];

  // 1:1 — every candidate pair by amount, ranked (same document, nearer date, then order), taken greedily
  const porValor = new Map<bigint, typeof E>();
  for (const e of E) {
    const b = porValor.get(e.centavos);
    if (b) b.push(e);
    else porValor.set(e.centavos, [e]);
  }
  const pares: { l: (typeof L)[number]; e: (typeof E)[number]; rank: number }[] = [];
  for (const l of L) {
    for (const e of porValor.get(l.centavos) ?? []) {
      const dd = Math.abs(e.dia - l.dia);
      if (dd > janela) continue;
      const mesmo = !!l.doc && l.doc === e.doc;
      pares.push({ l, e, rank: (mesmo ? 0 : 1000) + dd });
    }
  }
  pares.sort((a, b) => a.rank - b.rank || a.l.dia - b.l.dia);
  for (const p of pares) {
    if (usadaL.has(p.l.id) || usadoE.has(p.e.id)) continue;
    usadaL.add(p.l.id);
    usadoE.add(p.e.id);
    out.push({ linhas: [p.l.id], lancamentos: [p.e.id], tipo: '1:1', mesmoDocumento: p.rank < 1000 });
  }

  // 1:N and N:1 — an exact sum of 2..maxPartes of the other side, same sign, nearest dates first
  const compor = <A extends (typeof L)[number], B extends (typeof E)[number]>(
    alvos: A[],
    partes: B[],
    usadoA: Set<string>,
    usadoB: Set<string>,
    montar: (a: A, bs: B[]) => Sugestao,
  ) => {
    // the other side by day: a target looks only at the days of its window, nearest first, and stops at
    // `maxCand` candidates (never a scan of the whole side per target)
    const porDia = new Map<number, B[]>();
    for (const b of partes) {
      if (usadoB.has(b.id)) continue; // already paired 1:1: never a candidate again
      const d = porDia.get(b.dia);
      if (d) d.push(b);
      else porDia.set(b.dia, [b]);
    }
    for (const a of alvos) {
      if (usadoA.has(a.id)) continue;
      const positivo = a.centavos > 0n;
      const cands: B[] = [];
      for (let dd = 0; dd <= janela && cands.length < maxCand; dd++) {
        for (const dia of dd ? [a.dia - dd, a.dia + dd] : [a.dia]) {
          for (const b of porDia.get(dia) ?? []) {
            if (cands.length >= maxCand) break;
            if (usadoB.has(b.id) || b.centavos > 0n !== positivo) continue;
            if (positivo ? b.centavos < a.centavos : b.centavos > a.centavos) cands.push(b);
          }
        }
      }
      const achado = somaExata(cands, a.centavos, maxPartes);
      if (!achado) continue;
      usadoA.add(a.id);
      for (const b of achado) usadoB.add(b.id);
      out.push(
        montar(
          a,
          achado.sort((x, y) => x.dia - y.dia || (x.id < y.id ? -1 : 1)),
        ),
      );
    }
  };
  compor(L, E, usadaL, usadoE, (l, es) => ({
    linhas: [l.id],
    lancamentos: es.map((e) => e.id),
    tipo: '1:N',
    mesmoDocumento: false,
  }));
  compor(E, L, usadoE, usadaL, (e, ls) => ({
    linhas: ls.map((l) => l.id),
    lancamentos: [e.id],
    tipo: 'N:1',
    mesmoDocumento: false,
  }));
  return out;
}

/** A subset of 2..max items whose cents sum exactly to `alvo` (depth-first, bounded), or null. */
function somaExata<T extends { centavos: bigint }>(itens: readonly T[], alvo: bigint, max: number): T[] | null {
  const escolhidos: T[] = [];
  const buscar = (de: number, resta: bigint): boolean => {
    if (resta === 0n) return escolhidos.length >= 2;
    if (escolhidos.length >= max) return false;
    for (let i = de; i < itens.length; i++) {
      const c = itens[i]!.centavos;
      // same sign as the target: never overshoot
      if ((alvo > 0n && c > resta) || (alvo < 0n && c < resta)) continue;
      escolhidos.push(itens[i]!);
      if (buscar(i + 1, resta - c)) return true;
      escolhidos.pop();
    }
    return false;
  };
  return buscar(0, alvo) ? [...escolhidos] : null;
}

/** Whether a manual match is exact: the lines' cents sum to the entries' cents, nothing empty. */
export function somaConfere(linhas: readonly bigint[], lancamentos: readonly bigint[]): boolean {
  if (!linhas.length || !lancamentos.length) return false;
  return linhas.reduce((s, x) => s + x, 0n) === lancamentos.reduce((s, x) => s + x, 0n);
}
