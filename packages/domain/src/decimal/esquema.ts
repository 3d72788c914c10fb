/** Zod schema of a decimal string on the wire ("12.5"), with its place and sign rules. */
import { z } from 'zod';
import { Decimal } from './decimal';

export interface RegrasDecimal {
  /** most places after the point (e.g. the unit's decimals for a quantity) */
  casas: number;
  /** greater than zero */
  positivo?: boolean;
  /** zero or more */
  naoNegativo?: boolean;
}

/**
 * A decimal string (numbers are accepted too, as integrations send `"quantidade": 2`; a fractional JSON
 * number is turned into text by JavaScript before we see it, so it is read from its shortest text form).
 */
export function decimalTexto({ casas, positivo, naoNegativo }: RegrasDecimal) {
  return z.union([z.string(), z.number()]).transform((v, ctx) => {
    const texto = typeof v === 'number' ? String(v) : v.trim();
    if (!Decimal.valido(texto)) {
      ctx.addIssue({ code: 'custom', message: 'informe um número decimal (ex.: 12.50).' });
      return z.NEVER;
    }
    const d = Decimal.de(texto);
    if (d.casasUsadas() > casas) {
      ctx.addIssue({ code: 'custom', message: `no máximo ${casas} casas decimais.` });
      return z.NEVER;
    }
    if (positivo && d.sinal() <= 0) {
      ctx.addIssue({ code: 'custom', message: 'deve ser maior que zero.' });
      return z.NEVER;
    }
    if (naoNegativo && d.sinal() < 0) {
      ctx.addIssue({ code: 'custom', message: 'não pode ser negativo.' });
      return z.NEVER;
    }
    return d.texto(casas);
  });
}
