/**
 * The sales-upload inconsistencies (domain §4 "Subida de vendas"): the pending transactions of
 * `subida_venda_transacao` reprocessed through the upload's own steps once the master data is fixed (one or a
 * selection at once; a whole error code by a chunked job), or discarded with a motivo. PERM_INCONSISTENCIA_EDITAR.
 */
import { z } from 'zod';
import { defineCommand } from '../../comandos/definir';
import { perm } from '../../permissions';
import { resultadoVendasPdv, TIPOS_ERRO_SUBIDA } from './contrato';
import { MSG_VENDA_PDV } from './mensagens';

/** Most transactions one reprocessing command takes (a whole code goes by a job, in chunks of this size). */
export const MAX_REPROCESSAR = 200;

const ids = (max: number) =>
  z
    .array(z.coerce.number().int().positive(), { error: 'informe as transações (ids).' })
    .min(1, 'informe ao menos uma transação.')
    .max(max, `no máximo ${max} transações por vez.`);

export const entradaReprocessarSubida = z.object({ ids: ids(MAX_REPROCESSAR) });
export const entradaReprocessarCodigo = z.object({
  tipoErro: z.enum(TIPOS_ERRO_SUBIDA, { error: 'informe o tipo de erro.' }),
  lojaId: z.coerce.number().int().positive().optional(),
});
export const entradaDescartarSubida = z.object({
  ids: ids(5000),
  motivo: z
    .string({ error: 'informe o motivo do descarte.' })
    .trim()
    .min(3, 'informe o motivo do descarte (ao menos 3 caracteres).')
    .max(200, 'no máximo 200 caracteres.'),
});

const editar = { permissao: perm('INCONSISTENCIA', 'EDITAR') } as const;
const CAMINHO = '/api/v1/pdv/inconsistencias-subida';

export const comandoReprocessarSubida = defineCommand({
  nome: 'pdv.subida-reprocessar',
  caminho: `${CAMINHO}/reprocessamento`,
  resumo: 'Reprocessa transações pendentes da subida de vendas pelos mesmos passos do envio',
  entidade: MSG_VENDA_PDV.entidadeInconsistencia,
  entrada: entradaReprocessarSubida,
  saida: resultadoVendasPdv,
  acesso: editar,
});

export const comandoReprocessarCodigo = defineCommand({
  nome: 'pdv.subida-reprocessar-codigo',
  caminho: `${CAMINHO}/reprocessamento-codigo`,
  resumo: 'Reprocessa todas as transações pendentes de um tipo de erro (tarefa em partes)',
  entidade: MSG_VENDA_PDV.entidadeInconsistencia,
  entrada: entradaReprocessarCodigo,
  saida: z.object({ tarefaId: z.string(), transacoes: z.number().int() }),
  acesso: editar,
  responde: 'tarefa',
});

export const comandoDescartarSubida = defineCommand({
  nome: 'pdv.subida-descartar',
  caminho: `${CAMINHO}/descarte`,
  resumo: 'Descarta transações pendentes da subida de vendas, com um motivo',
  entidade: MSG_VENDA_PDV.entidadeInconsistencia,
  entrada: entradaDescartarSubida,
  saida: z.object({ descartadas: z.number().int() }),
  acesso: editar,
});

/** One error code of the pending sales (the screen's first level). */
export const pendenciaSubida = z.object({
  tipoErro: z.enum(TIPOS_ERRO_SUBIDA),
  descricao: z.string(),
  quantidade: z.number().int(),
  valor: z.string(),
  lojas: z.array(z.number().int()),
  primeira: z.string(),
  ultima: z.string(),
});
export type PendenciaSubida = z.infer<typeof pendenciaSubida>;

/** One pending (or settled) transaction of a code (the second level), with its payload as received. */
export const transacaoSubida = z.object({
  id: z.number().int(),
  lojaId: z.number().int(),
  pdv: z.number().int(),
  numeroCupom: z.number().nullable(),
  chave: z.string().nullable(),
  dataMovimento: z.string(),
  dataHora: z.string(),
  operador: z.string().nullable(),
  valor: z.string(),
  tipoErro: z.enum(TIPOS_ERRO_SUBIDA),
  mensagem: z.string(),
  status: z.enum(['PENDENTE', 'REPROCESSADA', 'DESCARTADA']),
  tentativas: z.number().int(),
  motivoDescarte: z.string().nullable(),
  payload: z.unknown(),
});
export type TransacaoSubida = z.infer<typeof transacaoSubida>;

/** Rebuilds a store's daily sales aggregates over a period from the raw cupons (administrators). */
export const entradaReconstruirResumos = z
  .object({
    lojaId: z.coerce.number({ error: 'informe a loja.' }).int().positive(),
    dataInicio: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'informe a data (AAAA-MM-DD).'),
    dataFim: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'informe a data (AAAA-MM-DD).'),
  })
  .refine((e) => e.dataFim >= e.dataInicio, { message: 'o fim vem depois do início.', path: ['dataFim'] });

export const comandoReconstruirResumos = defineCommand({
  nome: 'pdv.resumos-reconstruir',
  caminho: '/api/v1/pdv/resumos-venda/reconstrucao',
  resumo: 'Reconstrói os resumos diários de venda de uma loja num período a partir dos cupons',
  entidade: MSG_VENDA_PDV.entidade,
  entrada: entradaReconstruirResumos,
  saida: z.object({ produtosDia: z.number().int(), formasHora: z.number().int(), lojaDias: z.number().int() }),
  acesso: { administrador: true },
  loja: { campo: 'lojaId' },
});
