/**
 * Device registration through the real app: a store's QR token registers one device exactly once (reused,
 * expired, unknown or another tenant's token: 422), the credential opens only the device APIs of its store,
 * block / unblock / revoke take effect on the very next request, and the store's licence limit holds.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TOKEN_QR } from '../../db/seed/demo-frente-de-loja';
import { adminQuery, createTestApp, type TestApp, tenantQuery } from '../helpers/app';
import { conectar, nenhum, proximo } from '../plataforma/instancias';
import { type LoginResult, login } from '../helpers/auth';

let t: TestApp;
let ana: LoginResult;
let diego: LoginResult;
let gabi: LoginResult;
const loja: Record<string, number> = {};
let seq = 0;

const q = async <T extends Record<string, unknown>>(text: string, params: unknown[] = []) =>
  (await adminQuery<T>(t.ownerUrl, text, params)).rows;

beforeAll(async () => {
  t = await createTestApp();
  ana = await login(t, 'ana.admin');
  diego = await login(t, 'diego.estoque'); // Estoque: CADASTRO_DISPOSITIVO, BV02 only
  gabi = await login(t, 'gabi.consulta'); // read-only, BV01
  for (const l of await q<{ id: number; sigla: string }>(
    `select l.id, l.sigla from loja l join assinante a on a.id = l.assinante_id where a.nome = 'Bela Vida'`,
  ))
    loja[l.sigla] = l.id;
});
afterAll(() => t?.close());

const post = (url: string, payload: object, headers: Record<string, string> = ana.headers) =>
  t.app.inject({ method: 'POST', url, headers, payload });
const gerarToken = async (lojaId: number, quem = ana) => {
  const r = await post('/api/v1/dispositivos/tokens', { lojaId }, quem.headers);
  expect(r.statusCode, r.body).toBe(201);
  return r.json().token as string;
};
const aparelho = (extra: object = {}) => ({
  identificador: `app-${++seq}-${Date.now()}`,
  nome: `Coletor ${seq}`,
  tipo: 'COLETOR',
  fabricante: 'Zebra',
  modelo: 'TC21',
  sistemaOperacional: 'Android 11',
  versaoApp: '3.2.0',
  ...extra,
});
const registrar = (token: string, extra: object = {}, host = 'localhost') =>
  post('/api/v1/dispositivos/registro', { token, ...aparelho(extra) }, { host });
const comoDispositivo = (credencial: string, url = '/api/v1/dispositivos/eu') =>
  t.app.inject({ method: 'GET', url, headers: { host: 'localhost', authorization: credencial } });

// first: a later test expires every unused token
describe('demo data', () => {
  it('BV01 has two active POS terminals and a revoked collector; the demo QR token registers once', async () => {
    const r = await t.app.inject({
      method: 'GET',
      url: `/api/v1/dispositivos?lojaId=${loja.BV01}`,
      headers: ana.headers,
    });
    const demo = r.json().items.filter((d: { identificador: string }) => d.identificador.startsWith('demo-'));
    expect(demo.map((d: { status: string }) => d.status).sort()).toEqual(['ATIVO', 'ATIVO', 'REVOGADO']);
    const reg = await registrar(DEMO_TOKEN_QR);
    expect(reg.statusCode, reg.body).toBe(201);
    expect(reg.json().lojaId).toBe(loja.BV01);
  });
});

describe('QR token and registration', () => {
  it('a token registers one device and issues a credential that works once registered', async () => {
    const token = await gerarToken(loja.BV02!, diego);
    const r = await registrar(token, { tipo: 'POS_ANDROID', numeroCaixa: 7 });
    expect(r.statusCode, r.body).toBe(201);
    const { credencial, dispositivoId, lojaId } = r.json();
    expect(lojaId).toBe(loja.BV02);
    expect(r.headers.location).toBe(`/api/v1/dispositivos/${dispositivoId}`);
    const eu = await comoDispositivo(credencial);
    expect(eu.statusCode, eu.body).toBe(200);
    expect(eu.json()).toMatchObject({ id: dispositivoId, status: 'ATIVO', numeroCaixa: 7, tipo: 'POS_ANDROID' });
    // only the hash is stored
    const [row] = await q<{ credencial_hash: string }>('select credencial_hash from dispositivo where id = $1', [
      dispositivoId,
    ]);
    expect(row!.credencial_hash).not.toContain(credencial);
    // the reused token is refused, nothing created
    const antes = (await q('select id from dispositivo')).length;
    const denovo = await registrar(token);
    expect(denovo.statusCode).toBe(422);
    expect(denovo.json().message).toMatch(/inválido, expirado ou já utilizado/);
    expect((await q('select id from dispositivo')).length).toBe(antes);
  });

  it('expired, unknown and another tenant’s tokens are refused (422, Portuguese)', async () => {
    const expirado = await gerarToken(loja.BV01!);
    await q(`update dispositivo_token set expira_em = now() - interval '1 second' where usado_em is null`);
    expect((await registrar(expirado)).statusCode).toBe(422);
    expect((await registrar('rtgq_naoexistenadadisso')).statusCode).toBe(422);
    const daBelaVida = await gerarToken(loja.BV01!);
    const r = await registrar(daBelaVida, {}, 'mercadao.localhost');
    expect(r.statusCode).toBe(422);
    // the token stays usable in its own tenant
    expect((await registrar(daBelaVida)).statusCode).toBe(201);
  });

  it('two concurrent registrations with one token get one credential', async () => {
    const token = await gerarToken(loja.BV01!);
    const rs = await Promise.all([registrar(token), registrar(token), registrar(token)]);
    expect(rs.map((r) => r.statusCode).sort()).toEqual([201, 422, 422]);
  });

  it('a POS terminal needs its number, unique among the store’s active devices', async () => {
    const semCaixa = await registrar(await gerarToken(loja.BV01!), { tipo: 'POS_ANDROID' });
    expect(semCaixa.statusCode).toBe(422);
    expect(semCaixa.json().erros?.numeroCaixa ?? JSON.stringify(semCaixa.json())).toBeTruthy();
    expect((await registrar(await gerarToken(loja.BV01!), { tipo: 'POS_ANDROID', numeroCaixa: 3 })).statusCode).toBe(
      201,
    );
    const repetido = await registrar(await gerarToken(loja.BV01!), { tipo: 'POS_ANDROID', numeroCaixa: 3 });
    expect(repetido.statusCode).toBe(422);
    expect(repetido.body).toContain('caixa 3');
  });

  it('generating a token needs the EDITAR permission and the store', async () => {
    expect((await post('/api/v1/dispositivos/tokens', { lojaId: loja.BV01 }, gabi.headers)).statusCode).toBe(403);
    expect((await post('/api/v1/dispositivos/tokens', { lojaId: loja.BV01 }, diego.headers)).statusCode).toBe(403);
  });
});

describe('the credential', () => {
  let credencial: string;
  let id: number;
  beforeAll(async () => {
    const r = await registrar(await gerarToken(loja.BV02!));
    ({ credencial, dispositivoId: id } = r.json());
  });

  it('never opens the back office, and is unknown to another tenant', async () => {
    const r = await comoDispositivo(credencial, `/api/v1/dispositivos?lojaId=${loja.BV02}`);
    expect(r.statusCode).toBe(403);
    expect(r.json().message).toMatch(/retaguarda/);
    expect((await comoDispositivo(credencial, '/api/v1/produto/produtos')).statusCode).toBe(403);
    const outro = await t.app.inject({
      method: 'GET',
      url: '/api/v1/dispositivos/eu',
      headers: { host: 'mercadao.localhost', authorization: credencial },
    });
    expect(outro.statusCode).toBe(401);
  });

  it('block refuses the next request, unblock restores it, revoke ends it for good', async () => {
    const bloquear = await post(`/api/v1/dispositivos/${id}/bloquear`, {}, diego.headers);
    expect(bloquear.statusCode, bloquear.body).toBe(200);
    expect(bloquear.json().status).toBe('BLOQUEADO');
    const bloqueado = await comoDispositivo(credencial);
    expect(bloqueado.statusCode).toBe(403);
    expect(bloqueado.json().message).toMatch(/bloqueado/);
    expect((await post(`/api/v1/dispositivos/${id}/desbloquear`, {}, diego.headers)).statusCode).toBe(200);
    expect((await comoDispositivo(credencial)).statusCode).toBe(200);
    expect((await post(`/api/v1/dispositivos/${id}/revogar`, {}, diego.headers)).statusCode).toBe(200);
    const revogado = await comoDispositivo(credencial);
    expect(revogado.statusCode).toBe(401);
    expect(revogado.json().message).toMatch(/revogada/);
    const denovo = await post(`/api/v1/dispositivos/${id}/desbloquear`, {}, diego.headers);
    expect(denovo.statusCode).toBe(409);
  });

  it('a user outside the device’s store cannot change it', async () => {
    const r = await registrar(await gerarToken(loja.BV01!));
    const outro = r.json().dispositivoId;
    expect((await post(`/api/v1/dispositivos/${outro}/bloquear`, {}, diego.headers)).statusCode).toBe(404);
  });
});

describe('list and licence limit', () => {
  it('lists the store’s devices with its licence use, and refuses past the limit', async () => {
    const lojaId = loja.BV03 ?? loja.BV01!;
    const lista = async () =>
      (
        await t.app.inject({ method: 'GET', url: `/api/v1/dispositivos?lojaId=${lojaId}`, headers: ana.headers })
      ).json();
    const antes = await lista();
    const limite = antes.ativos + 1;
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/configuracoes/administrativo.limiteDispositivos/lojas/${lojaId}`,
      headers: ana.headers,
      payload: { valor: limite, versao: 0 },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect((await registrar(await gerarToken(lojaId))).statusCode).toBe(201);
    const cheio = await registrar(await gerarToken(lojaId));
    expect(cheio.statusCode).toBe(422);
    expect(cheio.json().message).toBe(
      `A loja atingiu o limite de ${limite} dispositivo(s) ativo(s) da licença. Revogue um dispositivo ou amplie a licença.`,
    );
    const depois = await lista();
    expect(depois).toMatchObject({ limite, ativos: limite });
    expect(depois.items.every((d: { lojaId: number }) => d.lojaId === lojaId)).toBe(true);
    expect(JSON.stringify(depois)).not.toMatch(/credencial|hash/i);
    // a blocked device cannot be unblocked past the limit
    const ativo = depois.items.find((d: { status: string }) => d.status === 'ATIVO');
    expect((await post(`/api/v1/dispositivos/${ativo.id}/bloquear`, {})).statusCode).toBe(200);
    expect((await registrar(await gerarToken(lojaId))).statusCode).toBe(201);
    expect((await post(`/api/v1/dispositivos/${ativo.id}/desbloquear`, {})).statusCode).toBe(422);
    // another store's list is refused to a user without it
    const r = await t.app.inject({
      method: 'GET',
      url: `/api/v1/dispositivos?lojaId=${loja.BV01}`,
      headers: diego.headers,
    });
    expect(r.statusCode).toBe(403);
  });
});

describe('realtime to the device', () => {
  it('hears its store’s feed changes (not another store’s), and is told and disconnected when revoked', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    const base = `http://localhost:${typeof address === 'object' && address ? address.port : 0}`;
    const r = await registrar(await gerarToken(loja.BV02!), { tipo: 'POS_ANDROID', numeroCaixa: 41 });
    const { credencial, dispositivoId } = r.json();
    const socket = await conectar(base, credencial);
    try {
      const assinante = (await q<{ a: number }>('select assinante_id as a from loja where id = $1', [loja.BV02]))[0]!.a;
      const outraLoja = nenhum(socket, 'frente-de-loja.carga-alterada', 600);
      await tenantQuery(t.ownerUrl, assinante, 'update preco set preco_venda1 = preco_venda1 where loja_id = $1', [
        loja.BV01,
      ]);
      expect(await outraLoja).toBe(true);
      const aviso = proximo<{ entidades: string[] }>(socket, 'frente-de-loja.carga-alterada');
      await tenantQuery(t.ownerUrl, assinante, 'update preco set preco_venda1 = preco_venda1 where loja_id = $1', [
        loja.BV02,
      ]);
      expect((await aviso).entidades).toEqual(['PRECO']);
      const status = proximo<{ status: string; message: string }>(socket, 'frente-de-loja.dispositivo-status');
      const caiu = proximo(socket, 'disconnect');
      expect((await post(`/api/v1/dispositivos/${dispositivoId}/revogar`, {})).statusCode).toBe(200);
      expect(await status).toEqual({ status: 'REVOGADO', message: 'A credencial deste dispositivo foi revogada.' });
      await caiu;
      // a revoked credential cannot connect again
      await expect(conectar(base, credencial)).rejects.toThrow(/unauthorized/);
    } finally {
      socket.disconnect();
    }
  });
});
