/**
 * The item grid's data and where it comes from. ui/ knows no area: the product search and the collector
 * calls are handed in by the screen (`FontesDaGrade`, e.g. modules/produto/grade.ts), so any document —
 * adjustment, transfer, order, purchase, count — holds the same grid.
 */
import type { LayoutColetorSalvo, ResultadoLeituraColetor } from '@retaguarda/domain';

/** One line as typed: quantities and costs in pt-BR text ("1,5"), the product's unit with it. */
export interface ItemDigitado {
  produtoId: number;
  descricao: string;
  quantidade: string;
  custoUnitario: string;
  /** the code the line came from (internal, EAN, auxiliary), for the user's eyes */
  codigo?: string;
  /** the sale unit and the decimals a quantity may carry in it (unknown: the server checks) */
  unidade?: string | null;
  casas?: number | null;
}

/** A product found by what was typed or read, with the factor of the code that named it. */
export interface ProdutoDaGrade {
  id: number;
  descricao: string;
  codigo: string;
  unidade: string | null;
  casas: number | null;
  /** how many sale units the code stands for ("12" for a box's EAN) */
  fator: string;
}

export interface FontesDaGrade {
  /** a code (internal, EAN, auxiliary) or a piece of the description → the products it names */
  buscar: (texto: string, lojaId: number | null) => Promise<ProdutoDaGrade[]>;
  coletor: {
    layouts: () => Promise<LayoutColetorSalvo[]>;
    salvarLayout: (l: LayoutColetorSalvo) => Promise<void>;
    /** sends a collector file (upload kind `coletor`) with progress → its id */
    enviar: (arquivo: File, aoProgredir: (fracao: number) => void) => Promise<{ id: string }>;
    ler: (e: {
      lojaId: number;
      layoutNome: string;
      arquivoId?: string;
      texto?: string;
    }) => Promise<ResultadoLeituraColetor>;
  };
}
