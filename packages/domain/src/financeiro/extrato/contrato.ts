/**
 * OFX statement import (domain §2.3): POST /api/v1/financeiro/extratos takes the file (multipart `arquivo` or
 * the raw bytes; `?contaCorrenteId=` forces the account); without `?confirmar=true` it answers the preview
 * (the import command run as `previa`), with it imports. GET …/extratos, GET …/extratos/{id}/linhas,
 * DELETE …/extratos/{id} (only while none of its lines is reconciled).
 */
import { z } from 'zod';
import { instante } from '../../contrato';

export const STATUS_EXTRATO = ['IMPORTADO', 'PARCIALMENTE_CONCILIADO', 'CONCILIADO'] as const;
export type StatusExtrato = (typeof STATUS_EXTRATO)[number];
export const ROTULO_STATUS_EXTRATO: Record<StatusExtrato, string> = {
  IMPORTADO: 'Importado',
  PARCIALMENTE_CONCILIADO: 'Parcialmente conciliado',
  CONCILIADO: 'Conciliado',
};

/** What the route hands the command: the file's text (decoded by its declared charset) and name. */
export const entradaImportacaoExtrato = z.object({
  nomeArquivo: z.string().max(255).nullish(),
  conteudo: z.string(),
  contaCorrenteId: z.number().int().positive().nullish(),
});
export type EntradaImportacaoExtrato = z.infer<typeof entradaImportacaoExtrato>;

export const contaPossivel = z.object({ id: z.number(), descricao: z.string() });

export const extratoImportado = z.object({
  /** after confirming, when something new was imported */
  id: z.number().nullable(),
  /** null: no account (or several) matched; the user chooses among `contasPossiveis` or any of hers */
  contaCorrenteId: z.number().nullable(),
  contasPossiveis: z.array(contaPossivel),
  banco: z.string().nullable(),
  agencia: z.string().nullable(),
  conta: z.string(),
  inicio: z.string().nullable(),
  fim: z.string().nullable(),
  saldo: z.string().nullable(),
  dataSaldo: z.string().nullable(),
  linhas: z.number(),
  novas: z.number(),
  repetidas: z.number(),
  futuras: z.number(),
  creditos: z.string(),
  debitos: z.string(),
  /** new lines the auto-confirming reconciliation rules reconciled on import (the preview counts them too) */
  conciliadasPorRegra: z.number(),
});
export type ExtratoImportado = z.infer<typeof extratoImportado>;
export const importacaoExtrato = z.object({ extratos: z.array(extratoImportado) });
export type ImportacaoExtrato = z.infer<typeof importacaoExtrato>;

/**
 * A statement file above the synchronous limit is imported by a job: the file kept by the upload kit, the
 * import command run by the job as its owner; the job's result is the import's own answer (`importacaoExtrato`).
 */
export const LIMITE_SINCRONO_EXTRATO_BYTES = 2 * 1024 * 1024;
export const entradaImportacaoExtratoTarefa = z.object({
  arquivoId: z.string().uuid(),
  nomeArquivo: z.string().max(255).nullish(),
  contaCorrenteId: z.number().int().positive().nullish(),
});
export type EntradaImportacaoExtratoTarefa = z.infer<typeof entradaImportacaoExtratoTarefa>;
export const importacaoExtratoTarefa = z.object({ tarefaId: z.string() });

export const entradaExclusaoExtrato = z.object({ id: z.number().int().positive() });

export const extratoResumo = z.object({
  id: z.number(),
  contaCorrenteId: z.number(),
  conta: z.string(),
  nomeArquivo: z.string().nullable(),
  inicio: z.string().nullable(),
  fim: z.string().nullable(),
  saldo: z.string().nullable(),
  dataSaldo: z.string().nullable(),
  importadoEm: instante,
  linhas: z.number(),
  conciliadas: z.number(),
  status: z.enum(STATUS_EXTRATO),
});
export type ExtratoResumo = z.infer<typeof extratoResumo>;

export const linhaExtratoBancario = z.object({
  id: z.string(),
  fitId: z.string().nullable(),
  data: z.string(),
  /** signed, 2 places */
  valor: z.string(),
  tipo: z.string(),
  descricao: z.string().nullable(),
  numeroDocumento: z.string().nullable(),
  conciliado: z.boolean(),
  futura: z.boolean(),
  ignorado: z.boolean(),
});
export type LinhaExtratoBancario = z.infer<typeof linhaExtratoBancario>;
