/**
 * The dashboards' cases of the store-scope matrix (matriz-escopo-lojas.test.ts): a user holding only BV02 may
 * neither save BV01 as a default or an indicator's store, nor read figures of BV01, nor see another user's
 * dashboard that is not shared with her (404); her own dashboard without stores reads only BV02.
 */
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { Quem } from './matriz-escopo-support';

type Chamar = (p: Quem, method: string, url: string, payload?: unknown) => Promise<LightMyRequestResponse>;

const D = '/api/v1/painel/dashboards';

export function casosDePainel(
  ctx: () => { call: Chamar; ana: Quem; lojas: Record<string, number> },
): Record<string, (p: Quem) => Promise<void>> {
  let alheio: number | undefined;
  /** Ana's dashboard over BV01, not shared */
  const doAna = async () => {
    if (alheio) return alheio;
    const { call, ana, lojas } = ctx();
    const r = await call(ana, 'POST', D, { nome: 'Escopo BV01', periodoPadrao: 'HOJE', lojas: [lojas.BV01] });
    expect(r.statusCode, r.body).toBe(201);
    alheio = r.json().id as number;
    return alheio;
  };
  /** the user's own dashboard (no default stores) with one indicator */
  const proprio = async (p: Quem) => {
    const { call } = ctx();
    const r = await call(p, 'POST', D, { nome: 'Escopo próprio', periodoPadrao: 'ULTIMOS_7_DIAS' });
    expect(r.statusCode, r.body).toBe(201);
    const i = await call(p, 'POST', `${D}/${r.json().id}/indicadores`, {
      indicador: 'VENDAS_LOJA',
      visualizacao: 'BARRA',
    });
    expect(i.statusCode, i.body).toBe(201);
    return { id: r.json().id as number, indicador: i.json().id as number };
  };
  const c = () => ctx().call;
  const bv01 = () => ctx().lojas.BV01!;
  return {
    [`POST ${D}`]: async (p) => {
      expect((await c()(p, 'POST', D, { nome: 'x', periodoPadrao: 'HOJE', lojas: [bv01()] })).statusCode).toBe(403);
    },
    [`PUT ${D}/{id}`]: async (p) => {
      const { id } = await proprio(p);
      const r = await c()(p, 'PUT', `${D}/${id}`, { nome: 'x', periodoPadrao: 'HOJE', lojas: [bv01()] });
      expect(r.statusCode, r.body).toBe(403);
    },
    [`POST ${D}/{dashboardId}/indicadores`]: async (p) => {
      const { id } = await proprio(p);
      const r = await c()(p, 'POST', `${D}/${id}/indicadores`, {
        indicador: 'VENDAS_DIA',
        visualizacao: 'LINHA',
        filtro: { lojas: [bv01()] },
      });
      expect(r.statusCode, r.body).toBe(403);
    },
    [`PUT ${D}/{dashboardId}/indicadores/{indicadorId}`]: async (p) => {
      const { id, indicador } = await proprio(p);
      const r = await c()(p, 'PUT', `${D}/${id}/indicadores/${indicador}`, {
        indicador: 'VENDAS_LOJA',
        visualizacao: 'BARRA',
        filtro: { lojas: [bv01()] },
      });
      expect(r.statusCode, r.body).toBe(403);
    },
    [`GET ${D}`]: async (p) => {
      const alheioId = await doAna();
      const r = await c()(p, 'GET', D);
      expect(r.statusCode).toBe(200);
      expect(r.json().items.map((d: { id: number }) => d.id)).not.toContain(alheioId);
    },
    [`GET ${D}/{id}`]: async (p) => {
      expect((await c()(p, 'GET', `${D}/${await doAna()}`)).statusCode).toBe(404);
    },
    [`GET ${D}/{id}/dados`]: async (p) => {
      const { id } = await proprio(p);
      expect((await c()(p, 'GET', `${D}/${id}/dados?lojas=${bv01()}`)).statusCode).toBe(403);
      expect((await c()(p, 'GET', `${D}/${await doAna()}/dados`)).statusCode).toBe(404);
      const r = await c()(p, 'GET', `${D}/${id}/dados`);
      expect(r.statusCode, r.body).toBe(200);
      expect(r.json().indicadores[0].lojas).toEqual([ctx().lojas.BV02]);
    },
    [`GET ${D}/{id}/indicadores/{indicadorId}/dados`]: async (p) => {
      const { id, indicador } = await proprio(p);
      expect((await c()(p, 'GET', `${D}/${id}/indicadores/${indicador}/dados?lojas=${bv01()}`)).statusCode).toBe(403);
    },
    [`GET ${D}/{id}/indicadores/{indicadorId}/planilha`]: async (p) => {
      const { id, indicador } = await proprio(p);
      expect((await c()(p, 'GET', `${D}/${id}/indicadores/${indicador}/planilha?lojas=${bv01()}`)).statusCode).toBe(
        403,
      );
    },
  };
}
