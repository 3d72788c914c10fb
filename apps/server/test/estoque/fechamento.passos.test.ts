/** The closing steps on their own: a fake context (store, today's zone, state) and no database. */
import { hojeNaZona, somarDias } from '@retaguarda/domain';
import { describe, expect, it } from 'vitest';
import {
  type EstadoFechamento,
  validarFechamento,
  validarReabertura,
} from '../../src/modules/estoque/fechamento.passos';
import type { ContextoDoComando } from '../../src/workflows';

const ZONA = 'America/Manaus';
const hoje = hojeNaZona(ZONA);

function ctx<E>(entrada: E, atual: string | null): ContextoDoComando<E, EstadoFechamento> {
  return {
    entrada,
    loja: { id: 1, sigla: 'BV01', uf: 'AM', codigoIbge: null, zona: ZONA },
    estado: { atual, nova: null, alteradoEm: null },
  } as unknown as ContextoDoComando<E, EstadoFechamento>;
}

async function status(passo: () => Promise<void> | void): Promise<number | 'ok'> {
  try {
    await passo();
    return 'ok';
  } catch (e) {
    return (e as { statusCode: number }).statusCode;
  }
}

describe('validarFechamento', () => {
  it('accepts a later date up to the store-local today and keeps it as the new date', async () => {
    const c = ctx({ lojaId: 1, fechadoAte: hoje }, somarDias(hoje, -30));
    expect(await status(() => validarFechamento(c))).toBe('ok');
    expect(c.estado.nova).toBe(hoje);
  });
  it('refuses tomorrow (422) and a date not after the current one (409)', async () => {
    expect(await status(() => validarFechamento(ctx({ lojaId: 1, fechadoAte: somarDias(hoje, 1) }, null)))).toBe(422);
    expect(await status(() => validarFechamento(ctx({ lojaId: 1, fechadoAte: '2026-01-31' }, '2026-01-31')))).toBe(409);
  });
});

describe('validarReabertura', () => {
  it('moves back or clears; refuses an open store (409) and a later date (422)', async () => {
    expect(await status(() => validarReabertura(ctx({ lojaId: 1, fechadoAte: null }, '2026-01-31')))).toBe('ok');
    expect(await status(() => validarReabertura(ctx({ lojaId: 1, fechadoAte: '2025-12-31' }, '2026-01-31')))).toBe(
      'ok',
    );
    expect(await status(() => validarReabertura(ctx({ lojaId: 1, fechadoAte: null }, null)))).toBe(409);
    expect(await status(() => validarReabertura(ctx({ lojaId: 1, fechadoAte: '2026-02-01' }, '2026-01-31')))).toBe(422);
  });
});
