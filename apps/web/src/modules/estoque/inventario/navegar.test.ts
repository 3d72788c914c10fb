import { PARAM_QUADRO_LEGADO } from '@retaguarda/domain';
import { describe, expect, it } from 'vitest';
import { comFlagsDoQuadro } from './navegar';

describe('inventory screens inside the /vf frame', () => {
  it('keep the frame flags on a move (else the framed app is sent to /vf again), drop the rest', () => {
    expect(comFlagsDoQuadro('/inventario/2', `?fullScreen=true&${PARAM_QUADRO_LEGADO}=1&start=20`)).toBe(
      `/inventario/2?fullScreen=true&${PARAM_QUADRO_LEGADO}=1`,
    );
    expect(comFlagsDoQuadro('/inventario/2', '?start=20')).toBe('/inventario/2');
  });
});
