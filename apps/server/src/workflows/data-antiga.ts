/**
 * A business date more than a year before the store's today is refused unless the input confirms it
 * (`confirmarDataAntiga: true`; issue 26): the contracts name their date in the domain's `datasDeNegocio`,
 * and every command of those contracts gets the rule here, before any step.
 */
import { datasDeNegocio, falhaDaDataAntiga, hojeNaZona } from '@retaguarda/domain';
import type { z } from 'zod';
import { recusar } from '../plugins/errors';

export function conferirDataAntiga(esquema: z.ZodType, entrada: unknown, zona: string): void {
  const campo = datasDeNegocio.get(esquema)?.campo;
  if (!campo || !entrada || typeof entrada !== 'object') return;
  const e = entrada as Record<string, unknown>;
  const data = e[campo];
  if (typeof data !== 'string') return;
  const falha = falhaDaDataAntiga(data, hojeNaZona(zona), e.confirmarDataAntiga === true);
  if (falha) throw recusar(campo, falha);
}
