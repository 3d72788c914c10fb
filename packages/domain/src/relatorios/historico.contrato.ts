/**
 * GET {register path}/{id}/historico: the record's audit trail as data, for the history shown on screen
 * (the PDF is the POST beside it). Values come already written in the screens' pt-BR formats.
 */
import { z } from 'zod';
import { instante } from '../contrato';

export const mudancaDeCampo = z.object({
  /** the field's path (`endereco.cep`) */
  campo: z.string(),
  /** its label on the form */
  rotulo: z.string(),
  /** null on creation */
  antes: z.string().nullable(),
  depois: z.string().nullable(),
});

export const entradaDeHistorico = z.object({
  em: instante,
  /** 'Nome (login)'; null: the system (an integration, a job) */
  usuario: z.string().nullable(),
  operacao: z.string(),
  /** 'Inclusão', 'Alteração', 'Exclusão' */
  acao: z.string(),
  campos: z.array(mudancaDeCampo),
});

export const historicoDoRegistro = z.object({
  /** "5 - Nestlé" */
  registro: z.string(),
  /** newest first */
  items: z.array(entradaDeHistorico),
  /** more entries than the screen shows (the PDF has up to 2 000) */
  limitado: z.boolean(),
});
export type HistoricoDoRegistro = z.input<typeof historicoDoRegistro>;
export type EntradaDeHistorico = z.input<typeof entradaDeHistorico>;
