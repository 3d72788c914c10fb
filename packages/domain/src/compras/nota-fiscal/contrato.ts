/**
 * Purchase invoices (domain §8, issue "Purchasing"): entered from the supplier's NF-e XML
 * (POST /api/v1/compra/notas-fiscais/xml?lojaId=, the file itself; `?previa=true` answers what would be
 * entered) or typed (POST /api/v1/compra/notas-fiscais), then confirmed (…/{id}/confirmar: ENTRADA_NF into
 * the stock ledger) or counted in a conferência. Read by GET /api/v1/compra/notas-fiscais with the
 * integration's field names (api-compat.md, C1).
 */
import { z } from 'zod';
import { dataDeNegocio, instante } from '../../contrato';
import { decimalTexto, LIMITES_DECIMAL } from '../../decimal';
import { STATUS_NOTA_COMPRA } from './regras';

const id = (rotulo: string) =>
  z
    .number({ error: `informe ${rotulo}.` })
    .int(`informe ${rotulo}.`)
    .positive(`informe ${rotulo}.`)
    .max(2_147_483_647, `informe ${rotulo}.`);

const texto = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `no máximo ${max} caracteres.`)
    .nullish()
    .transform((v) => (v ? v : null));

const dinheiro = decimalTexto({ ...LIMITES_DECIMAL.dinheiro, naoNegativo: true }).optional();
const aliquota = decimalTexto({ ...LIMITES_DECIMAL.percentual, naoNegativo: true }).optional();

/** Most items of one invoice (one transaction; an NF-e holds up to 990). */
export const MAX_ITENS_NOTA_COMPRA = 990;

/** The tax values of an item as the NF-e writes them (all optional on a typed entry). */
export const tributosDoItem = z.object({
  origemMercadoria: texto(1),
  cstIcms: texto(3),
  baseIcms: dinheiro,
  aliquotaIcms: aliquota,
  valorIcms: dinheiro,
  baseIcmsSt: dinheiro,
  aliquotaIcmsSt: aliquota,
  valorIcmsSt: dinheiro,
  cstIpi: texto(2),
  aliquotaIpi: aliquota,
  valorIpi: dinheiro,
  cstPis: texto(2),
  aliquotaPis: aliquota,
  valorPis: dinheiro,
  cstCofins: texto(2),
  aliquotaCofins: aliquota,
  valorCofins: dinheiro,
});

export const itemNotaCompraEntrada = tributosDoItem.extend({
  produtoId: id('o produto'),
  /** in the product's own unit */
  quantidade: decimalTexto({ ...LIMITES_DECIMAL.quantidade, positivo: true }),
  valorTotal: decimalTexto({ ...LIMITES_DECIMAL.dinheiro, naoNegativo: true }),
  valorDesconto: dinheiro,
  valorFrete: dinheiro,
  valorSeguro: dinheiro,
  valorOutras: dinheiro,
  cfop: texto(4),
  ncm: texto(8),
  codigoFornecedor: texto(60),
});

export const parcelaNotaCompra = z.object({
  numero: z.string().trim().min(1, 'informe o número da parcela.').max(60),
  vencimento: dataDeNegocio(),
  valor: decimalTexto({ ...LIMITES_DECIMAL.dinheiro, positivo: true }),
});

const serie = z
  .union([z.string(), z.number()])
  .transform((v) => String(v).trim())
  .pipe(z.string().regex(/^\d{1,3}$/, 'a série tem de 1 a 3 dígitos.'));
const numeroNota = z.number({ error: 'informe o número da nota.' }).int().positive().max(999_999_999);

/** The typed entry (no XML at hand: a paper invoice, a DANFE). */
export const entradaNotaFiscalCompra = z.object({
  lojaId: id('a loja'),
  fornecedorId: id('o fornecedor'),
  /** absent: the store's default entry location */
  localId: id('o local de estoque').nullish(),
  serie,
  numeroNota,
  chaveDaNfe: texto(60),
  naturezaOperacao: texto(60),
  dataEmissao: dataDeNegocio({ comHora: true }),
  /** absent: the store's today */
  dataEntrada: dataDeNegocio().optional(),
  observacao: texto(500),
  itens: z.array(itemNotaCompraEntrada).min(1, 'Informe ao menos um item.').max(MAX_ITENS_NOTA_COMPRA),
  parcelas: z.array(parcelaNotaCompra).max(120).optional(),
});
export type EntradaNotaFiscalCompra = z.output<typeof entradaNotaFiscalCompra>;

/** The XML entry: the route reads the uploaded file into `conteudo` (UTF-8 text). */
export const entradaNotaFiscalCompraXml = z.object({
  lojaId: id('a loja'),
  localId: id('o local de estoque').nullish(),
  dataEntrada: dataDeNegocio().optional(),
  nomeArquivo: texto(255),
  conteudo: z.string().min(1, 'o arquivo está vazio.'),
  /** the upload kit's record of the same bytes (set by the route when not a preview): kept with the invoice */
  arquivoId: z.uuid().nullish(),
});
export type EntradaNotaFiscalCompraXml = z.output<typeof entradaNotaFiscalCompraXml>;

export const entradaConfirmarNotaCompra = z.object({ id: id('a nota') });

const dec = z.string();
export const itemNotaFiscalCompra = z.object({
  ordem: z.number(),
  produtoId: z.number(),
  codigoFornecedor: z.string().nullable(),
  ean: z.string().nullable(),
  descricao: z.string(),
  ncm: z.string().nullable(),
  cest: z.string().nullable(),
  cfop: z.string().nullable(),
  unidadeComercial: z.string().nullable(),
  quantidadeComercial: dec,
  valorUnitario: dec,
  fator: dec,
  quantidade: dec,
  valorTotal: dec,
  valorDesconto: dec,
  valorFrete: dec,
  valorSeguro: dec,
  valorOutras: dec,
  origemMercadoria: z.string().nullable(),
  cstIcms: z.string().nullable(),
  baseIcms: dec,
  aliquotaIcms: dec,
  valorIcms: dec,
  baseIcmsSt: dec,
  aliquotaIcmsSt: dec,
  valorIcmsSt: dec,
  cstIpi: z.string().nullable(),
  aliquotaIpi: dec,
  valorIpi: dec,
  cstPis: z.string().nullable(),
  aliquotaPis: dec,
  valorPis: dec,
  cstCofins: z.string().nullable(),
  aliquotaCofins: dec,
  valorCofins: dec,
  custoUnitario: dec,
  quantidadeRecebida: dec.nullable(),
});
export type ItemNotaFiscalCompra = z.output<typeof itemNotaFiscalCompra>;

export const notaFiscalCompra = z.object({
  id: z.number(),
  lojaId: z.number(),
  fornecedorId: z.number(),
  fornecedor: z.string(),
  localId: z.number(),
  status: z.enum(STATUS_NOTA_COMPRA),
  origem: z.enum(['XML', 'DIGITACAO']),
  modelo: z.string(),
  serie: z.string(),
  numeroNota: z.number(),
  chaveDaNfe: z.string().nullable(),
  naturezaOperacao: z.string().nullable(),
  /** local date and time, YYYY-MM-DDTHH:mm:ss */
  dataEmissao: z.string(),
  dataEntrada: z.string(),
  valorProdutos: dec,
  valorFrete: dec,
  valorSeguro: dec,
  valorDesconto: dec,
  valorOutras: dec,
  baseIcms: dec,
  valorIcms: dec,
  baseIcmsSt: dec,
  valorIcmsSt: dec,
  valorIpi: dec,
  valorPis: dec,
  valorCofins: dec,
  valorDoDocumento: dec,
  quantidadeItens: z.number(),
  /** the supplier's XML as sent (GET /api/v1/arquivos/{id} by its sender); null when typed */
  arquivoId: z.string().nullable(),
  observacao: z.string().nullable(),
  confirmadaEm: instante.nullable(),
  criadoEm: instante,
  itens: z.array(itemNotaFiscalCompra),
  parcelas: z.array(z.object({ numero: z.string(), vencimento: z.string(), valor: dec })),
});
export type NotaFiscalCompra = z.output<typeof notaFiscalCompra>;
