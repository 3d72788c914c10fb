/**
 * "Faixa" (tipoPesquisaNota = faixa): the numbers never used in a range, per store and série — the ones
 * to void (inutilizar). The séries analysed are those with notes under the filter (period, PDV/caixa,
 * number range); the range is the filter's numbers or, without them, the first to the last number those
 * notes used. A number counts as used whatever the note's day or status (a rejected note's number is
 * still SEFAZ's to decide: it is re-sent or voided, never a gap). Gaps come from one ordered pass over the
 * numbering index (`lag`), never from a generated series of every number; voided ranges
 * (`inutilizacao_nfce`, cStat 102) are cut out of the gaps and listed as such.
 */
import type { ConsultaNfce, FaixaNfce } from '@retaguarda/domain';
import { sql } from 'kysely';
import type { Tx } from '../../db/database';
import { ondeNfce } from './nfce-monitor.consulta';

/** at most this many rows answered (the counts in `series` are always whole) */
export const MAX_LINHAS_FAIXA = 2000;

type Linha = FaixaNfce['items'][number];

export async function analisarFaixa(trx: Tx, c: ConsultaNfce & { lojasEfetivas: number[] }): Promise<FaixaNfce> {
  const min = c.numeroMinimo;
  const max = c.numeroMaximo;
  const { rows: series } = await sql<{ lojaId: number; loja: string; serie: number; lo: number; hi: number }>`
    select d.loja_id, l.sigla as loja, d.serie, min(d.numero) as lo, max(d.numero) as hi
      from documento_nfce d join loja l on l.id = d.loja_id
     where ${ondeNfce(c)} and d.serie is not null and d.numero is not null
     group by d.loja_id, l.sigla, d.serie order by l.sigla, d.serie`.execute(trx);
  if (!series.length) return { series: [], items: [], cortado: false };

  const alvo = JSON.stringify(
    series.map((s) => ({ loja_id: s.lojaId, serie: s.serie, lo: min ?? s.lo, hi: max ?? s.hi })),
  );
  // one pass per série over the index: a gap is where a number is more than one after the previous;
  // an explicit lower bound is the previous number of the first (min − 1), so min..first−1 is a gap too
  const { rows: passo } = await sql<{
    k: string;
    lojaId: number;
    serie: number;
    inicial: number;
    final: number;
    caixa: number | null;
  }>`
    with alvo as (
      select * from jsonb_to_recordset(${alvo}::jsonb) as a(loja_id int, serie int, lo int, hi int)
    ), usados as materialized (
      select a.loja_id, a.serie, d.numero, d.numero_caixa,
             lag(d.numero) over w as anterior, lag(d.numero_caixa) over w as caixa_anterior
        from alvo a join documento_nfce d on d.loja_id = a.loja_id and d.serie = a.serie and d.numero between a.lo and a.hi
      window w as (partition by a.loja_id, a.serie order by d.numero)
    )
    select 'L' as k, loja_id, serie, coalesce(anterior, ${min === null ? null : min - 1}::int) + 1 as inicial,
           numero - 1 as final, case when caixa_anterior = numero_caixa or anterior is null then numero_caixa end as caixa
      from usados
     where numero - coalesce(anterior, ${min === null ? null : min - 1}::int, numero) > 1
    union all
    -- a number sent twice (a rejected note re-sent under a new chave) is one number used
    select 'U', loja_id, serie, count(*) filter (where numero is distinct from anterior)::int, null, null
      from usados group by loja_id, serie`.execute(trx);
  const lacunas = passo
    .filter((p) => p.k === 'L')
    .sort((a, b) => a.lojaId - b.lojaId || a.serie - b.serie || a.inicial - b.inicial);
  const usados = passo.filter((p) => p.k === 'U').map((p) => ({ lojaId: p.lojaId, serie: p.serie, usados: p.inicial }));
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

  function linha(
    g: (typeof lacunas)[number],
    de: number,
    ate: number,
    situacao: Linha['situacao'],
    protocolo: string | null,
  ): Linha {
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
