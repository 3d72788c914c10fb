/**
 * Inventory counting (domain §5.1; issue "Inventory counting"): the document, its items and counts, and the
 * commands' inputs. The vendor SDK (api-compat.md, C3) reads `GET …/inventarios/{id}/itens` and posts
 * `…/{id}/itens/lote` (batch protocol, ≤ 50) with the entity `{produtoId | codigo, quantidade}`.
 */
import { z } from 'zod';
import { falhaDaData, instante } from '../../contrato';
import { dataDeNegocio } from '../../contrato';
import { decimalTexto, LIMITES_DECIMAL } from '../../decimal';

export const TIPOS_INVENTARIO = ['GERAL', 'PARCIAL', 'ROTATIVO'] as const;
export type TipoInventario = (typeof TIPOS_INVENTARIO)[number];
export const STATUS_INVENTARIO = ['ABERTO', 'EM_CONTAGEM', 'EM_CONFERENCIA', 'FINALIZADO', 'CANCELADO'] as const;
export type StatusInventario = (typeof STATUS_INVENTARIO)[number];

const id = (rotulo: string) =>
  z
    .number({ error: `informe ${rotulo}.` })
    .int(`informe ${rotulo}.`)
    .positive(`informe ${rotulo}.`);
const ids = z.array(id('o código')).max(5000, 'no máximo 5000 códigos.').optional();

/** What a PARCIAL or ROTATIVO inventory covers: a product is in it when it matches any list given. */
export const escopoInventario = z.object({
  secoes: ids,
  grupos: ids,
  marcas: ids,
  fornecedores: ids,
  produtos: ids,
});
export type EscopoInventario = z.output<typeof escopoInventario>;

/** A store-local instant `YYYY-MM-DDTHH:mm:ss` (seconds optional), the store's zone: the wall clock as typed. */
export const dataHoraDaLoja = z
  .string({ error: 'informe a data e a hora (AAAA-MM-DDTHH:mm:ss).' })
  .transform((v, ctx) => {
    const t = v.trim();
    const falha = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(t)
      ? falhaDaData(t, true)
      : 'informe a data e a hora (AAAA-MM-DDTHH:mm:ss).';
    if (falha) {
      ctx.addIssue({ code: 'custom', message: falha });
      return z.NEVER;
    }
    return t.length === 16 ? `${t}:00` : t;
  });

export const entradaInventario = z.object({
  lojaId: id('a loja'),
  localId: id('o local de estoque'),
  descricao: z
    .string({ error: 'informe a descrição.' })
    .trim()
    .min(1, 'informe a descrição.')
    .max(120, 'no máximo 120 caracteres.'),
  tipo: z.enum(TIPOS_INVENTARIO, { error: 'informe GERAL, PARCIAL ou ROTATIVO.' }),
  dataReferencia: dataHoraDaLoja,
  escopo: escopoInventario.nullish().transform((v) => v ?? null),
  contagemCega: z.boolean({ error: 'informe true ou false.' }).default(false),
  numeroContagens: z
    .number({ error: 'informe de 1 a 3.' })
    .int('informe de 1 a 3.')
    .min(1, 'informe de 1 a 3.')
    .max(3, 'informe de 1 a 3.')
    .default(1),
});
export type EntradaInventario = z.output<typeof entradaInventario>;
export type FormularioInventario = z.input<typeof entradaInventario>;

/** Member commands: the path's `{id}`. */
export const entradaDoInventario = z.object({ id: id('o inventário') });

/** One count line (screen, SDK, device): the product by id or by any of its codes, the quantity counted. */
export const entradaItemInventario = z.object({
  id: id('o inventário'),
  produtoId: id('o produto').optional(),
  codigo: z
    .union([z.string(), z.number()])
    .transform((v) => String(v).trim())
    .optional(),
  quantidade: decimalTexto({ ...LIMITES_DECIMAL.quantidade, naoNegativo: true }),
  /** true: this quantity replaces the count's; default: adds to it (another shelf of the same product) */
  substituir: z.boolean({ error: 'informe true ou false.' }).default(false),
});
export type EntradaItemInventario = z.output<typeof entradaItemInventario>;

/** A recount: the products to count again (default: the divergent ones). */
export const entradaRecontagem = z.object({
  id: id('o inventário'),
  produtoIds: z.array(id('o produto')).max(200_000).optional(),
});
export type EntradaRecontagem = z.output<typeof entradaRecontagem>;

export const entradaFinalizacaoInventario = z.object({
  id: id('o inventário'),
  /** GERAL only: the items not counted are counted as zero */
  zerarNaoContados: z.boolean({ error: 'informe true ou false.' }).default(false),
  tipoAjusteSobraId: id('o tipo de ajuste de sobra').optional(),
  tipoAjusteFaltaId: id('o tipo de ajuste de falta').optional(),
  /** the movements' business date (default: the date of dataReferencia) */
  dataLancamento: dataDeNegocio({ informe: 'informe a data de lançamento.' }).optional(),
});
export type EntradaFinalizacaoInventario = z.output<typeof entradaFinalizacaoInventario>;

export const totaisDiferenca = z.object({ itens: z.number(), quantidade: z.string(), valor: z.string() });
export const resumoInventario = z.object({
  itensContados: z.number(),
  itensNaoContados: z.number(),
  sobras: totaisDiferenca,
  faltas: totaisDiferenca,
  /** sobras − faltas in R$ */
  valorLiquido: z.string(),
  /** INVENTARIO movements posted (a zero difference posts nothing) */
  movimentos: z.number(),
});
export type ResumoInventario = z.infer<typeof resumoInventario>;

export const inventario = z.object({
  id: z.number(),
  lojaId: z.number(),
  localId: z.number(),
  descricao: z.string(),
  tipo: z.enum(TIPOS_INVENTARIO),
  escopo: escopoInventario.nullable(),
  dataReferencia: z.string(),
  contagemCega: z.boolean(),
  numeroContagens: z.number(),
  contagemAtual: z.number(),
  status: z.enum(STATUS_INVENTARIO),
  usuarioId: z.number().nullable(),
  criadoEm: instante,
  iniciadoEm: instante.nullable(),
  finalizadoEm: instante.nullable(),
  canceladoEm: instante.nullable(),
  dataLancamento: z.string().nullable(),
  totalItens: z.number(),
  itensContados: z.number(),
  resumo: resumoInventario.nullable(),
  /** the names the screens show (the count screen's header, the list) */
  lojaSigla: z.string().nullish(),
  localDescricao: z.string().nullish(),
});
export type Inventario = z.infer<typeof inventario>;

export const inventarioNaLista = inventario.extend({
  lojaSigla: z.string().nullable(),
  localDescricao: z.string().nullable(),
});
export type InventarioNaLista = z.infer<typeof inventarioNaLista>;

export const contagemDoItem = z.object({
  n: z.number(),
  quantidade: z.string(),
  usuarioId: z.number().nullable(),
  dispositivoId: z.number().nullable(),
  em: instante,
});

export const itemInventario = z.object({
  inventarioId: z.number(),
  produtoId: z.number(),
  produtoCodigo: z.string().nullable(),
  produtoDescricao: z.string().nullable(),
  unidade: z.string().nullable(),
  secaoId: z.number().nullable(),
  /** the expected balance at dataReferencia: null while a blind count is open */
  quantidadeSistema: z.string().nullable(),
  contagens: z.array(contagemDoItem),
  quantidadeFinal: z.string().nullable(),
  /** contado − esperado (null: not counted, or hidden by a blind count) */
  diferenca: z.string().nullable(),
  custoMedio: z.string().nullable(),
  valorDiferenca: z.string().nullable(),
  recontar: z.boolean(),
  /** once finalized: the adjustment type its movement was posted under (SOBRA for a surplus, FALTA for a shortage) */
  tipoAjusteId: z.number().nullable().optional(),
  tipoAjusteDescricao: z.string().nullable().optional(),
});
export type ItemInventario = z.infer<typeof itemInventario>;

/** The answer of a count line: the item's count now. */
export const contagemRegistrada = z.object({
  inventarioId: z.number(),
  produtoId: z.number(),
  n: z.number(),
  quantidade: z.string(),
});
export type ContagemRegistrada = z.infer<typeof contagemRegistrada>;

/** The finalization's answer: the document and its summary (a preview shows it before anything is posted). */
export const finalizacaoInventario = inventario.extend({ resumo: resumoInventario });

/** A collector file into the current count: an upload of kind `coletor` or a pasted text, by a saved layout. */
export const entradaImportacaoInventario = z
  .object({
    id: id('o inventário'),
    /** a saved layout's name; none: "EAN;QTD" */
    layoutNome: z.string().trim().min(1).max(60).nullish(),
    arquivoId: z.string().uuid('arquivo inválido.').nullish(),
    texto: z.string().max(2_000_000, 'texto com mais de 2 milhões de caracteres: envie um arquivo.').nullish(),
  })
  .refine((e) => !!e.arquivoId !== (e.texto != null), {
    message: 'informe o arquivo (arquivoId) ou o texto colado.',
    path: ['arquivoId'],
  });
export type EntradaImportacaoInventario = z.output<typeof entradaImportacaoInventario>;

export const problemaImportacao = z.object({ linha: z.number(), codigo: z.string().nullable(), mensagem: z.string() });
export type ProblemaImportacao = z.infer<typeof problemaImportacao>;

/** What the file counts (the preview shows it, with the problems by line, before anything is kept). */
export const importacaoInventario = z.object({
  inventarioId: z.number(),
  n: z.number(),
  linhas: z.number(),
  produtos: z.number(),
  quantidade: z.string(),
  problemas: z.array(problemaImportacao),
});
export type ImportacaoInventario = z.infer<typeof importacaoInventario>;
