/** Ids as the sales integrations (POS, delivery apps) send them: a number or its text ("12"), 1 to 2^31 − 1. */
import { z } from 'zod';

export const idIntegracao = (rotulo: string) =>
  z.union([z.number(), z.string()], { error: `informe ${rotulo}.` }).transform((v, ctx) => {
    const n = typeof v === 'number' ? v : /^\s*\d{1,10}\s*$/.test(v) ? Number(v) : Number.NaN;
    if (!Number.isInteger(n) || n <= 0 || n > 2_147_483_647) {
      ctx.addIssue({ code: 'custom', message: `informe ${rotulo}.` });
      return z.NEVER;
    }
    return n;
  });

/** The same, absent: null, '' or missing → null. */
export const idIntegracaoOpcional = (rotulo: string) =>
  z
    .union([idIntegracao(rotulo), z.null(), z.literal('')])
    .optional()
    .transform((v) => (typeof v === 'number' ? v : null));
