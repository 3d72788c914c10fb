/**
 * `GET /api/v1/financeiro/planos-pagamento/vigentes`: the plans a POS may offer in a store on a store-local
 * date (enabled there by an active condition in force, active, available at the POS), with their parcels and
 * the fees that apply (the condition's, else the plan's). What the POS sales read.
 */
import { z } from 'zod';
import { dataDeNegocio } from '../contrato';

export const consultaPlanosVigentes = z.object({
  lojaId: z.coerce
    .number({ error: 'informe a loja.' })
    .int('informe a loja.')
    .min(1, 'informe a loja.')
    .max(2_147_483_647, 'informe a loja.'),
  /** store-local date; default: the store's today */
  data: dataDeNegocio().optional(),
  operacao: z.enum(['COMPRA', 'VENDA'], { error: 'use COMPRA ou VENDA.' }).default('VENDA'),
});
export type ConsultaPlanosVigentes = z.infer<typeof consultaPlanosVigentes>;

const parcelaVigente = z.object({ numero: z.number(), dias: z.number(), percentual: z.string() });

export const planoVigente = z.object({
  id: z.number(),
  descricao: z.string(),
  operacao: z.string(),
  tipoPagamento: z.string(),
  /** NFC-e tPag of the type */
  tPag: z.string(),
  quantidadeParcelas: z.number(),
  /** the condition's maximum, else the plan's count */
  maxParcelas: z.number(),
  possuiEntrada: z.boolean(),
  parcelas: z.array(parcelaVigente),
  valorMinimoParcela: z.string().nullable(),
  valorMinimoOperacao: z.string().nullable(),
  percentualAcrescimo: z.string().nullable(),
  percentualDesconto: z.string().nullable(),
  jurosMensal: z.string().nullable(),
  multa: z.string().nullable(),
  taxaAdministracao: z.string().nullable(),
  prazoRecebimentoDias: z.number().nullable(),
  agenteFinanceiro: z.object({ id: z.number(), descricao: z.string() }).nullable(),
  especieDocumentoId: z.number().nullable(),
  condicao: z.object({ id: z.number(), vigenciaInicio: z.string(), vigenciaFim: z.string().nullable() }),
});
export type PlanoVigente = z.infer<typeof planoVigente>;

export const planosVigentes = z.object({
  lojaId: z.number(),
  data: z.string(),
  operacao: z.string(),
  items: z.array(planoVigente),
});
export type PlanosVigentes = z.infer<typeof planosVigentes>;

export const MSG_PLANO_PAGAMENTO = {
  entidade: 'os planos de pagamento',
  planoNaoEncontrado: 'plano de pagamento não encontrado.',
  operacaoFixa: 'a operação não muda depois de criado o plano.',
  naoEhAdquirente: (descricao: string) => `${descricao} não é uma adquirente (agente financeiro do tipo adquirente).`,
  sobreposta: (id: number, loja: string, plano: string, inicio: string, fim: string | null) =>
    `Já existe a condição ${id} para a loja ${loja} e o plano "${plano}" com vigência sobreposta (${inicio} a ${fim ?? 'sem fim'}).`,
  vigenciaSobreposta: 'a vigência se sobrepõe à de outra condição desta loja e deste plano.',
} as const;
