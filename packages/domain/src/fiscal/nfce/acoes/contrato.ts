/**
 * Contracts of the NFC-e actions toward SEFAZ (issue: monitoramento de documentos): each document action
 * names the note by its chave (check digit validated) and its store; each answers with the job that talks
 * to SEFAZ (`tarefaId`: the screen follows it). The store's certificate and CSC are administrators' settings.
 */
import { z } from 'zod';
import { chaveAcessoValida } from '../../../documentos-fiscais/chave-acesso';
import { MIN_JUSTIFICATIVA_SEFAZ } from '../../../financeiro/regras';
import { MSG_NFCE_ACOES as MSG } from './mensagens';

const idLoja = z.number({ error: 'informe a loja.' }).int().positive().max(2_147_483_647);

export const chaveNfce = z
  .string({ error: MSG.chaveInvalida })
  .regex(/^\d{44}$/, MSG.chaveInvalida)
  .refine(chaveAcessoValida, MSG.chaveDigito);

/**
 * The actions' chave, in their path: 44 digits, or it names nothing (404). Its check digit is the first
 * step's (a 422 naming the field: a mistyped chave is bad input, not a missing note).
 */
export const entradaAcaoNfce = z.object({
  chave: z.string({ error: MSG.chaveInvalida }).regex(/^\d{44}$/, MSG.chaveInvalida),
  lojaId: idLoja,
});
export type EntradaAcaoNfce = z.output<typeof entradaAcaoNfce>;

export const entradaCancelarNfce = entradaAcaoNfce.extend({
  /** a motivo de cancelamento with aplicação CUPOM_NFCE: its description is SEFAZ's xJust */
  motivoId: z.number({ error: 'escolha o motivo do cancelamento.' }).int().positive().max(2_147_483_647),
});
export type EntradaCancelarNfce = z.output<typeof entradaCancelarNfce>;

/** SEFAZ voids at most 10 000 numbers per request (the range's own rule). */
export const MAX_FAIXA_INUTILIZACAO = 10_000;
const numero = (campo: string) =>
  z
    .number({ error: `informe o ${campo}.` })
    .int(`o ${campo} é inteiro.`)
    .min(1)
    .max(999_999_999);

export const entradaInutilizarFaixa = z
  .object({
    lojaId: idLoja,
    serie: z.number({ error: 'informe a série.' }).int().min(0).max(999),
    numeroCaixa: z.number().int().min(1).max(999).nullish(),
    numeroInicial: numero('número inicial'),
    numeroFinal: numero('número final'),
    justificativa: z
      .string({ error: MSG.justificativaCurta })
      .trim()
      .refine((s) => [...s].length >= MIN_JUSTIFICATIVA_SEFAZ, MSG.justificativaCurta)
      .refine((s) => [...s].length <= 255, 'a justificativa tem no máximo 255 caracteres.'),
  })
  .superRefine((v, ctx) => {
    if (v.numeroFinal < v.numeroInicial)
      ctx.addIssue({ code: 'custom', path: ['numeroFinal'], message: MSG.faixaInvertida });
    else if (v.numeroFinal - v.numeroInicial + 1 > MAX_FAIXA_INUTILIZACAO)
      ctx.addIssue({ code: 'custom', path: ['numeroFinal'], message: MSG.faixaGrande(MAX_FAIXA_INUTILIZACAO) });
  });
export type EntradaInutilizarFaixa = z.output<typeof entradaInutilizarFaixa>;

export const entradaReenviarContingencias = z.object({ lojaId: idLoja });
export type EntradaReenviarContingencias = z.output<typeof entradaReenviarContingencias>;

/** Every action's answer: the job that talks to SEFAZ. */
export const acaoNfceIniciada = z.object({
  tarefaId: z.string(),
  chave: z.string().nullable(),
  /** how many attempts the note has had, this one included */
  tentativas: z.number().nullable(),
  message: z.string(),
});
export type AcaoNfceIniciada = z.output<typeof acaoNfceIniciada>;

/** The certificate upload's internal input (the route reads the .pfx through the upload kit). */
export const entradaCertificadoNfce = z.object({
  lojaId: idLoja,
  senha: z.string({ error: MSG.senhaAusente }).min(1, MSG.senhaAusente).max(200),
  /** the .pfx, base64 (never stored as such: sealed in the secrets kit) */
  pfx: z.string().min(1).max(200_000),
});
export type EntradaCertificadoNfce = z.output<typeof entradaCertificadoNfce>;

export const certificadoNfce = z.object({
  lojaId: z.number(),
  titular: z.string(),
  cnpj: z.string().nullable(),
  /** yyyy-MM-dd */
  validade: z.string(),
  diasParaVencer: z.number(),
  /** set when the certificate expires within the warning period */
  aviso: z.string().nullable(),
  message: z.string(),
});
export type CertificadoNfce = z.output<typeof certificadoNfce>;

export const entradaCscNfce = z.object({
  lojaId: idLoja,
  cscId: z.string().regex(/^\d{1,6}$/, 'o identificador do CSC tem até 6 dígitos.'),
  token: z.string().trim().min(16, 'o token do CSC tem de 16 a 36 caracteres.').max(36),
});
export const cscNfceDefinido = z.object({ lojaId: z.number(), cscId: z.string(), message: z.string() });
