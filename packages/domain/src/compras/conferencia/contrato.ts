/**
 * Conferência de compra (receiving count, domain §8): opened on a DIGITADA invoice
 * (POST /api/v1/compra/notas-fiscais/{id}/conferencia → 201, Location /api/v1/compra/conferencias/{id}),
 * counted product by product (POST /api/v1/compra/conferencias/{id}/produtos, and the SDK's batch of up to
 * 50 at …/produtos/lote, XML or JSON: api-compat.md C3), then closed (…/{id}/fechar): the divergences stay
 * on the invoice's items and the entry posts what was counted.
 */
import { z } from 'zod';
import { instante } from '../../contrato';
import { decimalTexto, LIMITES_DECIMAL } from '../../decimal';
import { STATUS_CONFERENCIA } from '../nota-fiscal/regras';

const id = (rotulo: string) =>
  z
    .number({ error: `informe ${rotulo}.` })
    .int(`informe ${rotulo}.`)
    .positive(`informe ${rotulo}.`)
    .max(2_147_483_647, `informe ${rotulo}.`);

const observacao = z
  .string()
  .trim()
  .max(500, 'no máximo 500 caracteres.')
  .nullish()
  .transform((v) => (v ? v : null));

export const entradaAbrirConferencia = z.object({ id: id('a nota'), observacao });

/**
 * One count: the product by id or by a code (EAN, internal code, the supplier's reference), the quantity
 * counted now (added to what was counted before: a scanner beep is 1, a collector line its total).
 */
export const entradaContarProduto = z
  .object({
    id: id('a conferência'),
    produtoId: id('o produto').optional(),
    codigo: z.string().trim().min(1).max(60).optional(),
    quantidade: decimalTexto({ ...LIMITES_DECIMAL.quantidade, positivo: true }),
  })
  .refine((e) => e.produtoId !== undefined || e.codigo !== undefined, {
    message: 'informe produtoId ou codigo.',
    path: ['produtoId'],
  });
export type EntradaContarProduto = z.output<typeof entradaContarProduto>;

export const contagemConferencia = z.object({
  conferenciaId: z.number(),
  produtoId: z.number(),
  /** the product's total counted so far */
  quantidade: z.string(),
});

export const entradaFecharConferencia = z.object({ id: id('a conferência') });

export const itemConferencia = z.object({
  produtoId: z.number(),
  descricao: z.string(),
  quantidadeNota: z.string(),
  quantidadeContada: z.string(),
  diferenca: z.string(),
});

export const conferenciaCompra = z.object({
  id: z.number(),
  lojaId: z.number(),
  notaFiscalId: z.number(),
  numeroNota: z.number(),
  serie: z.string(),
  fornecedor: z.string(),
  status: z.enum(STATUS_CONFERENCIA),
  observacao: z.string().nullable(),
  abertaEm: instante,
  fechadaEm: instante.nullable(),
  divergencias: z.number(),
  itens: z.array(itemConferencia),
});
export type ConferenciaCompra = z.output<typeof conferenciaCompra>;
