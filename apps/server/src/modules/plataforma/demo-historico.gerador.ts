/**
 * What the demo history posts for one store on one business day (pure and deterministic: the same
 * tenant, store, day and start give the same movements, so a resumed run posts exactly what the killed
 * one would have). The shape follows bench/lib/cadeia.ts, at demo size:
 *  - sales: cupons per day by store size × weekday × month (Saturday busiest, Sunday quietest, December
 *    and May up), 1–5 items each, popular products sold most; one VENDA per item at the sales floor;
 *  - ~1 % of the cupons come back the same day (DEVOLUCAO_VENDA per item);
 *  - a purchase (ENTRADA_NF, with its cost) into the warehouse on the month's first day (and the
 *    history's), sized to the month's demand + 5 %, and a restock transfer warehouse → sales floor on
 *    each week's first day sized to that week's demand + 2 units, so balances stay positive; a store
 *    without a warehouse buys straight into the sales floor;
 *  - a loss (PERDA) of one unit on some Wednesdays and an inventory adjustment (±1) on the month's last day.
 * Quantities are integer thousandths (exact: no binary floats reach the ledger), costs integer cents.
 * Each movement carries when it happened (`ocorridoEm`, store-local): the cupons spread over the store's
 * hours (08:00–21:00) in order, purchases at 07:00, restocks at 07:30, losses and adjustments at 20:00.
 */
import { Decimal, instanteLocal, somarDias, type TipoMovimento } from '@retaguarda/domain';
import type { MovimentoALancar } from '../estoque/lancamento';

export interface LojaDemo {
  lojaId: number;
  /** the LOJA (sales floor) location */
  localLoja: number;
  /** the DEPOSITO location, when the store has one */
  localDeposito: number | null;
  zona: string;
}

export interface ProdutoDemo {
  produtoId: number;
  /** replacement cost in cents (the cost register, else a default) */
  custoCentavos: number;
  /** sold by weight/volume (3 decimals) */
  fracionado: boolean;
}

export interface DiaGerado {
  /** entries carrying a cost: posted before the day's other movements (the average moves first) */
  entradas: MovimentoALancar[];
  demais: MovimentoALancar[];
}

const UNIDADE = 1000;
const PESO_DIA_SEMANA = [0.55, 0.8, 0.85, 0.9, 1, 1.25, 1.45]; // Sunday … Saturday
const PESO_MES = [0.85, 0.9, 1, 1, 1.2, 1, 1, 1, 1, 1, 1.1, 1.5]; // January … December

/** FNV-1a: the seed of a store-day. */
function semente(texto: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < texto.length; i++) h = Math.imul(h ^ texto.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/** mulberry32: uniform in [0, 1). */
function aleatorio(s: number): () => number {
  let a = s;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const diaDaSemana = (data: string) => new Date(`${data}T12:00:00Z`).getUTCDay();
const mes = (data: string) => Number(data.slice(5, 7));
const fimDoMes = (data: string) => somarDias(`${somarDias(`${data.slice(0, 7)}-28`, 4).slice(0, 7)}-01`, -1);
const qtd = (milesimos: number) => Decimal.deUnidades(BigInt(milesimos), 3).texto();
const reais = (centavos: number) => Decimal.deUnidades(BigInt(centavos), 2).texto();
/** whole units, rounded up */
const emUnidades = (milesimos: number) => Math.ceil(milesimos / UNIDADE) * UNIDADE;

interface Cupom {
  itens: { p: number; q: number }[];
  devolvido: boolean;
}

/** The store-local time of the c-th of n cupons (seconds after midnight), in order over 08:00–21:00. */
const HORA_ABRE = 8 * 3600;
const HORA_FECHA = 21 * 3600;
function horaDoCupom(c: number, n: number, r: () => number): number {
  return HORA_ABRE + Math.floor(((c + r()) / n) * (HORA_FECHA - HORA_ABRE));
}

/** The store-day's cupons. */
function cupons(assinanteId: number, loja: LojaDemo, produtos: readonly ProdutoDemo[], data: string): Cupom[] {
  const r = aleatorio(semente(`${assinanteId}:${loja.lojaId}:${data}:vendas`));
  const porte = 50 + (semente(`${assinanteId}:${loja.lojaId}`) % 70);
  const n = Math.round(porte * PESO_DIA_SEMANA[diaDaSemana(data)]! * PESO_MES[mes(data) - 1]! * (0.85 + 0.3 * r()));
  const out: Cupom[] = [];
  for (let c = 0; c < n; c++) {
    const itens: Cupom['itens'] = [];
    const k = 1 + Math.floor(r() ** 2 * 5);
    for (let i = 0; i < k; i++) {
      const p = Math.min(produtos.length - 1, Math.floor(produtos.length * r() ** 2));
      const u = r();
      const q = produtos[p]!.fracionado ? 200 + Math.floor(u * 2300) : (u < 0.7 ? 1 : u < 0.9 ? 2 : 3) * UNIDADE;
      itens.push({ p, q });
    }
    out.push({ itens, devolvido: r() < 0.01 });
  }
  return out;
}

/** Thousandths sold per product (index) from `de` to `ate`, both included. */
function demanda(assinanteId: number, loja: LojaDemo, produtos: readonly ProdutoDemo[], de: string, ate: string) {
  const total = new Array<number>(produtos.length).fill(0);
  for (let d = de; d <= ate; d = somarDias(d, 1))
    for (const c of cupons(assinanteId, loja, produtos, d)) for (const i of c.itens) total[i.p]! += i.q;
  return total;
}

/** The last day of the restock week that starts on `data` (the day before the next Monday, within the month). */
function fimDaSemana(data: string): string {
  const domingo = somarDias(data, (7 - diaDaSemana(data)) % 7);
  const fm = fimDoMes(data);
  return domingo < fm ? domingo : fm;
}

const comecaSemana = (data: string, inicio: string) =>
  data === inicio || diaDaSemana(data) === 1 || data.endsWith('-01');

/** The month's purchase cost: the register's cost, ±5 % over the year, ±2 % noise. */
function custoDoMes(assinanteId: number, loja: LojaDemo, p: ProdutoDemo, data: string): number {
  const r = aleatorio(semente(`${assinanteId}:${loja.lojaId}:${p.produtoId}:${data.slice(0, 7)}`));
  const fator = 1 + 0.05 * Math.sin((2 * Math.PI * mes(data)) / 12) + 0.04 * (r() - 0.5);
  return Math.max(1, Math.round(p.custoCentavos * fator));
}

export function gerarDia(
  assinanteId: number,
  loja: LojaDemo,
  produtos: readonly ProdutoDemo[],
  data: string,
  inicio: string,
): DiaGerado {
  const entradas: MovimentoALancar[] = [];
  const demais: MovimentoALancar[] = [];
  const as = (segundos: number) =>
    instanteLocal(data, loja.zona, Math.floor(segundos / 3600), Math.floor(segundos / 60) % 60, segundos % 60);
  let quando = as(7 * 3600);
  const mov = (localId: number, p: number, tipo: TipoMovimento, milesimos: number, custo?: number) => ({
    lojaId: loja.lojaId,
    localId,
    produtoId: produtos[p]!.produtoId,
    data,
    tipo,
    quantidade: qtd(milesimos),
    custoUnitario: custo === undefined ? null : reais(custo),
    ocorridoEm: quando,
  });
  const deposito = loja.localDeposito;
  const buffer = 2 * UNIDADE;

  if (data === inicio || data.endsWith('-01')) {
    // the month's purchase: every restock week of the month (or the month's demand, without a warehouse)
    const quanto = new Array<number>(produtos.length).fill(0);
    if (deposito === null) {
      demanda(assinanteId, loja, produtos, data, fimDoMes(data)).forEach((q, p) => {
        quanto[p] = q + buffer;
      });
    } else {
      for (let d = data; d <= fimDoMes(data); d = somarDias(fimDaSemana(d), 1))
        demanda(assinanteId, loja, produtos, d, fimDaSemana(d)).forEach((q, p) => {
          quanto[p]! += emUnidades(q) + buffer;
        });
    }
    quanto.forEach((q, p) => {
      const total = emUnidades(q * 1.05);
      if (total > 0)
        entradas.push(
          mov(deposito ?? loja.localLoja, p, 'ENTRADA_NF', total, custoDoMes(assinanteId, loja, produtos[p]!, data)),
        );
    });
  }
  quando = as(7 * 3600 + 1800);
  if (deposito !== null && comecaSemana(data, inicio)) {
    demanda(assinanteId, loja, produtos, data, fimDaSemana(data)).forEach((q, p) => {
      const t = emUnidades(q) + buffer;
      demais.push(mov(deposito, p, 'TRANSFERENCIA_SAIDA', -t), mov(loja.localLoja, p, 'TRANSFERENCIA_ENTRADA', t));
    });
  }
  const doDia = cupons(assinanteId, loja, produtos, data);
  const relogio = aleatorio(semente(`${assinanteId}:${loja.lojaId}:${data}:horas`));
  for (const [k, c] of doDia.entries()) {
    quando = as(horaDoCupom(k, doDia.length, relogio));
    for (const i of c.itens) demais.push(mov(loja.localLoja, i.p, 'VENDA', -i.q));
    if (c.devolvido) for (const i of c.itens) demais.push(mov(loja.localLoja, i.p, 'DEVOLUCAO_VENDA', i.q));
  }
  const r = aleatorio(semente(`${assinanteId}:${loja.lojaId}:${data}:ajustes`));
  quando = as(20 * 3600);
  if (diaDaSemana(data) === 3 && r() < 0.4)
    demais.push(mov(loja.localLoja, Math.floor(r() * produtos.length), 'PERDA', -UNIDADE));
  if (data === fimDoMes(data)) {
    const sobra = r() < 0.5;
    demais.push(
      mov(
        loja.localLoja,
        Math.floor(r() * produtos.length),
        sobra ? 'AJUSTE_ENTRADA' : 'AJUSTE_SAIDA',
        sobra ? UNIDADE : -UNIDADE,
      ),
    );
  }
  return { entradas, demais };
}
