import { ROTAS_AREAS, ROTAS_EXTRAS, rLegado, type RotaDef } from '@retaguarda/domain';
import type { ComponentType } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Importador } from '../../servicos/navegacao/carregar';
import { resolverTelaLegada } from './legado-registro';
import { emConstrucao, importadorDe } from './telas';

/**
 * Routes whose screen is still the shared 'Em construção' page (legacy routes count by the
 * screen /vf hosts for them). The list only shrinks: a route that gets its screen leaves it.
 */
const AINDA_EM_CONSTRUCAO = ['/estoque/auditoria-precos', '/layoutImportacaoPedidoCompra'];

const ROTAS_COM_TELA = [...ROTAS_AREAS, ...ROTAS_EXTRAS];

/** The screen a route shows: its own (a legacy route's, too: /vf frames that route, legado-registro.ts). */
function importadorDaRota(rota: RotaDef): Importador {
  return importadorDe(rota.path);
}

describe('screens of the route table', () => {
  const emConstrucaoHoje = new Set<string>();

  beforeAll(async () => {
    const pagina: ComponentType = await emConstrucao();
    for (const rota of ROTAS_COM_TELA) if ((await importadorDaRota(rota)()) === pagina) emConstrucaoHoje.add(rota.path);
    // every screen's module is transformed and imported here: a minute on a loaded two-core machine
  }, 120_000);

  it("keeps the list of routes still 'Em construção' sorted, without repeats, and in the route table", () => {
    expect(AINDA_EM_CONSTRUCAO).toEqual([...new Set(AINDA_EM_CONSTRUCAO)].sort());
    const caminhos = new Set(ROTAS_COM_TELA.map((r) => r.path));
    expect(AINDA_EM_CONSTRUCAO.filter((p) => !caminhos.has(p)).map((p) => `remova ${p} da lista`)).toEqual([]);
  });

  it("shows a screen on every route outside the list (none falls back to 'Em construção')", () => {
    const regrediram = ROTAS_COM_TELA.filter(
      (r) => emConstrucaoHoje.has(r.path) && !AINDA_EM_CONSTRUCAO.includes(r.path),
    ).map((r) => `${r.path} voltou a 'Em construção'`);
    expect(regrediram).toEqual([]);
  });

  it('lists only routes that still have no screen (the list only shrinks)', () => {
    const ganharamTela = AINDA_EM_CONSTRUCAO.filter((p) => !emConstrucaoHoje.has(p)).map(
      (p) => `${p} já tem tela: remova ${p} da lista`,
    );
    expect(ganharamTela).toEqual([]);
  });

  it('hosts every legacy route of the route table in /vf: its r (with ids and sub-screen) frames that route', () => {
    const errados = ROTAS_AREAS.flatMap((rota) => {
      const esp = rota.especial;
      if (esp?.tipo !== 'legado') return [];
      const params = Object.fromEntries((rota.path.match(/:\w+/g) ?? []).map((p) => [p.slice(1), '5']));
      const r = rLegado(esp, params);
      return resolverTelaLegada(r)?.rota === rota.path ? [] : [`${rota.path} (r=${r})`];
    });
    expect(errados).toEqual([]);
  });
});
