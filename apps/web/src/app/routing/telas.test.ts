import { ROTAS_AREAS } from '@retaguarda/domain';
import { describe, expect, it } from 'vitest';
import { telasDosCadastros } from '../../registers/telas';
import { TELAS_LEGADO } from './legado';
import { TELAS } from './telas';

describe('screens of the route table', () => {
  it("reports how many routes still show the 'Em construção' page", () => {
    const cadastros = telasDosCadastros();
    const legados = new Set(ROTAS_AREAS.filter((r) => r.especial?.tipo === 'legado').map((r) => r.path));
    const pendentes = ROTAS_AREAS.filter((r) => !TELAS[r.path] && !cadastros[r.path] && !legados.has(r.path)).map(
      (r) => r.path,
    );
    console.log(
      `Rotas ainda 'Em construção': ${pendentes.length} de ${ROTAS_AREAS.length}\n  ${pendentes.join('\n  ')}`,
    );
    expect(pendentes.length).toBeLessThanOrEqual(ROTAS_AREAS.length);
  });

  it('hosts every legacy target of the route table in /vf', () => {
    const alvos = ROTAS_AREAS.flatMap((r) => (r.especial?.tipo === 'legado' ? [r.especial.r] : []));
    expect(alvos.filter((r) => !TELAS_LEGADO[r])).toEqual([]);
  });
});
