/** Old links to the legacy screens open the web's /vf host with their path as r (spec §2.4). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /vf links', () => {
  it.each([
    ['/vf/inventario/index?id=5&etapa=finalizar', '/app/#/vf?r=%2Finventario%2Findex%3Fid%3D5%26etapa%3Dfinalizar'],
    ['/vf/relatorioExtratoEstoque/index', '/app/#/vf?r=%2FrelatorioExtratoEstoque%2Findex'],
    ['/vf?r=%2Finventario%2Findex&b=Estoque', '/app/#/vf?r=%2Finventario%2Findex&b=Estoque'],
    ['/vf', '/app/#/vf'],
  ])('%s → %s', async (url, destino) => {
    const res = await t.app.inject({ url, headers: { host: 'localhost' } });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(destino);
  });
});
