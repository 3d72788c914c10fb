/**
 * Report 'Extrato de estoque' (PDF/XLSX) of one product at one store: the same reading as the screen
 * (modules/estoque/extrato.consulta.ts) — saldo anterior row, the movements with running balance and
 * average cost, saldo final row with the period's entries and exits. The job runs with the requester's
 * stores as they were when asked; rows are capped like the other reports and the report says so.
 */
import {
  custoExtrato,
  type FiltrosExtrato,
  formatarData,
  MSG_EXTRATO,
  ROTULO_TIPO_MOVIMENTO,
} from '@retaguarda/domain';
import { cabecalhoDoExtrato, linhasDoExtrato, resumoDoExtrato } from '../extrato.consulta';
import {
  cabecalhoDe,
  arquivo,
  LIMITE_LINHAS,
  documentoPaisagem,
  renderizarPdf,
  type TableCell,
  type Gerador,
  FORMATO_DINHEIRO,
  formatoQuantidade,
  planilha,
  textoQuantidade,
} from '../../relatorios';
import { sql } from 'kysely';

export interface ParametrosExtratoEstoque extends FiltrosExtrato {
  /** the requester's stores when asked */
  lojas: number[];
}

/** the columns; in XLSX dates are dates and figures numbers (quantities in the unit's decimals, #27.17) */
const colunas = (casas: number) =>
  [
    { rotulo: 'Data', direita: false, tipo: 'data' },
    { rotulo: 'Lançado em', direita: false, tipo: 'dataHora' },
    { rotulo: 'Documento', direita: false },
    { rotulo: 'Tipo', direita: false },
    { rotulo: 'Local', direita: false },
    { rotulo: 'Entrada', direita: true, tipo: 'numero', formato: formatoQuantidade(casas) },
    { rotulo: 'Saída', direita: true, tipo: 'numero', formato: formatoQuantidade(casas) },
    { rotulo: 'Saldo', direita: true, tipo: 'numero', formato: formatoQuantidade(casas) },
    { rotulo: 'Custo médio', direita: true, tipo: 'numero', formato: FORMATO_DINHEIRO },
    { rotulo: 'Usuário', direita: false },
  ] as const;

const hora = (instante: string) => `${formatarData(instante)} ${instante.slice(11, 16)}`;

export const gerarExtratoEstoque: Gerador = async ({ db, assinanteId, relatorio, parametros, progresso }) => {
  const p = parametros as unknown as ParametrosExtratoEstoque;
  const limite = LIMITE_LINHAS[relatorio.formato];
  const dados = await db.withTenant(assinanteId, async (trx) => {
    const { zona, ...cab } = await cabecalhoDoExtrato(trx, { lojas: p.lojas }, p);
    const resumo = await resumoDoExtrato(trx, p);
    const linhas = await linhasDoExtrato(trx, p, zona, resumo.saldoAnterior, { start: 0, count: limite });
    const { rows } = await sql<{ casas: number }>`select coalesce(case when u.permite_fracionamento
        then u.casas_decimais else 0 end, 0) as casas
      from produto x left join unidade u on u.id = x.unidade_de_venda_id where x.id = ${p.produtoId}`.execute(trx);
    return { cab, resumo, linhas, casas: rows[0]?.casas ?? 0, cabecalho: await cabecalhoDe(trx, relatorio) };
  });
  await progresso?.(1, 3, 'Montando o arquivo');
  const { cab, resumo } = dados;
  const COLUNAS = colunas(dados.casas);
  const quantidadeExtrato = (v: string) => textoQuantidade(v, dados.casas);
  /** an empty cell instead of a zero entry or exit */
  const seHouver = (v: string) => (/^0(\.0*)?$/.test(v) ? '' : quantidadeExtrato(v));
  const filtros = [
    `Produto: ${cab.produto.codigo} - ${cab.produto.descricao}`,
    `Loja: ${cab.loja.sigla} - ${cab.loja.nome}`,
    `Local: ${cab.local ? cab.local.descricao : MSG_EXTRATO.todosOsLocais}`,
    `Período: ${formatarData(p.de)} a ${formatarData(p.ate)}`,
  ];
  const cabecalho = { ...dados.cabecalho, filtros };
  const vazio = ['', '', '', '', ''];
  const linhas: string[][] = [
    [
      MSG_EXTRATO.saldoAnterior(p.de),
      ...vazio.slice(1),
      '',
      '',
      quantidadeExtrato(resumo.saldoAnterior),
      custoExtrato(resumo.custoMedioAnterior),
      '',
    ],
    ...dados.linhas.map((l) => [
      formatarData(l.data),
      hora(String(l.instante)),
      l.documento,
      ROTULO_TIPO_MOVIMENTO[l.tipo],
      l.local,
      seHouver(l.entrada),
      seHouver(l.saida),
      quantidadeExtrato(l.saldoApos),
      custoExtrato(l.custoMedioApos),
      l.usuario ?? '',
    ]),
  ];
  const cortado = resumo.total > dados.linhas.length;
  // the closing row is the ledger's own figure, right even when the listed lines were cut
  linhas.push([
    MSG_EXTRATO.saldoFinal(p.ate),
    ...vazio.slice(1),
    quantidadeExtrato(resumo.entradas),
    quantidadeExtrato(resumo.saidas),
    quantidadeExtrato(resumo.saldoFinal),
    '',
    '',
  ]);
  const aviso = cortado
    ? `Exibindo os primeiros ${dados.linhas.length.toLocaleString('pt-BR')} de ${resumo.total.toLocaleString('pt-BR')} movimentos (limite do relatório); os totais e o saldo final são do período inteiro.`
    : resumo.total
      ? `${resumo.total.toLocaleString('pt-BR')} ${resumo.total === 1 ? 'movimento' : 'movimentos'} no período.`
      : MSG_EXTRATO.semMovimentos;
  if (relatorio.formato === 'XLSX')
    return arquivo(relatorio.titulo, 'XLSX', await planilha(cabecalho, COLUNAS, linhas, aviso));
  const destaque = (i: number) => i === 0 || i === linhas.length - 1;
  const corpo: TableCell[][] = [
    COLUNAS.map((c) => ({ text: c.rotulo, style: 'th', alignment: c.direita ? 'right' : 'left' })),
    ...linhas.map((l, i) =>
      l.map((t, j) =>
        j === 0 && destaque(i)
          ? { text: t, bold: true, colSpan: 5 }
          : { text: t, alignment: COLUNAS[j]!.direita ? 'right' : 'left', bold: destaque(i) },
      ),
    ),
  ];
  const doc = documentoPaisagem(cabecalho, [
    {
      table: {
        headerRows: 1,
        widths: [48, 62, 70, 80, '*', 52, 52, 56, 60, 90],
        body: corpo,
        dontBreakRows: true,
      },
      layout: 'lightHorizontalLines',
    },
    { text: aviso, style: 'aviso' },
  ]);
  return arquivo(relatorio.titulo, 'PDF', await renderizarPdf(doc, `${cabecalho.assinante} · ${cabecalho.titulo}`));
};
