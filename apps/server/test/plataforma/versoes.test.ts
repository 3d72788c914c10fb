/** Versions, logout request and self-update (spec §4 "Update flow", §6, §7). */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';
import { type LoginResult, login } from '../helpers/auth';
import { type Cluster, conectar, criarCluster, nenhum, proximo } from './instancias';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rtg-versoes-'));
const script = path.join(dir, 'atualizar.sh');
const manifesto = path.join(dir, 'releases.json');
fs.writeFileSync(
  manifesto,
  JSON.stringify({ releases: [{ numero: '8.0', build: 48790, notas: [{ issue: 'RTG-1', detail: 'Teste' }] }] }),
);
const escreverScript = (corpo: string) => fs.writeFileSync(script, `#!/bin/sh\n${corpo}\n`);

describe('versões sem comando de atualização (manifesto de demonstração)', () => {
  let t: TestApp;
  let ana: LoginResult;
  let gabi: LoginResult;
  beforeAll(async () => {
    delete process.env.UPDATE_COMMAND;
    delete process.env.RELEASE_MANIFEST;
    t = await createTestApp();
    ana = await login(t, 'ana.admin');
    gabi = await login(t, 'gabi.consulta');
  });
  afterAll(async () => t?.close());

  it('versão atual e mais recente: 8.0.48783 com oferta de um build mais novo', async () => {
    const atual = await t.app.inject({ method: 'GET', url: '/api/v1/versoes/atual', headers: gabi.headers });
    expect(atual.json()).toEqual({ numero: '8.0', build: 48783 });
    const nova = (
      await t.app.inject({ method: 'GET', url: '/api/v1/versoes/mais-recente', headers: gabi.headers })
    ).json();
    expect(nova.numero).toBe('8.0');
    expect(nova.build).toBeGreaterThan(48783);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/versoes/atual' })).statusCode).toBe(401);
  });

  it('notas de atualização: administradores, lista de {issue, detail}', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/versoes/notas-de-atualizacao',
      headers: ana.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().length).toBeGreaterThan(0);
    for (const n of res.json()) expect(Object.keys(n).sort()).toEqual(['detail', 'issue']);
    const negado = await t.app.inject({
      method: 'GET',
      url: '/api/v1/versoes/notas-de-atualizacao',
      headers: gabi.headers,
    });
    expect(negado.statusCode).toBe(403);
  });

  it('self-update sem UPDATE_COMMAND responde que não está disponível', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/administracao/self-update', headers: ana.headers });
    expect(res.statusCode).toBe(503);
    expect(res.json().message).toMatch(/não está disponível/);
    const situacao = await t.app.inject({
      method: 'GET',
      url: '/api/v1/administracao/self-update',
      headers: ana.headers,
    });
    expect(situacao.json()).toEqual({ disponivel: false, ultima: null });
  });

  it('somente administradores pedem logout geral ou atualizam', async () => {
    for (const url of ['/api/v1/versoes/solicitar-logout-usuarios', '/api/v1/administracao/self-update']) {
      const res = await t.app.inject({ method: 'POST', url, headers: gabi.headers });
      expect(res.statusCode).toBe(403);
    }
  });
});

describe('fluxo de atualização com comando configurado', () => {
  let c: Cluster;
  let ana: LoginResult;
  let carlos: LoginResult;
  let sAna: Socket;
  let sCarlos: Socket;
  beforeAll(async () => {
    process.env.UPDATE_COMMAND = `sh ${script}`;
    process.env.RELEASE_MANIFEST = manifesto;
    c = await criarCluster(1);
    const a = c.instancias[0]!;
    ana = await login(a, 'ana.admin');
    carlos = await login(a, 'carlos.fiscal');
    sAna = await conectar(a.base, ana.body.sessionToken);
    sCarlos = await conectar(a.base, carlos.body.sessionToken);
  });
  afterAll(async () => {
    sAna?.disconnect();
    sCarlos?.disconnect();
    await c?.close();
    delete process.env.UPDATE_COMMAND;
    delete process.env.RELEASE_MANIFEST;
  });

  it('solicitar logout: os outros usuários recebem o pedido, o administrador não', async () => {
    const a = c.instancias[0]!;
    const pedido = proximo<{ mensagem: string }>(sCarlos, 'logout-solicitado');
    const semPedido = nenhum(sAna, 'logout-solicitado', 600);
    const res = await a.app.inject({
      method: 'POST',
      url: '/api/v1/versoes/solicitar-logout-usuarios',
      headers: ana.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().sessoes).toBeGreaterThanOrEqual(1);
    expect((await pedido).mensagem).toMatch(/logout/);
    expect(await semPedido).toBe(true);
  });

  it('atualização bem-sucedida: iniciada e concluída em tempo real, registrada com a saída do comando', async () => {
    const a = c.instancias[0]!;
    escreverScript('echo "instalando $RETAGUARDA_VERSAO_ALVO"; exit 0');
    const iniciada = proximo<{ versaoAlvo: string }>(sCarlos, 'atualizacao-iniciada');
    const concluida = proximo<{ id: number }>(sAna, 'atualizacao-concluida');
    const res = await a.app.inject({ method: 'POST', url: '/api/v1/administracao/self-update', headers: ana.headers });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toMatchObject({ status: 'EM_ANDAMENTO', versaoOrigem: '8.0.48783', versaoAlvo: '8.0.48790' });
    expect((await iniciada).versaoAlvo).toBe('8.0.48790');
    expect((await concluida).id).toBe(res.json().id);
    const situacao = (
      await a.app.inject({ method: 'GET', url: '/api/v1/administracao/self-update', headers: ana.headers })
    ).json();
    expect(situacao.disponivel).toBe(true);
    expect(situacao.ultima).toMatchObject({ status: 'CONCLUIDA', saida: 'instalando 8.0.48790\n' });
  });

  it('uma atualização por vez; comando com erro termina em falha', async () => {
    const a = c.instancias[0]!;
    escreverScript('sleep 1; echo "sem espaço em disco" >&2; exit 3');
    const falhou = proximo<{ mensagem: string }>(sAna, 'atualizacao-falhou', 8_000);
    const res = await a.app.inject({ method: 'POST', url: '/api/v1/administracao/self-update', headers: ana.headers });
    expect(res.statusCode).toBe(202);
    const outra = await a.app.inject({
      method: 'POST',
      url: '/api/v1/administracao/self-update',
      headers: ana.headers,
    });
    expect(outra.statusCode).toBe(409);
    expect(outra.json().message).toBe('Já existe uma atualização em andamento.');
    expect((await falhou).mensagem).toMatch(/A atualização não ocorreu como esperado.*código de saída 3/);
    const situacao = (
      await a.app.inject({ method: 'GET', url: '/api/v1/administracao/self-update', headers: ana.headers })
    ).json();
    expect(situacao.ultima).toMatchObject({ status: 'FALHOU', saida: 'sem espaço em disco\n' });
    const atual = (await a.app.inject({ method: 'GET', url: '/api/v1/versoes/atual', headers: ana.headers })).json();
    expect(atual).toEqual({ numero: '8.0', build: 48783 });
  });
});

describe('manifesto de versões inacessível', () => {
  let t: TestApp;
  beforeAll(async () => {
    process.env.RELEASE_MANIFEST = path.join(dir, 'nao-existe.json');
    t = await createTestApp();
  });
  afterAll(async () => {
    delete process.env.RELEASE_MANIFEST;
    await t?.close();
  });

  it('a versão mais recente conhecida é a atual e não há notas (nunca 500)', async () => {
    const ana = await login(t, 'ana.admin');
    const nova = await t.app.inject({ method: 'GET', url: '/api/v1/versoes/mais-recente', headers: ana.headers });
    expect(nova.json()).toEqual({ numero: '8.0', build: 48783 });
    const notas = await t.app.inject({
      method: 'GET',
      url: '/api/v1/versoes/notas-de-atualizacao',
      headers: ana.headers,
    });
    expect(notas.json()).toEqual([]);
  });
});
