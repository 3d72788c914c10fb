/**
 * Shelf labels (api-compat C3 `/api/v1/produto/impressao-etiqueta`; the price audit's "reprint label"):
 * POST {lojas, produtos, layout, copias} → 202 + the job that lays the PDF out (one label per store ×
 * product × copy: description, code, the price — the offer's while it runs that day —, the EAN-13 bars).
 * The sheet layouts are the common label stocks (mm).
 */
import { z } from 'zod';

export interface LayoutEtiqueta {
  rotulo: string;
  /** page in mm (width × height); a roll is one label per page */
  pagina: readonly [number, number];
  colunas: number;
  linhas: number;
  /** one label (mm) */
  largura: number;
  altura: number;
  /** top-left corner of the first label, and the gaps between labels (mm) */
  margemSuperior: number;
  margemEsquerda: number;
  espacoColunas: number;
  espacoLinhas: number;
}

export const LAYOUTS_ETIQUETA = {
  // A4 sheets of 30 (Pimaco 6180 / Avery 5160 equivalent)
  'A4-3x10': {
    rotulo: 'A4 com 30 etiquetas (66,7 × 25,4 mm)',
    pagina: [210, 297],
    colunas: 3,
    linhas: 10,
    largura: 66.7,
    altura: 25.4,
    margemSuperior: 12.7,
    margemEsquerda: 4.7,
    espacoColunas: 2.5,
    espacoLinhas: 0,
  },
  // A4 sheets of 14 (Pimaco 6182)
  'A4-2x7': {
    rotulo: 'A4 com 14 etiquetas (99,1 × 38,1 mm)',
    pagina: [210, 297],
    colunas: 2,
    linhas: 7,
    largura: 99.1,
    altura: 38.1,
    margemSuperior: 15.1,
    margemEsquerda: 4.65,
    espacoColunas: 2.5,
    espacoLinhas: 0,
  },
  // thermal roll, the common shelf-edge size
  'rolo-100x30': {
    rotulo: 'Rolo térmico 100 × 30 mm',
    pagina: [100, 30],
    colunas: 1,
    linhas: 1,
    largura: 100,
    altura: 30,
    margemSuperior: 0,
    margemEsquerda: 0,
    espacoColunas: 0,
    espacoLinhas: 0,
  },
} as const satisfies Record<string, LayoutEtiqueta>;
export type NomeLayoutEtiqueta = keyof typeof LAYOUTS_ETIQUETA;
const NOMES = Object.keys(LAYOUTS_ETIQUETA) as [NomeLayoutEtiqueta, ...NomeLayoutEtiqueta[]];

/** labels one request may lay out (stores × products × copies) */
export const MAX_ETIQUETAS = 20_000;

const id = z.number().int().positive();
export const entradaImpressaoEtiqueta = z
  .object({
    lojas: z.array(id).min(1, 'informe ao menos uma loja.').max(200),
    produtos: z.array(id).min(1, 'informe ao menos um produto.').max(10_000),
    layout: z.enum(NOMES, { error: `layout inválido: use ${NOMES.join(', ')}.` }).default('A4-3x10'),
    copias: z.number().int().min(1).max(50).default(1),
  })
  .refine((e) => e.lojas.length * e.produtos.length * e.copias <= MAX_ETIQUETAS, {
    path: ['produtos'],
    message: `no máximo ${MAX_ETIQUETAS.toLocaleString('pt-BR')} etiquetas por pedido (lojas × produtos × cópias).`,
  });
export type EntradaImpressaoEtiqueta = z.output<typeof entradaImpressaoEtiqueta>;

export const impressaoEtiquetaIniciada = z.object({
  /** the job; the PDF is the report of the same id (GET /api/v1/relatorios/{id}/arquivo) */
  tarefaId: z.string(),
  message: z.string(),
});

export const MSG_ETIQUETA = {
  entidade: 'etiquetas de gôndola',
  titulo: 'Etiquetas de gôndola',
  iniciada: 'Impressão de etiquetas solicitada: você será avisado quando o PDF estiver pronto.',
  produtosNaoEncontrados: (ids: string) => `produto(s) não encontrado(s): ${ids}.`,
  lojasNaoEncontradas: (ids: string) => `loja(s) não encontrada(s): ${ids}.`,
  lojasForaDoEscopo: (ids: string) => `Você não tem acesso à(s) loja(s) ${ids}.`,
};

/** The price a label shows on `dia` (YYYY-MM-DD): the offer while it runs, else the sale price. */
export function precoDaEtiqueta(p: {
  precoVenda1: string | null;
  precoOferta1: string | null;
  inicioOferta: string | null;
  fimOferta: string | null;
  dia: string;
}): { preco: string | null; oferta: boolean } {
  const ofertaValida =
    p.precoOferta1 !== null &&
    Number(p.precoOferta1) > 0 &&
    (p.inicioOferta === null || p.inicioOferta <= p.dia) &&
    (p.fimOferta === null || p.dia <= p.fimOferta);
  return ofertaValida ? { preco: p.precoOferta1, oferta: true } : { preco: p.precoVenda1, oferta: false };
}
