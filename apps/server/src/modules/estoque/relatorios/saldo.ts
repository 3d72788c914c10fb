/**
 * Report 'Saldo de estoque': the balance of each store + location + product at the end of a store-local
 * day, valued at the store + product average cost as of that day, with totals per store. The balance is
 * the last saldo_estoque_dia row on or before the day (back-dated postings included); the average is the
 * one after the last movement dated on or before it (as GET /estoque/saldos?data=), one lookup in
 * saldo_estoque_dia (migration 0580: each key and day's last movement and the average after it; the store's
 * latest among its locations) instead of two — the day, then its last movement in the partitioned ledger,
 * about half the query's time over 1 M balances. Keys are those the ledger ever touched (saldo_estoque); streamed like the statement.
 */
import {
  formatarData,
  formatarDinheiro,
  mantemSaldo,
  ROTULO_SITUACAO_SALDO,
  type SituacaoSaldo,
  sinalDe,
} from '@retaguarda/domain';
import { type RawBuilder, type SqlBool, sql } from 'kysely';
import type { Database } from '../../../db/database';
import {
  condicoesDeProduto,
  todas,
  type FiltrosDeProduto,
  lerEmLotes,
  linhasDeFiltro,
  nomesDe,
  Totais,
} from './filtros';
import {
  type Celula,
  type ColunaPlanilha,
  FORMATO_CUSTO,
  FORMATO_DINHEIRO,
  formatoQuantidade,
  numero,
  PlanilhaEmFluxo,
  textoCusto,
  textoQuantidade,
  cabecalhoDe,
  arquivo,
  documentoPaisagem,
  renderizarPdf,
  type TableCell,
  type Gerador,
} from '../../relatorios';

export const TIPO_SALDO_ESTOQUE = 'SALDO_ESTOQUE';
export const LIMITE_PDF_SALDO = 5_000;

export interface ParametrosSaldo extends FiltrosDeProduto {
  data: string;
  situacao: SituacaoSaldo;
}

/**
 * On or after the stores' last movement day the balance as of the date is the current one: the current
 * tables (saldo_estoque, custo_medio_estoque — the average as it stands, posting order included) in one
 * join, instead of three lookups per row. Same columns as `consultaSaldos`.
 */
export function consultaSaldosAtuais(p: ParametrosSaldo): RawBuilder<unknown> {
  const c: RawBuilder<SqlBool>[] = [sql<SqlBool>`s.loja_id = any(${p.lojas}::int4[])`];
  c.push(...condicoesDeProduto(p, sql`s.produto_id`));
  return sql`select s.loja_id, s.local_id, coalesce(p.codigo_interno, p.id::text), p.descricao,
      s.quantidade::text, true, coalesce(cm.custo_medio, 0)::text,
      round(s.quantidade * coalesce(cm.custo_medio, 0), 2)::text, case when u.permite_fracionamento then coalesce(u.casas_decimais, 0) else 0 end
    from saldo_estoque s
    join produto p on p.id = s.produto_id
    left join unidade u on u.id = p.unidade_de_venda_id
    left join custo_medio_estoque cm on cm.loja_id = s.loja_id and cm.produto_id = s.produto_id
    where ${todas(c)}
    order by s.loja_id, s.local_id, s.produto_id`;
}

/** The stores' last movement day (none: null): a date on or after it reads the current balances. */
async function ultimoDia(db: Database, assinanteId: number, lojas: number[]): Promise<string | null> {
  return db.withTenant(assinanteId, async (trx) => {
    const { rows } = await sql<{ dia: string | null }>`select max(data)::text as dia from movimento_estoque
      where loja_id = any(${lojas}::int4[])`.execute(trx);
    return rows[0]?.dia ?? null;
  });
}

/** Balances as of `p.data`, in store, location, product order: columns by position, see `Linha`. */
export function consultaSaldos(p: ParametrosSaldo): RawBuilder<unknown> {
  const c: RawBuilder<SqlBool>[] = [sql<SqlBool>`s.loja_id = any(${p.lojas}::int4[])`];
  c.push(...condicoesDeProduto(p, sql`s.produto_id`));
  return sql`select s.loja_id, s.local_id, coalesce(p.codigo_interno, p.id::text), p.descricao,
      coalesce(d.saldo, 0)::text, d.data is not null, coalesce(cm.custo, 0)::text,
      round(coalesce(d.saldo, 0) * coalesce(cm.custo, 0), 2)::text, case when u.permite_fracionamento then coalesce(u.casas_decimais, 0) else 0 end
    from saldo_estoque s
    join produto p on p.id = s.produto_id
    left join unidade u on u.id = p.unidade_de_venda_id
    left join lateral (select x.saldo, x.data from saldo_estoque_dia x
                        where x.loja_id = s.loja_id and x.local_id = s.local_id and x.produto_id = s.produto_id
                          and x.data <= ${p.data}::date
                        order by x.data desc limit 1) d on true
    left join lateral (select x.custo_medio as custo from saldo_estoque_dia x
                        where x.loja_id = s.loja_id and x.produto_id = s.produto_id and x.data <= ${p.data}::date
                        order by x.data desc, x.movimento_id desc limit 1) cm on true
    where ${todas(c)}
    order by s.loja_id, s.local_id, s.produto_id`;
}

export type Linha = [
  lojaId: number,
  localId: number,
  codigo: string,
  produto: string,
  saldo: string,
  movimentado: boolean,
  custoMedio: string,
  valor: string,
  /** the decimals of the product's unit */
  casas: number,
];

const COLUNAS: readonly (ColunaPlanilha & { direita?: boolean })[] = [
  { rotulo: 'Loja', largura: 8 },
  { rotulo: 'Local', largura: 18 },
  { rotulo: 'Código', largura: 12 },
  { rotulo: 'Produto', largura: 44 },
  { rotulo: 'Saldo', largura: 14, direita: true },
  { rotulo: 'Custo médio', largura: 14, direita: true, formato: FORMATO_CUSTO },
  { rotulo: 'Valor em estoque', largura: 18, direita: true, formato: FORMATO_DINHEIRO },
];
/** the totals' quantities in the most decimals of the units summed */
const colunasTotais = (casas: number): readonly ColunaPlanilha[] => [
  { rotulo: 'Loja', largura: 12 },
  { rotulo: 'Itens', largura: 12, formato: '#,##0' },
  { rotulo: 'Saldo', largura: 18, formato: formatoQuantidade(casas) },
  { rotulo: 'Valor em estoque', largura: 20, formato: FORMATO_DINHEIRO },
];

/** A balance's PDF cells: the quantity in its unit's decimals, the average with up to 4, the value with 2. */
export function celulasPdfSaldo(l: Linha, loja: string, local: string): TableCell[] {
  const dir = (t: string) => ({ text: t, alignment: 'right' });
  return [
    loja,
    local,
    l[2],
    l[3],
    dir(textoQuantidade(l[4], l[8])),
    dir(textoCusto(l[6])),
    dir(formatarDinheiro(l[7])),
  ];
}

/** The same row in XLSX: numbers, each with its format. */
export function celulasPlanilhaSaldo(l: Linha, loja: string, local: string): Celula[] {
  return [
    loja,
    local,
    l[2],
    l[3],
    { valor: numero(l[4]), formato: formatoQuantidade(l[8]) },
    numero(l[6]),
    numero(l[7]),
  ];
}

const plural = (n: number, um: string, varios: string) => `${n.toLocaleString('pt-BR')} ${n === 1 ? um : varios}`;

export const gerarSaldo: Gerador = async ({ db, assinanteId, relatorio, parametros, progresso }) => {
  const p = parametros as unknown as ParametrosSaldo;
  const { cabecalho, nomes } = await db.withTenant(assinanteId, async (trx) => {
    const nomes = await nomesDe(trx, p.lojas);
    const filtros = await linhasDeFiltro(trx, p, nomes, [
      `Saldo no fim do dia ${formatarData(p.data)}, valorizado pelo custo médio`,
      `Situação do estoque: ${ROTULO_SITUACAO_SALDO[p.situacao]}`,
    ]);
    return { nomes, cabecalho: { ...(await cabecalhoDe(trx, relatorio)), filtros } };
  });
  const loja = (id: number) => nomes.lojas.get(id) ?? String(id);
  const local = (id: number) => nomes.locais.get(id) ?? String(id);
  const totais = new Totais<string>();
  const xlsx = relatorio.formato === 'XLSX' ? await PlanilhaEmFluxo.abrir(cabecalho, 'Saldos', COLUNAS) : null;
  const pdf: Linha[] = [];
  let itens = 0;
  let casas = 0;
  let lidas = 0;
  try {
    const ultimo = await ultimoDia(db, assinanteId, p.lojas);
    const consulta = ultimo === null || p.data >= ultimo ? consultaSaldosAtuais(p) : consultaSaldos(p);
    await lerEmLotes(db, assinanteId, consulta, async (lote) => {
      for (const bruta of lote) {
        const l = bruta as Linha;
        if (!mantemSaldo(p.situacao, sinalDe(l[4]), l[5])) continue;
        itens++;
        if (l[8] > casas) casas = l[8];
        totais.somar(loja(l[0]), l[4], l[7]);
        if (xlsx) await xlsx.linha(celulasPlanilhaSaldo(l, loja(l[0]), local(l[1])));
        else if (pdf.length < LIMITE_PDF_SALDO) pdf.push(l);
      }
      lidas += lote.length;
      if (lidas % 100_000 < lote.length)
        await progresso?.(1, 3, `Lendo os dados (${plural(lidas, 'saldo', 'saldos')})`);
    });
  } catch (err) {
    await xlsx?.descartar();
    throw err;
  }
  await progresso?.(1, 3, 'Montando o arquivo');
  const resumo =
    itens > pdf.length && !xlsx
      ? `Exibindo os primeiros ${LIMITE_PDF_SALDO.toLocaleString('pt-BR')} de ${plural(itens, 'item', 'itens')} (limite do PDF). Os totais abaixo somam todos. Gere em Excel para a lista completa.`
      : `${plural(itens, 'item', 'itens')}.`;
  const porLoja = totais.entradas();
  const geral = new Totais<string>();
  for (const [, t] of porLoja) geral.somar('geral', t.quantidade, t.valor, t.linhas);
  const linhasTotais = [
    ...porLoja.map(([l, t]) => ({ loja: l, ...t })),
    ...geral.entradas().map(([, t]) => ({ loja: 'Total geral', ...t })),
  ];
  if (xlsx) {
    xlsx.nota(resumo);
    xlsx.tabela(
      'Totais por loja',
      colunasTotais(casas),
      linhasTotais.map((t) => [t.loja, t.linhas, numero(t.quantidade), numero(t.valor)]),
    );
    return arquivo(relatorio.titulo, 'XLSX', await xlsx.fechar());
  }
  const dir = (t: string, bold = false) => ({ text: t, alignment: 'right', bold });
  const corpo: TableCell[][] = [
    COLUNAS.map((c) => ({ text: c.rotulo, style: 'th', alignment: c.direita ? 'right' : 'left' })),
    ...pdf.map((l) => celulasPdfSaldo(l, loja(l[0]), local(l[1]))),
  ];
  const corpoTotais: TableCell[][] = [
    colunasTotais(casas).map((c, i) => ({ text: c.rotulo, style: 'th', alignment: i ? 'right' : 'left' })),
    ...linhasTotais.map((t, i) => {
      const b = i === linhasTotais.length - 1;
      return [
        { text: t.loja, bold: b },
        dir(t.linhas.toLocaleString('pt-BR'), b),
        dir(textoQuantidade(t.quantidade, casas), b),
        dir(formatarDinheiro(t.valor), b),
      ];
    }),
  ];
  const doc = documentoPaisagem(cabecalho, [
    pdf.length
      ? {
          table: { headerRows: 1, widths: [40, 90, 60, '*', 70, 70, 80], body: corpo },
          layout: 'lightHorizontalLines',
        }
      : { text: 'Nenhum saldo encontrado com os filtros aplicados.', italics: true },
    { text: resumo, style: 'aviso' },
    ...(linhasTotais.length
      ? [
          { text: 'Totais por loja', bold: true, fontSize: 10, margin: [0, 10, 0, 4] },
          { table: { headerRows: 1, widths: [80, 60, 90, 100], body: corpoTotais }, layout: 'lightHorizontalLines' },
        ]
      : []),
  ]);
  return arquivo(relatorio.titulo, 'PDF', await renderizarPdf(doc, `${cabecalho.assinante} · ${cabecalho.titulo}`));
};
