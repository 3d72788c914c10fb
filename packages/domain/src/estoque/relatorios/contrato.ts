/**
 * Stock reports asked as background jobs (report framework, viewer /visualizacao-relatorio/:blob):
 * POST /api/v1/estoque/extrato-movimentacoes/relatorio and POST /api/v1/estoque/saldo-estoque/relatorio
 * → 202 + Location. Empty lists mean "no filter" (lojas: every store of the caller). Business dates
 * `YYYY-MM-DD` (store-local). The web's filter forms build these bodies.
 */
import { z } from 'zod';
import { dataDeNegocio } from '../../contrato';
import { TIPOS_MOVIMENTO } from '../movimento/contrato';
import { MSG_RELATORIO_ESTOQUE as M } from './mensagens';

/** most ids per filter list (a request is a filter, not a data load). */
export const MAX_IDS_FILTRO = 500;
/** longest period of the movements statement (one year plus a day: a whole year from the 1st to the 1st). */
export const MAX_DIAS_PERIODO = 367;

export const SITUACOES_SALDO = ['POSITIVO', 'NEGATIVO', 'ZERO', 'AMBOS', 'TODOS'] as const;
export type SituacaoSaldo = (typeof SITUACOES_SALDO)[number];
export const ROTULO_SITUACAO_SALDO: Record<SituacaoSaldo, string> = {
  POSITIVO: 'Positivo',
  NEGATIVO: 'Negativo',
  ZERO: 'Zero',
  AMBOS: 'Ambos (positivo e negativo)',
  TODOS: 'Todos',
};

export const FORMATOS_RELATORIO_ESTOQUE = ['PDF', 'XLSX'] as const;

const formato = z.preprocess(
  (v) => (typeof v === 'string' ? v.toUpperCase() : v),
  z.enum(FORMATOS_RELATORIO_ESTOQUE, { error: M.formatoInvalido }).default('PDF'),
);

const dataNegocio = dataDeNegocio({ informe: M.informeData });

const ids = z
  .array(z.number({ error: M.idInvalido }).int(M.idInvalido).positive(M.idInvalido), { error: M.idInvalido })
  .max(MAX_IDS_FILTRO, M.muitos(MAX_IDS_FILTRO))
  .default([])
  .transform((v) => [...new Set(v)]);

/** filters both reports share: stores and the product's section, brand and supplier. */
const filtrosDeProduto = {
  formato,
  lojas: ids,
  secoes: ids,
  marcas: ids,
  fornecedores: ids,
};

const diasEntre = (de: string, ate: string) =>
  (Date.parse(`${ate}T00:00:00Z`) - Date.parse(`${de}T00:00:00Z`)) / 86_400_000;

export const pedidoExtratoMovimentacoes = z
  .object({
    ...filtrosDeProduto,
    de: dataNegocio,
    ate: dataNegocio,
    tipos: z
      .array(z.enum(TIPOS_MOVIMENTO, { error: M.tipoInvalido }), { error: M.tipoInvalido })
      .max(TIPOS_MOVIMENTO.length)
      .default([])
      .transform((v) => [...new Set(v)]),
    produtos: ids,
  })
  .superRefine((p, ctx) => {
    if (p.ate < p.de) ctx.addIssue({ code: 'custom', path: ['ate'], message: M.periodoInvertido });
    else if (diasEntre(p.de, p.ate) > MAX_DIAS_PERIODO)
      ctx.addIssue({ code: 'custom', path: ['ate'], message: M.periodoLongo(MAX_DIAS_PERIODO) });
  });
export type PedidoExtratoMovimentacoes = z.output<typeof pedidoExtratoMovimentacoes>;
export type FormularioExtratoMovimentacoes = z.input<typeof pedidoExtratoMovimentacoes>;

export const pedidoSaldoEstoque = z.object({
  ...filtrosDeProduto,
  data: dataNegocio,
  situacao: z.enum(SITUACOES_SALDO, { error: M.situacaoInvalida }).default('AMBOS'),
});
export type PedidoSaldoEstoque = z.output<typeof pedidoSaldoEstoque>;
export type FormularioSaldoEstoque = z.input<typeof pedidoSaldoEstoque>;

/** labels of the request fields, for the reasons of a 422 ("Data final: …"). */
export const ROTULOS_RELATORIO_ESTOQUE: Readonly<Record<string, string>> = {
  formato: 'Formato',
  lojas: 'Lojas',
  secoes: 'Seções',
  marcas: 'Marcas',
  fornecedores: 'Fornecedores',
  produtos: 'Produtos',
  tipos: 'Tipos de movimento',
  de: 'Data inicial',
  ate: 'Data final',
  data: 'Data',
  situacao: 'Situação do estoque',
};
