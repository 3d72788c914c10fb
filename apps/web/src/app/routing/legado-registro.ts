/**
 * Which of our screens answers a legacy `r` inside /vf. Each area lists its own in its `telas.ts`
 * (`legadas`); a screen registers once with
 * `registrarTelaLegada(r, rotaInterna)`: `r` is the legacy path, optionally with the query values
 * that select a sub-screen (`/inventario/index?etapa=finalizar`); `rotaInterna` is a route of the
 * route table whose `:params` come from r's query (`id=5` → `/inventario/:id/finalizar`). The frame
 * opens that route, so it shows the route's screen when it exists and 'Em construção' until then.
 */
import { AREAS } from './areas';
import { lerR } from './legado';

interface Entrada {
  caminho: string;
  /** Query values r must carry (the sub-screen), e.g. `etapa=finalizar`. */
  exige: [string, string][];
  rota: string;
}

export interface TelaLegada {
  /** The route table's path (`/inventario/:id/finalizar`). */
  rota: string;
  /** That path with its params filled (`/inventario/5/finalizar`). */
  caminho: string;
  /** What is left of r's query: the screen reads it as its own. */
  query: URLSearchParams;
}

const entradas: Entrada[] = [];
/** The query key of a sub-screen in `r`. */
const ETAPA = 'etapa';

export function registrarTelaLegada(r: string, rotaInterna: string): void {
  const lido = lerR(r);
  if (!lido || !rotaInterna.startsWith('/')) throw new Error(`Tela legada inválida: ${r} → ${rotaInterna}`);
  const nova: Entrada = { caminho: lido.caminho, exige: [...lido.query.entries()], rota: rotaInterna };
  // the same r with as many ids replaces the earlier registration (`/inventario/index` keeps a list and a record)
  const chave = (e: Entrada) => `${e.caminho}?${new URLSearchParams(e.exige).toString()}#${obrigatorios(e.rota)}`;
  const i = entradas.findIndex((e) => chave(e) === chave(nova));
  if (i >= 0) entradas.splice(i, 1);
  entradas.push(nova);
}

const segmentos = (rota: string) => rota.split('/').filter(Boolean);
const obrigatorios = (rota: string) => segmentos(rota).filter((s) => s.startsWith(':') && !s.endsWith('?')).length;

/** Fills `:params` from the query; null when a required one is missing. */
function preencher(rota: string, query: URLSearchParams, usados: Set<string>): string | null {
  const partes: string[] = [];
  for (const s of segmentos(rota)) {
    if (!s.startsWith(':')) {
      partes.push(s);
      continue;
    }
    const nome = s.slice(1).replace(/\?$/, '');
    const valor = query.get(nome);
    if (valor) {
      partes.push(encodeURIComponent(valor));
      usados.add(nome);
    } else if (!s.endsWith('?')) return null;
  }
  return `/${partes.join('/')}`;
}

/** The screen for `r`, or null (an unknown `r`: the host shows the 404 page). */
export function resolverTelaLegada(r: string | null | undefined): TelaLegada | null {
  const lido = lerR(r);
  if (!lido) return null;
  const candidatas = entradas
    .filter((e) => e.caminho === lido.caminho && e.exige.every(([k, v]) => lido.query.get(k) === v))
    // a sub-screen (`etapa`) no registration names is unknown, not the main screen
    .filter((e) => !lido.query.has(ETAPA) || e.exige.some(([k]) => k === ETAPA))
    // the most specific first: more sub-screen values, then more ids
    .sort((a, b) => b.exige.length - a.exige.length || obrigatorios(b.rota) - obrigatorios(a.rota));
  for (const e of candidatas) {
    const usados = new Set(e.exige.map(([k]) => k));
    const caminho = preencher(e.rota, lido.query, usados);
    if (!caminho) continue;
    const query = new URLSearchParams([...lido.query.entries()].filter(([k]) => !usados.has(k)));
    return { rota: e.rota, caminho, query };
  }
  return null;
}

// each area declares the legacy screens it answers (modules/<area>/telas.ts)
for (const area of AREAS) for (const [r, rota] of area.legadas ?? []) registrarTelaLegada(r, rota);
