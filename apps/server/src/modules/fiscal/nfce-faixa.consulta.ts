/**
 * "Faixa" (tipoPesquisaNota = faixa): the numbers never used in a range, per store and série — the ones
 * to void (inutilizar). The séries analysed are those with notes under the filter (period, PDV/caixa,
 * number range); the range is the filter's numbers or, without them, the first to the last number those
 * notes used. A number counts as used whatever the note's day or status (a rejected note's number is
 * still SEFAZ's to decide: it is re-sent or voided, never a gap). Used numbers come from `nfce_numeracao`
 * (bitmaps of 1 024 numbers kept by triggers, migration 0489): a million numbers are a thousand rows read,
 * never a window over a million documents. A gap is a run of unused numbers before a used one (numbers
 * after the last used one are not used yet); below an explicit minimum the run from it counts too. Voided
 * ranges (`inutilizacao_nfce`, cStat 102) are cut out of the gaps and listed as such.
 */
import type { ConsultaNfce, FaixaNfce } from '@retaguarda/domain';
import { sql } from 'kysely';
import type { Tx } from '../../db/database';
import { ondeNfce } from './nfce-monitor.consulta';

/** at most this many rows answered (the counts in `series` are always whole) */
export const MAX_LINHAS_FAIXA = 2000;
const BLOCO = 1024;

type Linha = FaixaNfce['items'][number];
interface Lacuna {
  lojaId: number;
  serie: number;
  inicial: number;
  final: number;
  caixa: number | null;
}

/** The used numbers' count and the gaps of [lo, hi] from the série's bitmaps (a missing block: none used). */
export function lacunasDosBlocos(
  blocos: ReadonlyMap<number, string>,
  lo: number,
  hi: number,
  minimoExplicito: boolean,
): { usados: number; lacunas: [number, number][] } {
  let usados = 0;
  const lacunas: [number, number][] = [];
  // the start of the current run of unused numbers; a run before the first used number counts only from an
  // explicit minimum (otherwise lo is itself the first used number)
  let livreDesde: number | null = minimoExplicito ? lo : null;
  for (let b = Math.floor(lo / BLOCO); b <= Math.floor(hi / BLOCO); b++) {
    const bits = blocos.get(b);
    const de = Math.max(lo, b * BLOCO);
    const ate = Math.min(hi, b * BLOCO + BLOCO - 1);
    if (bits === undefined) {
      if (livreDesde === null && usados > 0) livreDesde = de;
      continue;
    }
    for (let n = de; n <= ate; n++) {
      if (bits.charCodeAt(n - b * BLOCO) === 49) {
        if (livreDesde !== null && livreDesde < n) lacunas.push([livreDesde, n - 1]);
        livreDesde = null;
        usados++;
      } else if (livreDesde === null && (usados > 0 || minimoExplicito)) livreDesde = n;
    }
  }
  return { usados, lacunas };
}

export async function analisarFaixa(trx: Tx, c: ConsultaNfce & { lojasEfetivas: number[] }): Promise<FaixaNfce> {
  const min = c.numeroMinimo;
  const max = c.numeroMaximo;
  // the séries with numbers (the bitmaps' keys: a handful), kept when some note under the filter is theirs;
  // min/max per série walk the numbering index from each end (no scan of the period's documents)
  const { rows: series } = await sql<{ lojaId: number; loja: string; serie: number; lo: number; hi: number }>`
    select k.loja_id, l.sigla as loja, k.serie, m.lo, m.hi
      from (select distinct loja_id, serie from nfce_numeracao where loja_id = any(${c.lojasEfetivas}::int4[])) k
      join loja l on l.id = k.loja_id
      cross join lateral (select min(d.numero) as lo, max(d.numero) as hi from documento_nfce d
                           where d.loja_id = k.loja_id and d.serie = k.serie and ${ondeNfce(c)}) m
     where m.lo is not null
     order by l.sigla, k.serie`.execute(trx);
  if (!series.length) return { series: [], items: [], cortado: false };

  const alvo = JSON.stringify(
    series.map((s) => ({ loja_id: s.lojaId, serie: s.serie, lo: min ?? s.lo, hi: max ?? s.hi })),
  );
  const { rows: blocos } = await sql<{ lojaId: number; serie: number; bloco: number; bits: string }>`
    select n.loja_id, n.serie, n.bloco, n.bits::text as bits
      from jsonb_to_recordset(${alvo}::jsonb) as a(loja_id int, serie int, lo int, hi int)
      join nfce_numeracao n on n.loja_id = a.loja_id and n.serie = a.serie
       and n.bloco between a.lo / ${BLOCO} and a.hi / ${BLOCO}`.execute(trx);
  const blocosDe = new Map<string, Map<number, string>>();
  for (const b of blocos) {
    const k = `${b.lojaId}|${b.serie}`;
    (blocosDe.get(k) ?? blocosDe.set(k, new Map()).get(k)!).set(b.bloco, b.bits);
  }
  const lacunas: Lacuna[] = [];
  const usados: { lojaId: number; serie: number; usados: number }[] = [];
  for (const s of series) {
    const r = lacunasDosBlocos(
      blocosDe.get(`${s.lojaId}|${s.serie}`) ?? new Map(),
      min ?? s.lo,
      max ?? s.hi,
      min !== null,
    );
    usados.push({ lojaId: s.lojaId, serie: s.serie, usados: r.usados });
    for (const [inicial, final] of r.lacunas)
      lacunas.push({ lojaId: s.lojaId, serie: s.serie, inicial, final, caixa: null });
  }
  await caixasDasLacunas(trx, lacunas.slice(0, MAX_LINHAS_FAIXA));
  const { rows: inutilizadas } = await sql<{
    lojaId: number;
    serie: number;
    numeroCaixa: number | null;
    numeroInicial: number;
    numeroFinal: number;
    protocolo: string | null;
  }>`with alvo as (
      select * from jsonb_to_recordset(${alvo}::jsonb) as a(loja_id int, serie int, lo int, hi int)
    )
    select i.loja_id, i.serie, i.numero_caixa, i.numero_inicial, i.numero_final, i.protocolo
      from alvo a join inutilizacao_nfce i on i.loja_id = a.loja_id and i.serie = a.serie
       and i.numero_inicial <= a.hi and i.numero_final >= a.lo and (i.c_stat = 102 or i.status = 'INUTILIZADA')
     order by i.loja_id, i.serie, i.numero_inicial`.execute(trx);

  const chave = (l: number, s: number) => `${l}|${s}`;
  const sigla = new Map(series.map((s) => [s.lojaId, s.loja]));
  const voids = new Map<string, typeof inutilizadas>();
  for (const i of inutilizadas)
    voids.set(chave(i.lojaId, i.serie), [...(voids.get(chave(i.lojaId, i.serie)) ?? []), i]);

  const itens: Linha[] = [];
  const resumo = new Map<string, { lacunas: number; inutilizados: number }>();
  const conta = (k: string) => resumo.get(k) ?? resumo.set(k, { lacunas: 0, inutilizados: 0 }).get(k)!;
  for (const g of lacunas) {
    const k = chave(g.lojaId, g.serie);
    // the gap minus the voided ranges inside it: what is left is still to void
    let inicio = g.inicial;
    for (const v of voids.get(k) ?? []) {
      if (v.numeroFinal < inicio || v.numeroInicial > g.final) continue;
      if (v.numeroInicial > inicio) itens.push(linha(g, inicio, v.numeroInicial - 1, 'LACUNA', null));
      inicio = Math.max(inicio, v.numeroFinal + 1);
    }
    if (inicio <= g.final) itens.push(linha(g, inicio, g.final, 'LACUNA', null));
  }
  for (const v of inutilizadas) {
    const s = series.find((x) => x.lojaId === v.lojaId && x.serie === v.serie)!;
    const lo = Math.max(v.numeroInicial, min ?? s.lo);
    const hi = Math.min(v.numeroFinal, max ?? s.hi);
    if (lo <= hi)
      itens.push({
        lojaId: v.lojaId,
        loja: sigla.get(v.lojaId) ?? String(v.lojaId),
        serie: v.serie,
        numeroCaixa: v.numeroCaixa,
        numeroInicial: lo,
        numeroFinal: hi,
        quantidade: hi - lo + 1,
        situacao: 'INUTILIZADA',
        protocolo: v.protocolo,
      });
  }
  for (const i of itens) {
    const r = conta(chave(i.lojaId, i.serie));
    if (i.situacao === 'LACUNA') r.lacunas += i.quantidade;
    else r.inutilizados += i.quantidade;
  }
  itens.sort((a, b) => a.loja.localeCompare(b.loja) || a.serie - b.serie || a.numeroInicial - b.numeroInicial);

  function linha(g: Lacuna, de: number, ate: number, situacao: Linha['situacao'], protocolo: string | null): Linha {
    return {
      lojaId: g.lojaId,
      loja: sigla.get(g.lojaId) ?? String(g.lojaId),
      serie: g.serie,
      numeroCaixa: g.caixa,
      numeroInicial: de,
      numeroFinal: ate,
      quantidade: ate - de + 1,
      situacao,
      protocolo,
    };
  }

  const usadosDe = new Map(usados.map((u) => [chave(u.lojaId, u.serie), u.usados]));
  return {
    series: series.map((s) => ({
      lojaId: s.lojaId,
      loja: s.loja,
      serie: s.serie,
      primeiro: min ?? s.lo,
      ultimo: max ?? s.hi,
      usados: usadosDe.get(chave(s.lojaId, s.serie)) ?? 0,
      lacunas: resumo.get(chave(s.lojaId, s.serie))?.lacunas ?? 0,
      inutilizados: resumo.get(chave(s.lojaId, s.serie))?.inutilizados ?? 0,
    })),
    items: itens.slice(0, MAX_LINHAS_FAIXA),
    cortado: itens.length > MAX_LINHAS_FAIXA,
  };
}

/**
 * The caixa of each gap answered: that of the note after it when the note before it shares it (or there is
 * none before) — the POS whose sequence broke. Two index probes per gap, only for the rows answered.
 */
async function caixasDasLacunas(trx: Tx, lacunas: Lacuna[]): Promise<void> {
  if (!lacunas.length) return;
  const { rows } = await sql<{ lojaId: number; serie: number; numero: number; caixa: number | null }>`
    select distinct on (d.loja_id, d.serie, d.numero) d.loja_id, d.serie, d.numero, d.numero_caixa as caixa
      from unnest(${lacunas.flatMap((l) => [l.lojaId, l.lojaId])}::int4[], ${lacunas.flatMap((l) => [l.serie, l.serie])}::int4[],
                  ${lacunas.flatMap((l) => [l.inicial - 1, l.final + 1])}::int4[]) as x(l, s, n)
      join documento_nfce d on d.loja_id = x.l and d.serie = x.s and d.numero = x.n
     order by d.loja_id, d.serie, d.numero, d.numero_caixa`.execute(trx);
  const caixa = new Map(rows.map((r) => [`${r.lojaId}|${r.serie}|${r.numero}`, r.caixa]));
  for (const l of lacunas) {
    const antes = caixa.get(`${l.lojaId}|${l.serie}|${l.inicial - 1}`);
    const depois = caixa.get(`${l.lojaId}|${l.serie}|${l.final + 1}`) ?? null;
    l.caixa = antes === undefined || antes === depois ? depois : null;
  }
}
