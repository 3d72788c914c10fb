/**
 * Report 'Extrato de movimentações' (domain §5): the stock movements of the chosen stores and period,
 * filtered by type, section, brand, supplier and product, in date order, with totals per store and type.
 * Streamed: a cursor feeds the XLSX writer batch by batch (memory flat for any size); the PDF shows the
 * first LIMITE_PDF rows and says so, while the totals still count every movement.
 */
import {
  formatarData,
  formatarDinheiro,
  MSG_RELATORIO_ESTOQUE,
  ROTULO_TIPO_MOVIMENTO,
  type TipoMovimento,
} from '@retaguarda/domain';
import { type RawBuilder, type SqlBool, sql } from 'kysely';
import {
  condicoesDeProduto,
  todas,
  type FiltrosDeProduto,
  lerEmLotes,
  linhasDeFiltro,
  nomesDe,
  periodoEmTexto,
  Totais,
} from './filtros';
import {
  type Celula,
  type ColunaPlanilha,
  diaComoData,
  FORMATO_CUSTO,
  FORMATO_DATA,
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

export const TIPO_EXTRATO_MOVIMENTACOES = 'EXTRATO_MOVIMENTACOES';
export const LIMITE_PDF = 5_000;

export interface ParametrosMovimentacoes extends FiltrosDeProduto {
  de: string;
  ate: string;
  tipos: TipoMovimento[];
  produtos: number[];
}

/** The movements in report order (date, then posting): columns by position, see `COLUNAS`. */
export function consultaMovimentos(p: ParametrosMovimentacoes): RawBuilder<unknown> {
  const c: RawBuilder<SqlBool>[] = [
    sql<SqlBool>`m.loja_id = any(${p.lojas}::int4[])`,
    sql<SqlBool>`m.data between ${p.de}::date and ${p.ate}::date`,
  ];
  if (p.tipos.length) c.push(sql<SqlBool>`m.tipo = any(${p.tipos}::text[])`);
  if (p.produtos.length) c.push(sql<SqlBool>`m.produto_id = any(${p.produtos}::int4[])`);
  c.push(...condicoesDeProduto(p, sql`m.produto_id`));
  return sql`select m.data::text, m.loja_id, m.local_id, coalesce(p.codigo_interno, p.id::text), p.descricao, m.tipo,
      m.documento_tipo, m.documento_id::text, m.quantidade::text, m.custo_unitario::text,
      round(m.quantidade * m.custo_unitario, 2)::text, m.custo_medio_apos::text,
      case when u.permite_fracionamento then coalesce(u.casas_decimais, 0) else 0 end
    from movimento_estoque m join produto p on p.id = m.produto_id
    left join unidade u on u.id = p.unidade_de_venda_id
    where ${todas(c)}
    order by m.data, m.id`;
}

export type Linha = [
  data: string,
  lojaId: number,
  localId: number,
  codigo: string,
  produto: string,
  tipo: TipoMovimento,
  documentoTipo: string,
  documentoId: string | null,
  quantidade: string,
  custoUnitario: string,
  valor: string,
  custoMedioApos: string,
  /** the decimals of the product's unit */
  casas: number,
];

const COLUNAS: readonly (ColunaPlanilha & { direita?: boolean })[] = [
  { rotulo: 'Data', largura: 11, formato: FORMATO_DATA },
  { rotulo: 'Loja', largura: 8 },
  { rotulo: 'Local', largura: 16 },
  { rotulo: 'Código', largura: 12 },
  { rotulo: 'Produto', largura: 40 },
  { rotulo: 'Tipo', largura: 22 },
  { rotulo: 'Documento', largura: 16 },
  { rotulo: 'Quantidade', largura: 14, direita: true },
  { rotulo: 'Custo unitário', largura: 14, direita: true, formato: FORMATO_CUSTO },
  { rotulo: 'Valor', largura: 16, direita: true, formato: FORMATO_DINHEIRO },
  { rotulo: 'Custo médio após', largura: 16, direita: true, formato: FORMATO_CUSTO },
];
const colunasTotais = (casas: number): readonly ColunaPlanilha[] => [
  { rotulo: 'Loja', largura: 10 },
  { rotulo: 'Tipo', largura: 26 },
  { rotulo: 'Movimentos', largura: 12, formato: '#,##0' },
  { rotulo: 'Quantidade', largura: 16, formato: formatoQuantidade(casas) },
  { rotulo: 'Valor', largura: 18, formato: FORMATO_DINHEIRO },
];

/** A movement's PDF cells: the quantity in its unit's decimals, costs with up to 4, the value with 2. */
export function celulasPdfMovimento(l: Linha, loja: string, local: string): TableCell[] {
  const dir = (t: string) => ({ text: t, alignment: 'right' });
  return [
    formatarData(l[0]),
    loja,
    local,
    l[3],
    l[4],
    ROTULO_TIPO_MOVIMENTO[l[5]],
    documento(l[6], l[7]),
    dir(textoQuantidade(l[8], l[12])),
    dir(textoCusto(l[9])),
    dir(formatarDinheiro(l[10])),
    dir(textoCusto(l[11])),
  ];
}

/** The same row in XLSX: the date a date, numbers with their formats. */
export function celulasPlanilhaMovimento(l: Linha, loja: string, local: string): Celula[] {
  return [
    diaComoData(l[0]),
    loja,
    local,
    l[3],
    l[4],
    ROTULO_TIPO_MOVIMENTO[l[5]],
    documento(l[6], l[7]),
    { valor: numero(l[8]), formato: formatoQuantidade(l[12]) },
    numero(l[9]),
    numero(l[10]),
    numero(l[11]),
  ];
}

/** 'AJUSTE', 12 → 'Ajuste 12' */
export function documento(tipo: string, id: string | null): string {
  const nome = tipo.charAt(0) + tipo.slice(1).toLowerCase().replace(/_/g, ' ');
  return id ? `${nome} ${id}` : nome;
}

const SEP = '\u0000';
const plural = (n: number, um: string, varios: string) => `${n.toLocaleString('pt-BR')} ${n === 1 ? um : varios}`;

export const gerarMovimentacoes: Gerador = async ({ db, assinanteId, relatorio, parametros, progresso }) => {
  const p = parametros as unknown as ParametrosMovimentacoes;
  const { cabecalho, nomes } = await db.withTenant(assinanteId, async (trx) => {
    const nomes = await nomesDe(trx, p.lojas);
    const filtros = await linhasDeFiltro(trx, p, nomes, [periodoEmTexto(p.de, p.ate)]);
    return { nomes, cabecalho: { ...(await cabecalhoDe(trx, relatorio)), filtros } };
  });
  const loja = (id: number) => nomes.lojas.get(id) ?? String(id);
  const local = (id: number) => nomes.locais.get(id) ?? String(id);
  // totals per store + type (the key sorts by store acronym, then type label)
  const totais = new Totais<string>();
  const xlsx = relatorio.formato === 'XLSX' ? await PlanilhaEmFluxo.abrir(cabecalho, 'Movimentos', COLUNAS) : null;
  const pdf: Linha[] = [];
  let casas = 0;
  let lidas = 0;
  try {
    await lerEmLotes(db, assinanteId, consultaMovimentos(p), async (lote) => {
      for (const bruta of lote) {
        const l = bruta as Linha;
        totais.somar(`${loja(l[1])}${SEP}${ROTULO_TIPO_MOVIMENTO[l[5]]}`, l[8], l[10]);
        if (l[12] > casas) casas = l[12];
        if (xlsx) await xlsx.linha(celulasPlanilhaMovimento(l, loja(l[1]), local(l[2])));
        else if (pdf.length < LIMITE_PDF) pdf.push(l);
      }
      lidas += lote.length;
      if (lidas % 100_000 < lote.length)
        await progresso?.(1, 3, `Lendo os dados (${plural(lidas, 'movimento', 'movimentos')})`);
    });
  } catch (err) {
    await xlsx?.descartar();
    throw err;
  }
  await progresso?.(1, 3, 'Montando o arquivo');
  const resumo =
    lidas > pdf.length && !xlsx
      ? `Exibindo os primeiros ${LIMITE_PDF.toLocaleString('pt-BR')} de ${plural(lidas, 'movimento', 'movimentos')} (limite do PDF). Os totais abaixo somam todos. Gere em Excel para a lista completa.`
      : `${plural(lidas, 'movimento', 'movimentos')}.`;
  const linhasTotais = tabelaDeTotais(totais);
  if (xlsx) {
    xlsx.nota(resumo);
    xlsx.tabela(
      'Totais',
      colunasTotais(casas),
      linhasTotais.map((t) => [t.loja, t.tipo, t.linhas, numero(t.quantidade), numero(t.valor)]),
    );
    return arquivo(relatorio.titulo, 'XLSX', await xlsx.fechar());
  }
  const th = (c: { rotulo: string; direita?: boolean }) => ({
    text: c.rotulo,
    style: 'th',
    alignment: c.direita ? 'right' : 'left',
  });
  const dir = (t: string) => ({ text: t, alignment: 'right' });
  const corpo: TableCell[][] = [COLUNAS.map(th), ...pdf.map((l) => celulasPdfMovimento(l, loja(l[1]), local(l[2])))];
  const corpoTotais: TableCell[][] = [
    colunasTotais(casas).map((c, i) => th({ rotulo: c.rotulo, direita: i >= 2 })),
    ...linhasTotais.map((t) =>
      [
        t.loja,
        t.tipo,
        dir(t.linhas.toLocaleString('pt-BR')),
        dir(textoQuantidade(t.quantidade, casas)),
        dir(formatarDinheiro(t.valor)),
      ].map((c) => (t.subtotal ? (typeof c === 'string' ? { text: c, bold: true } : { ...c, bold: true }) : c)),
    ),
  ];
  const doc = documentoPaisagem(cabecalho, [
    pdf.length
      ? {
          table: { headerRows: 1, widths: [44, 30, 60, 44, '*', 70, 60, 52, 52, 56, 52], body: corpo },
          layout: 'lightHorizontalLines',
        }
      : { text: 'Nenhum movimento encontrado com os filtros aplicados.', italics: true },
    { text: resumo, style: 'aviso' },
    ...(linhasTotais.length
      ? [
          {
            text: 'Totais por loja e tipo',
            bold: true,
            fontSize: 10,
            margin: [0, 10, 0, 4],
            pageBreak: pdf.length > 40 ? 'before' : undefined,
          },
          {
            table: { headerRows: 1, widths: [50, 120, 60, 80, 90], body: corpoTotais },
            layout: 'lightHorizontalLines',
          },
        ]
      : []),
  ]);
  return arquivo(relatorio.titulo, 'PDF', await renderizarPdf(doc, `${cabecalho.assinante} · ${cabecalho.titulo}`));
};

/** store by store: one line per type, then the store's total; then the grand total. */
export function tabelaDeTotais(totais: Totais<string>) {
  const linhas: { loja: string; tipo: string; linhas: number; quantidade: string; valor: string; subtotal: boolean }[] =
    [];
  const porLoja = new Totais<string>();
  const geral = new Totais<string>();
  const entradas = totais.entradas();
  for (const [chave, t] of entradas) {
    const [loja = '', tipo = ''] = chave.split(SEP);
    linhas.push({ loja, tipo, ...t, subtotal: false });
    porLoja.somar(loja, t.quantidade, t.valor, t.linhas);
    geral.somar('geral', t.quantidade, t.valor, t.linhas);
  }
  const saida: typeof linhas = [];
  for (const [loja, t] of porLoja.entradas()) {
    saida.push(...linhas.filter((l) => l.loja === loja));
    saida.push({ loja, tipo: `Total ${loja}`, ...t, subtotal: true });
  }
  const g = geral.entradas()[0];
  if (g) saida.push({ loja: 'Geral', tipo: 'Total geral', ...g[1], subtotal: true });
  return saida;
}

export const TITULO_MOVIMENTACOES = MSG_RELATORIO_ESTOQUE.tituloMovimentacoes;
