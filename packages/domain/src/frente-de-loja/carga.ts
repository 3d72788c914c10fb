/**
 * The POS change feed (`POST /api/v1/pessoa/lojas/{lojaId}/cargas`, api-compat): the vendor SDK posts
 * `ParamCarga{dataUltimaAlteracao | marcador, entidades/values[]}` (XML) or the same in JSON and reads
 * `Carga{alterados, removidos, marcador}`. No marker and no date: the full load, paged; a marker: what changed
 * for the store since it; a page that filled up says `temMais` (call again with its marker).
 * Payment plans: the sale plans available at the POS with an active condition of the store not yet ended.
 */
import { z } from 'zod';

export const ENTIDADES_CARGA = [
  'PRODUTO',
  'PRECO',
  'CODIGO_AUXILIAR',
  'FORMA_PAGAMENTO',
  'MENSAGEM_PROMOCIONAL',
  'FUNCAO_PDV',
  'PLANO_PAGAMENTO',
] as const;
export type EntidadeCarga = (typeof ENTIDADES_CARGA)[number];

export const LIMITE_CARGA_PADRAO = 1000;
export const LIMITE_CARGA_MAXIMO = 5000;

export const MSG_CARGA = {
  entidade: 'carga do PDV',
  naoDisponivel: 'Carga não disponível.',
  marcadorInvalido: 'marcador inválido: use o marcador devolvido pela última carga.',
  marcadorFuturo: 'marcador inválido: ele é posterior às alterações existentes.',
  marcadorExpirado:
    'marcador expirado: as alterações seguintes a ele já foram descartadas; faça a carga completa de novo.',
  dataInvalida: 'informe a data no formato AAAA-MM-DDTHH:mm:ss.',
  entidadeDesconhecida: (valores: string) => `entidade desconhecida: ${valores}.`,
  outraLoja: 'Este dispositivo pertence a outra loja.',
  confirmada: 'Carga confirmada.',
  versaoFutura: 'versão das funções PDV maior que a atual da loja.',
  caixaNaoCadastrado: (n: number) => `O caixa ${n} não está cadastrado como PDV ativo desta loja.`,
} as const;

const entidade = z.enum(ENTIDADES_CARGA, {
  error: `entidade desconhecida; use ${ENTIDADES_CARGA.join(', ')}.`,
});

export const paramCarga = z.object({
  dataUltimaAlteracao: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?)?$/, MSG_CARGA.dataInvalida)
    .nullish(),
  marcador: z.string().trim().min(1).max(400).nullish(),
  entidades: z.array(entidade).max(20).nullish(),
  limite: z.number().int().min(1).max(LIMITE_CARGA_MAXIMO).nullish(),
});
export type ParamCarga = z.input<typeof paramCarga>;

export const itemCarga = z.object({
  entidade: z.enum(ENTIDADES_CARGA),
  id: z.string(),
  dados: z.record(z.string(), z.unknown()),
});
export const itemRemovido = z.object({ entidade: z.enum(ENTIDADES_CARGA), id: z.string() });

export const carga = z.object({
  alterados: z.array(itemCarga),
  removidos: z.array(itemRemovido),
  marcador: z.string(),
  temMais: z.boolean(),
});
export type Carga = z.input<typeof carga>;

/** POST …/cargas/confirmacao: the terminal applied the load up to `marcador` (and this POS functions version). */
export const entradaConfirmacaoCarga = z.object({
  lojaId: z.number().int().positive().max(2_147_483_647),
  marcador: z.string().trim().min(1).max(400),
  versaoFuncoes: z.number().int().min(0).nullish(),
  /** when a user or the SDK confirms for a terminal: its POS number in the store (a device confirms for itself) */
  numeroCaixa: z.number().int().min(1).max(999).nullish(),
});
export const confirmacaoCarga = z.object({
  lojaId: z.number(),
  marcador: z.string(),
  versaoFuncoes: z.number().nullable(),
  dispositivoId: z.number().nullable(),
  message: z.string(),
});
