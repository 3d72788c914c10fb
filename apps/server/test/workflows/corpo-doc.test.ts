/** The documented body of a member command: the input minus the path's field, refinements or not. */
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { corpoDoc } from '../../src/workflows/rotas';
import type { QualquerWorkflow } from '../../src/workflows';

const comando = (entrada: z.ZodType) => ({ idDoCaminho: 'lojaId', entrada }) as unknown as QualquerWorkflow;

describe('corpo documentado de um comando', () => {
  it('tira o campo do caminho de uma entrada simples', () => {
    const doc = corpoDoc(comando(z.object({ lojaId: z.number(), data: z.string() })));
    expect(Object.keys((doc as z.ZodObject).shape)).toEqual(['data']);
  });

  it('aceita uma entrada com regras entre campos (o .omit() do zod recusa)', () => {
    const refinada = z
      .object({ lojaId: z.number(), de: z.string(), ate: z.string() })
      .refine((e) => e.de <= e.ate, { message: 'período invertido' });
    const doc = corpoDoc(comando(refinada));
    expect(Object.keys((doc as z.ZodObject).shape)).toEqual(['de', 'ate']);
  });
});
