/**
 * Self-update on the durable job engine: the attempt names its job (GET /api/v1/tarefas/{id} shows it,
 * one attempt only), and an update whose instance dies mid-command is never run again by itself — the
 * dead letter settles the attempt as failed and the command ran exactly once.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { createTestApp, type TestApp } from '../helpers/app';
import { type LoginResult, login } from '../helpers/auth';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rtg-self-update-tarefa-'));
const script = path.join(dir, 'atualizar.sh');
const execucoes = path.join(dir, 'execucoes.txt');
const manifesto = path.join(dir, 'releases.json');
fs.writeFileSync(manifesto, JSON.stringify({ releases: [{ numero: '8.0', build: 48791, notas: [] }] }));
const escreverScript = (corpo: string) => fs.writeFileSync(script, `#!/bin/sh\necho "$$" >> ${execucoes}\n${corpo}\n`);
const execucoesFeitas = () => (fs.existsSync(execucoes) ? fs.readFileSync(execucoes, 'utf8').trim().split('\n') : []);

const vivo = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

let t: TestApp;
let ana: LoginResult;

interface Situacao {
  ultima: { id: number; status: string; mensagem: string; tarefaId: string | null } | null;
}

const situacao = async () =>
  (
    await t.app.inject({ method: 'GET', url: '/api/v1/administracao/self-update', headers: ana.headers })
  ).json<Situacao>();

async function esperar<T>(ler: () => Promise<T>, ok: (v: T) => boolean, ms = 40_000): Promise<T> {
  const fim = Date.now() + ms;
  let ultimo: T | undefined;
  while (Date.now() < fim) {
    ultimo = await ler();
    if (ok(ultimo)) return ultimo;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`condição não alcançada (último: ${JSON.stringify(ultimo)})`);
}

beforeAll(async () => {
  process.env.JOBS_SUPERVISAO_S = '1';
  process.env.JOBS_POLLING_S = '1';
  process.env.UPDATE_COMMAND = `sh ${script}`;
  process.env.RELEASE_MANIFEST = manifesto;
  t = await createTestApp();
  ana = await login(t, 'ana.admin');
});
afterAll(async () => {
  await t?.close();
  delete process.env.UPDATE_COMMAND;
  delete process.env.RELEASE_MANIFEST;
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('self-update como tarefa durável', () => {
  it('a tentativa aponta a sua tarefa: CONCLUIDO numa única tentativa, com o progresso e o alvo', async () => {
    escreverScript('echo ok');
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/administracao/self-update', headers: ana.headers });
    expect(res.statusCode).toBe(202);
    const { id, tarefaId } = res.json<{ id: number; tarefaId: string }>();
    expect(tarefaId).toMatch(/^[0-9a-f-]{36}$/);
    await esperar(situacao, (s) => s.ultima?.id === id && s.ultima.status === 'CONCLUIDA');
    const tarefa = (
      await t.app.inject({ method: 'GET', url: `/api/v1/tarefas/${tarefaId}`, headers: ana.headers })
    ).json();
    expect(tarefa).toMatchObject({
      id: tarefaId,
      tipo: 'plataforma.atualizacao',
      status: 'CONCLUIDO',
      tentativas: 1,
      resultado: { versaoAlvo: '8.0.48791', reiniciando: false },
      titulo: 'Atualização para 8.0.48791',
    });
  });

  it('cancelada pelo administrador: o comando é parado e a tentativa termina em falha', async () => {
    fs.rmSync(execucoes, { force: true });
    escreverScript('sleep 30');
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/administracao/self-update', headers: ana.headers });
    const { id, tarefaId } = res.json<{ id: number; tarefaId: string }>();
    await esperar(
      async () => execucoesFeitas().length,
      (n) => n === 1,
      30_000,
    );
    const [pid] = execucoesFeitas();
    const cancelar = await t.app.inject({
      method: 'POST',
      url: `/api/v1/tarefas/${tarefaId}/cancelar`,
      headers: ana.headers,
    });
    expect(cancelar.statusCode).toBe(200);
    const s = await esperar(situacao, (v) => v.ultima?.id === id && v.ultima.status !== 'EM_ANDAMENTO');
    expect(s.ultima).toMatchObject({
      status: 'FALHOU',
      mensagem: expect.stringMatching(/cancelada pelo administrador/),
    });
    // the update command (and what it started) is stopped, not left running
    await esperar(
      async () => vivo(Number(pid)),
      (v) => !v,
      10_000,
    );
  });

  describe('instância que morre no meio da atualização', () => {
    let filha: ChildProcess | undefined;
    let outra: FastifyInstance | undefined;
    afterAll(async () => {
      filha?.kill('SIGKILL');
      for (const pid of execucoesFeitas()) {
        try {
          process.kill(Number(pid), 'SIGKILL'); // the orphaned update command
        } catch {}
      }
      await outra?.close();
    });

    it('SIGKILL durante o comando: a tentativa termina em falha e o comando não roda de novo', async () => {
      fs.rmSync(execucoes, { force: true });
      escreverScript('sleep 60');
      // this file's app only enqueues from now on: the child instance takes the update
      await t.app.tarefas.boss.offWork('atualizacao', { wait: true });
      filha = spawn(
        process.execPath,
        ['--import', 'tsx', path.join(import.meta.dirname, '../jobs/instancia-filha.ts')],
        {
          env: { ...process.env, TESTE_APP_URL: t.appUrl, JOBS_CONCORRENCIA: '1' },
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      );
      let saida = '';
      filha.stdout!.on('data', (c) => (saida += c));
      filha.stderr!.on('data', (c) => (saida += c));
      await esperar(
        async () => saida,
        (s) => s.includes('pronta'),
        30_000,
      );
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/administracao/self-update',
        headers: ana.headers,
      });
      expect(res.statusCode).toBe(202);
      const { id, tarefaId } = res.json<{ id: number; tarefaId: string }>();
      await esperar(
        async () => execucoesFeitas().length,
        (n) => n === 1,
        30_000,
      );
      filha.kill('SIGKILL');
      // an instance with workers on the same database: the lost job must not be run again
      outra = await buildApp({ config: { ...loadConfig(), logLevel: 'silent' }, db: t.db, logger: false });
      await outra.ready();
      const s = await esperar(situacao, (v) => v.ultima?.id === id && v.ultima.status !== 'EM_ANDAMENTO');
      expect(s.ultima).toMatchObject({
        status: 'FALHOU',
        mensagem: expect.stringMatching(/não ocorreu como esperado.*não é repetida automaticamente/),
      });
      const tarefa = (
        await t.app.inject({ method: 'GET', url: `/api/v1/tarefas/${tarefaId}`, headers: ana.headers })
      ).json();
      expect(tarefa).toMatchObject({ status: 'ERRO', tentativas: 1 });
      expect(execucoesFeitas()).toHaveLength(1);
      // the administrator may try again at once
      escreverScript('echo ok');
      const outraVez = await t.app.inject({
        method: 'POST',
        url: '/api/v1/administracao/self-update',
        headers: ana.headers,
      });
      expect(outraVez.statusCode).toBe(202);
    }, 90_000);
  });
});
