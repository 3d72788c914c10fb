import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { instante } from './contrato';
import { instanteDoTexto, textoLocal } from './tempo/zonas';

/** api-compat "Dates": local `YYYY-MM-DDTHH:mm:ss`, the registers' format, on every endpoint. */
describe('instante on the wire', () => {
  const resposta = z.object({ criadoEm: instante, lidoEm: instante.nullable() });

  it.each([
    [new Date('2026-11-24T13:54:51.123Z'), '2026-11-24T10:54:51'],
    ['2026-11-24T13:54:51.123Z', '2026-11-24T10:54:51'],
    ['2026-11-24T13:54:51+00:00', '2026-11-24T10:54:51'],
    ['2026-11-24T10:54:51-03:00', '2026-11-24T10:54:51'],
    ['2026-11-24T10:54:51', '2026-11-24T10:54:51'],
    // midnight UTC is still the evening before in São Paulo
    [new Date('2026-01-01T00:00:00Z'), '2025-12-31T21:00:00'],
  ])('%s → %s', (valor, texto) => {
    expect(z.encode(resposta, { criadoEm: valor, lidoEm: null })).toEqual({ criadoEm: texto, lidoEm: null });
  });

  it('writes 19 characters without an offset', () => {
    const { criadoEm } = z.encode(resposta, { criadoEm: new Date(), lidoEm: null });
    expect(criadoEm).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/);
  });

  it('reads local text back as the same instant in the business zone, whatever the reader zone', () => {
    const agora = new Date('2026-07-10T18:30:05Z');
    expect(instanteDoTexto(textoLocal(agora)).getTime()).toBe(agora.getTime());
    expect(instanteDoTexto('2026-07-10T18:30:05Z').getTime()).toBe(agora.getTime());
    expect(instanteDoTexto('2026-07-10T15:30:05').toISOString()).toBe('2026-07-10T18:30:05.000Z');
    expect(textoLocal(agora, 'America/Manaus')).toBe('2026-07-10T14:30:05');
  });
});
