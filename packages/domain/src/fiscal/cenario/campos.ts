/**
 * Field pieces shared by the cenário fiscal contracts (./contrato for the rules, ./simulacao.contrato for the
 * simulator): ids within PostgreSQL's integer, optional text, digit codes, percentages as decimal strings,
 * business dates. Not part of the package's public names (the index exports only `dataDoCenario`).
 */
import { z } from 'zod';
import { dataDeNegocio } from '../../contrato';
import { decimalTexto, LIMITES_DECIMAL } from '../../decimal';

/** ids are PostgreSQL integers: a bigger number is refused here, not by the database */
const ID_MAX = 2_147_483_647;
export const id = (rotulo: string) =>
  z
    .number({ error: `informe ${rotulo}.` })
    .int(`informe ${rotulo}.`)
    .positive(`informe ${rotulo}.`)
    .max(ID_MAX, `${rotulo} não existe.`);
export const idOpcional = (rotulo: string) =>
  id(rotulo)
    .nullish()
    .transform((v) => v ?? null);

/** Text or null: blank becomes null. */
export const textoOpcional = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `no máximo ${max} caracteres.`)
    .nullish()
    .transform((v) => (v ? v : null));

export const digitos = (n: number, mensagem: string) =>
  z
    .string()
    .trim()
    .transform((s) => s.replace(/\D/g, ''))
    .refine((s) => s.length === n, mensagem);

/** A percentage 0–100 with up to 4 places ("18", "4.5" → "18.0000"); absent → null. */
export const percentual = () =>
  decimalTexto({ ...LIMITES_DECIMAL.percentual, naoNegativo: true })
    .refine((v) => Number(v) <= 100, 'no máximo 100%.')
    .nullish()
    .transform((v) => v ?? null);
/** MVA: a percentage that may pass 100 (e.g. 140.00 for cosmetics in some UFs). */
export const mva = () =>
  decimalTexto({ ...LIMITES_DECIMAL.mva, naoNegativo: true })
    .nullish()
    .transform((v) => v ?? null);

/** Business date `YYYY-MM-DD` that exists. */
export const dataDoCenario = dataDeNegocio({ informe: 'informe a data (AAAA-MM-DD).' });

export const flag = (padrao: boolean) => z.boolean().default(padrao);

/** A percentage as the API answers it (decimal string or null). */
export const pct = z.string().nullable();
