/**
 * Export of the NFC-e monitor (report engine, 'NFCE_DOCUMENTOS'): the grid's rows under the filter and in its
 * order, as PDF (the first LIMITE_PDF_NFCE) or XLSX (the first LIMITE_XLSX_NFCE), with the filter written in
 * the header. The request stores the validated query (stores already resolved to the caller's scope), so
 * the file shows what the screen showed when it was asked for.
 */
import {
  type ConsultaNfce,
  type DocumentoNfceLinha,
  formatarData,
  formatarDinheiro,
  STATUS_NFCE,
  type StatusNfce,
} from '@retaguarda/domain';
import { sql } from 'kysely';
import {
  arquivo,
  cabecalhoDe,
  type ColunaPlanilha,
  documentoPaisagem,
  FORMATO_DINHEIRO,
  type Gerador,
  numero,
  PlanilhaEmFluxo,
  registrarGerador,
  renderizarPdf,
  type TableCell,
} from '../relatorios';
import { COLUNAS_NFCE, fromNfce } from './nfce-monitor.consulta';

export const TIPO_RELATORIO_NFCE = 'NFCE_DOCUMENTOS';
export const LIMITE_PDF_NFCE = 5_000;
export const LIMITE_XLSX_NFCE = 200_000;

export interface ParametrosRelatorioNfce {
  consulta: ConsultaNfce & { lojasEfetivas: number[] };
  /** the ORDER BY of the grid (resolved by the list's sort fields) */
  ordem: string;
}

const ROTULO: Record<StatusNfce, string> = Object.fromEntries(STATUS_NFCE.map((s) => [s, s])) as Record<
  StatusNfce,
  string
>;
const COLUNAS: ColunaPlanilha[] = [
  { rotulo: 'Loja', largura: 8 },
  { rotulo: 'Número', largura: 10 },
  { rotulo: 'Série', largura: 6 },
  { rotulo: 'Emissão', largura: 17 },
  { rotulo: 'Caixa', largura: 6 },
  { rotulo: 'Valor', largura: 12, formato: FORMATO_DINHEIRO },
  { rotulo: 'Status', largura: 13 },
  { rotulo: 'cStat', largura: 6 },
  { rotulo: 'Motivo', largura: 50 },
  { rotulo: 'Protocolo', largura: 17 },
  { rotulo: 'Chave de acesso', largura: 46 },
];
const emissao = (v: string | null) => (v ? `${formatarData(v)} ${v.slice(11, 16)}` : '');

function linhasDoFiltro(c: ConsultaNfce, siglas: string[]): string[] {
  const f: string[] = [];
  f.push(`Lojas: ${c.lojas.length ? siglas.join(', ') : 'todas as suas lojas'}`);
  if (c.de && c.ate) f.push(`Período (dia de cada loja): ${formatarData(c.de)} a ${formatarData(c.ate)}`);
  f.push(`Status: ${c.status ? ROTULO[c.status] : 'todos'}`);
  if (c.caixas.length) f.push(`Caixas: ${c.caixas.join(', ')}`);
  if (c.frentes.length) f.push(`PDVs: ${c.frentes.join(', ')}`);
  if (c.chave) f.push(`Chave: ${c.chave}`);
  if (c.motivos.length) f.push(`Motivos de rejeição: ${c.motivos.join(', ')}`);
  if (c.numeroMinimo !== null || c.numeroMaximo !== null)
    f.push(`Números: ${c.numeroMinimo ?? 'início'} a ${c.numeroMaximo ?? 'fim'}`);
  return f;
}

export const gerarRelatorioNfce: Gerador = async ({ db, assinanteId, relatorio, parametros, progresso }) => {
  const { consulta, ordem } = parametros as unknown as ParametrosRelatorioNfce;
  const xlsx = relatorio.formato === 'XLSX';
  const limite = xlsx ? LIMITE_XLSX_NFCE : LIMITE_PDF_NFCE;
  const { cabecalho, linhas, total } = await db.withTenant(assinanteId, async (trx) => {
    const { rows: siglas } = await sql<{ sigla: string }>`select sigla from loja
      where id = any(${consulta.lojas}::int4[]) order by sigla`.execute(trx);
    const filtros = linhasDoFiltro(
      consulta,
      siglas.map((s) => s.sigla),
    );
    await progresso?.(1, 3, 'Lendo os dados');
    const { rows } = await sql<DocumentoNfceLinha>`select ${COLUNAS_NFCE} ${fromNfce(consulta)}
      order by ${sql.raw(ordem)} limit ${limite}`.execute(trx);
    const { rows: n } = await sql<{ total: number }>`select count(*)::int as total ${fromNfce(consulta)}`.execute(trx);
    return { cabecalho: { ...(await cabecalhoDe(trx, relatorio)), filtros }, linhas: rows, total: n[0]?.total ?? 0 };
  });
  await progresso?.(2, 3, 'Montando o arquivo');
  const resumo =
    total > linhas.length
      ? `Exibindo as primeiras ${linhas.length.toLocaleString('pt-BR')} de ${total.toLocaleString('pt-BR')} notas (limite do ${xlsx ? 'Excel' : 'PDF'}).`
      : `${total.toLocaleString('pt-BR')} nota(s).`;
  const celulas = (d: DocumentoNfceLinha) => [
    d.loja,
    d.numero === null ? '' : String(d.numero),
    d.serie === null ? '' : String(d.serie),
    emissao(d.dataEmissao),
    d.numeroCaixa === null ? '' : String(d.numeroCaixa),
  ];
  if (xlsx) {
    const p = await PlanilhaEmFluxo.abrir(cabecalho, 'NFC-e', COLUNAS);
    try {
      for (const d of linhas)
        await p.linha([
          ...celulas(d),
          numero(d.valorTotal),
          d.status,
          d.cStat,
          d.xMotivo ?? '',
          d.protocolo ?? '',
          d.chave,
        ]);
      p.nota(resumo);
      return arquivo(relatorio.titulo, 'XLSX', await p.fechar());
    } catch (err) {
      await p.descartar();
      throw err;
    }
  }
  const corpo: TableCell[][] = [
    COLUNAS.map((c) => ({ text: c.rotulo, style: 'th' })),
    ...linhas.map((d) => [
      ...celulas(d),
      { text: formatarDinheiro(d.valorTotal), alignment: 'right' },
      d.status,
      d.cStat === null ? '' : String(d.cStat),
      d.xMotivo ?? '',
      d.protocolo ?? '',
      { text: d.chave, fontSize: 6 },
    ]),
  ];
  const doc = documentoPaisagem(cabecalho, [
    {
      table: {
        headerRows: 1,
        widths: ['auto', 'auto', 'auto', 'auto', 'auto', 'auto', 'auto', 'auto', '*', 'auto', 'auto'],
        body: corpo,
      },
      layout: 'lightHorizontalLines',
    },
    { text: resumo, style: 'aviso' },
  ]);
  return arquivo(relatorio.titulo, 'PDF', await renderizarPdf(doc, `${relatorio.titulo} — ${cabecalho.assinante}`));
};

registrarGerador(TIPO_RELATORIO_NFCE, gerarRelatorioNfce);
