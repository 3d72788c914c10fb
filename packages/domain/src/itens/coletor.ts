/**
 * Collector files (issue #25.1): ONE reader for what a handheld collector, a spreadsheet or a pasted list
 * gives — code and quantity per line — under a saved layout: delimited ("EAN;QTD"), fixed width, or XLSX
 * (its rows arrive as cells: the server opens the workbook). Inventory and purchasing configure layouts
 * per tenant (POST /api/v1/produto/coletor/layouts); the grid reads a file or a paste through
 * POST /api/v1/produto/coletor/leituras, which resolves the codes in the same call.
 */
import { z } from 'zod';
import { Decimal } from '../decimal';

/** Most lines one file may hold (distinct codes are bounded by the resolver: 10 000). */
export const MAX_LINHAS_COLETOR = 50_000;

const coluna = z
  .number({ error: 'informe a coluna.' })
  .int('coluna inválida.')
  .min(1, 'a primeira coluna é 1.')
  .max(200, 'coluna inválida.');
const posicao = z
  .number({ error: 'informe a posição.' })
  .int('posição inválida.')
  .min(1, 'a primeira posição é 1.')
  .max(500, 'posição inválida.');
const tamanho = z
  .number({ error: 'informe o tamanho.' })
  .int('tamanho inválido.')
  .min(1, 'tamanho inválido.')
  .max(64, 'tamanho inválido.');
const linhasIgnoradas = z.number().int().min(0).max(20).default(0);
const separadorDecimal = z.enum([',', '.'], { error: 'o separador decimal é vírgula ou ponto.' }).default(',');

export const layoutColetor = z.discriminatedUnion(
  'formato',
  [
    z.object({
      formato: z.literal('DELIMITADO'),
      separador: z.string().min(1, 'informe o separador.').max(3, 'separador com mais de 3 caracteres.'),
      colunaCodigo: coluna,
      /** none: each line counts one */
      colunaQuantidade: coluna.nullish(),
      linhasIgnoradas,
      separadorDecimal,
    }),
    z.object({
      formato: z.literal('FIXO'),
      inicioCodigo: posicao,
      tamanhoCodigo: tamanho,
      inicioQuantidade: posicao.nullish(),
      tamanhoQuantidade: tamanho.nullish(),
      /** "000150" with 2 implied places is 1,50 */
      casasImplicitas: z.number().int().min(0).max(4).default(0),
      linhasIgnoradas,
    }),
    z.object({
      formato: z.literal('XLSX'),
      colunaCodigo: coluna,
      colunaQuantidade: coluna.nullish(),
      linhasIgnoradas,
      separadorDecimal,
    }),
  ],
  { error: 'o formato é DELIMITADO, FIXO ou XLSX.' },
);
export type LayoutColetor = z.output<typeof layoutColetor>;
export type FormatoColetor = LayoutColetor['formato'];

/** A layout as the tenant keeps it, by name. */
export const layoutColetorSalvo = z.object({
  nome: z.string().trim().min(1, 'informe o nome do layout.').max(60, 'no máximo 60 caracteres.'),
  layout: layoutColetor,
});
export type LayoutColetorSalvo = z.output<typeof layoutColetorSalvo>;

/** The layout every tenant has: "EAN;QTD", decimal comma. */
export const LAYOUT_COLETOR_PADRAO: LayoutColetorSalvo = {
  nome: 'EAN;QTD',
  layout: {
    formato: 'DELIMITADO',
    separador: ';',
    colunaCodigo: 1,
    colunaQuantidade: 2,
    linhasIgnoradas: 0,
    separadorDecimal: ',',
  },
};

export interface LinhaColetor {
  /** the file's line (1-based) */
  linha: number;
  codigo: string;
  /** decimal text ("2.5") */
  quantidade: string;
}
export interface FalhaColetor {
  linha: number;
  mensagem: string;
}

export const MSG_COLETOR = {
  semCodigo: 'linha sem código.',
  quantidade: (v: string) => `quantidade "${v.slice(0, 20)}" inválida.`,
  muitasLinhas: `o arquivo tem mais de ${MAX_LINHAS_COLETOR.toLocaleString('pt-BR')} linhas: divida-o.`,
  layoutNaoEncontrado: (nome: string) => `layout de coletor "${nome}" não encontrado.`,
  arquivoNaoEncontrado: 'arquivo não encontrado: envie-o de novo.',
  planilhaInvalida: 'não foi possível ler a planilha: salve-a como .xlsx e envie de novo.',
  muitosCodigos: (n: number) => `o arquivo tem mais de ${n.toLocaleString('pt-BR')} códigos diferentes: divida-o.`,
  informeArquivoOuTexto: 'informe o arquivo (arquivoId) ou o texto colado.',
} as const;

/** A typed quantity → decimal text, or null: "1.234,5" (comma decimal), "1,5", "2". */
export function quantidadeDoColetor(v: string, separador: ',' | '.' = ',', casasImplicitas = 0): string | null {
  let t = v.trim().replace(/\s/g, '');
  if (!t) return '1';
  if (separador === ',') t = t.replace(/\./g, '').replace(',', '.');
  else t = t.replace(/,/g, '');
  if (!/^\d{1,12}(\.\d{1,4})?$/.test(t)) return null;
  const d = casasImplicitas ? Decimal.de(t).vezes(`0.${'0'.repeat(casasImplicitas - 1)}1`) : Decimal.de(t);
  const texto = d.texto();
  return texto.includes('.') ? texto.replace(/0+$/, '').replace(/\.$/, '') : texto;
}

/**
 * Reads `fonte` (text lines for DELIMITADO and FIXO, rows of cells for XLSX) under `layout`: one line per
 * code read (a repeated code repeats: the grid adds them up), and the lines it could not read.
 */
export function lerColetor(
  fonte: string | readonly (readonly string[])[],
  layout: LayoutColetor,
): { linhas: LinhaColetor[]; falhas: FalhaColetor[] } {
  const linhas: LinhaColetor[] = [];
  const falhas: FalhaColetor[] = [];
  const brutas = typeof fonte === 'string' ? fonte.split(/\r?\n/) : fonte;
  if (brutas.length > MAX_LINHAS_COLETOR + layout.linhasIgnoradas + 1)
    return { linhas, falhas: [{ linha: 0, mensagem: MSG_COLETOR.muitasLinhas }] };
  for (let i = layout.linhasIgnoradas; i < brutas.length; i++) {
    const bruta = brutas[i]!;
    const [codigo, qtd] = campos(bruta, layout);
    if (!codigo && !qtd) continue; // blank line
    if (!codigo) {
      falhas.push({ linha: i + 1, mensagem: MSG_COLETOR.semCodigo });
      continue;
    }
    const quantidade = quantidadeDoColetor(
      qtd,
      layout.formato === 'FIXO' ? '.' : layout.separadorDecimal,
      layout.formato === 'FIXO' ? layout.casasImplicitas : 0,
    );
    if (quantidade === null) falhas.push({ linha: i + 1, mensagem: MSG_COLETOR.quantidade(qtd) });
    else linhas.push({ linha: i + 1, codigo, quantidade });
  }
  return { linhas, falhas };
}

/** The code and the quantity text of one line. */
function campos(bruta: string | readonly string[], layout: LayoutColetor): [string, string] {
  if (layout.formato === 'FIXO') {
    const t = typeof bruta === 'string' ? bruta : bruta.join('');
    const q =
      layout.inicioQuantidade && layout.tamanhoQuantidade
        ? t.substr(layout.inicioQuantidade - 1, layout.tamanhoQuantidade)
        : '';
    return [t.substr(layout.inicioCodigo - 1, layout.tamanhoCodigo).trim(), q.trim()];
  }
  const celulas =
    typeof bruta === 'string' ? bruta.split(layout.formato === 'DELIMITADO' ? layout.separador : '\t') : bruta;
  const celula = (c: number | null | undefined) => (c ? (celulas[c - 1] ?? '').trim().replace(/^"(.*)"$/, '$1') : '');
  return [celula(layout.colunaCodigo), celula(layout.colunaQuantidade)];
}
