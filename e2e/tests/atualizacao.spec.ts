/**
 * /atualizacao and the real self-update (spec §4 "Update flow"): a supervised server of its own
 * (scripts/supervisor.mjs on port 8214, temporary DATA_DIR) runs a packed build 8.0.48783; the release
 * manifest announces 8.0.48784, which the update command installs from a fixture build. A failing
 * command brings the admin back to the offer (attempt 1) and gives other users the error toast; the
 * working one shows 'sistema', and the page comes back on the new build with the success toast.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { login, toast } from './shell-helpers';

const PORTA = Number(process.env.E2E_ATUALIZACAO_PORT ?? 8214);
const BASE = `http://localhost:${PORTA}`;
const repo = path.resolve(import.meta.dirname, '../..');
const tmp = path.join(os.tmpdir(), `retaguarda-e2e-atualizacao-${PORTA}`);
const comando = path.join(tmp, 'atualizar.sh');
let supervisor: ChildProcess | undefined;
let saida = '';

function criarBuild(destino: string, build: number, migracao?: string): void {
  const web = process.env.WEB_DIST ?? path.join(repo, 'apps/web/dist');
  const args = ['scripts/criar-build.mjs', '--destino', destino, '--build', String(build), '--web', web];
  if (migracao) args.push('--migracao', migracao);
  execFileSync(process.execPath, args, { cwd: repo, stdio: 'pipe' });
}

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  fs.rmSync(tmp, { recursive: true, force: true });
  fs.mkdirSync(tmp, { recursive: true });
  fs.chmodSync(tmp, 0o755); // the embedded PostgreSQL runs as `postgres` under root
  const migracao = path.join(tmp, '9001_fixture_atualizacao.sql');
  fs.writeFileSync(migracao, 'create table fixture_atualizacao (id integer primary key);\n');
  criarBuild(path.join(tmp, 'atual'), 48783);
  criarBuild(path.join(tmp, 'fixture-48784'), 48784, migracao);
  fs.writeFileSync(
    path.join(tmp, 'releases.json'),
    JSON.stringify({
      releases: [
        {
          numero: '8.0',
          build: 48784,
          notas: [{ issue: 'RTG-4901', detail: 'Conciliação bancária com tarifas do extrato.' }],
        },
      ],
    }),
  );
  fs.writeFileSync(comando, 'sleep 1; echo "pacote corrompido" >&2; exit 4\n');
  supervisor = spawn(process.execPath, [path.join(tmp, 'atual/scripts/supervisor.mjs')], {
    env: {
      ...process.env,
      DATABASE_URL: '',
      DATA_DIR: path.join(tmp, 'data'),
      PORT: String(PORTA),
      LOG_LEVEL: 'warn',
      WEB_DIST: '',
      RELEASE_MANIFEST: path.join(tmp, 'releases.json'),
      UPDATE_COMMAND: `sh ${comando}`,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  supervisor.stdout?.on('data', (c) => (saida += c));
  supervisor.stderr?.on('data', (c) => (saida += c));
  await expect
    .poll(
      () =>
        fetch(`${BASE}/api/v1/status`).then(
          (r) => r.status,
          () => 0,
        ),
      { timeout: 100_000 },
    )
    .toBe(200)
    .catch((err) => {
      throw new Error(`${err.message}\n${saida}`);
    });
});

test.afterAll(async () => {
  if (supervisor && supervisor.exitCode === null) {
    const saiu = new Promise((r) => supervisor?.once('exit', r));
    supervisor.kill('SIGTERM');
    await Promise.race([saiu, new Promise((r) => setTimeout(r, 20_000))]);
  }
  fs.rmSync(tmp, { recursive: true, force: true });
});

test('comando com erro: o administrador volta à oferta (tentativa 1), os outros veem o toast de erro e o pedido de logout', async ({
  page,
  browser,
}) => {
  const outro = await browser.newContext({ locale: 'pt-BR' });
  const carlos = await outro.newPage();
  await login(carlos, 'carlos.fiscal', BASE);
  // administrators only: the others go home with the spec's toast
  await carlos.goto(`${BASE}/app/#/atualizacao`);
  await expect(toast(carlos)).toContainText('Você não tem acesso a essa funcionalidade.');
  await expect(toast(carlos)).toContainText('Para ter acesso, solicite ao administrador.');
  await expect(carlos.getByRole('heading', { name: /^Olá, / })).toBeVisible();

  await login(page, 'ana.admin', BASE);
  await page.goto(`${BASE}/app/#/atualizacao`);
  await expect(page.getByRole('heading', { name: 'Atualização do sistema' })).toBeVisible();
  await expect(page.locator('[data-cy=notas-atualizacao]')).toContainText('RTG-4901');
  await expect(page.locator('[data-cy=notas-atualizacao]')).toContainText(
    'Conciliação bancária com tarifas do extrato.',
  );
  await expect(page.locator('[data-cy=versao-atual]')).toHaveText('8.0.48783');
  await expect(page.locator('[data-cy=versao-mais-recente]')).toHaveText('8.0.48784');
  await expect(page.locator('[data-cy=sessoes-ativas]')).toContainText('carlos.fiscal');
  await page.screenshot({ path: test.info().outputPath('atualizacao.png'), fullPage: true });

  // the first click only asks, naming the sessions that end (every listed one); cancelling keeps everyone on
  const listadas = await page.locator('[data-cy=sessoes-ativas] tbody tr').count();
  expect(listadas).toBeGreaterThan(1);
  const titulo = `Encerrar ${listadas} sessões ativas?`;
  await page.getByRole('button', { name: 'Atualizar agora' }).click();
  const confirmar = page.getByRole('dialog', { name: titulo });
  await expect(confirmar).toBeVisible();
  await confirmar.getByRole('button', { name: 'Cancelar' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(carlos.getByRole('dialog')).toHaveCount(0);
  await page.getByRole('button', { name: 'Atualizar agora' }).click();
  await page.getByRole('dialog', { name: titulo }).getByRole('button', { name: 'Atualizar e encerrar' }).click();
  await expect(page.getByRole('dialog', { name: 'Atualização em andamento' })).toBeVisible();
  await expect(carlos.getByRole('dialog', { name: 'Atualização em andamento' })).toBeVisible();

  const oferta = page.getByRole('dialog', { name: 'Atualização disponível' });
  await expect(oferta).toBeVisible({ timeout: 20_000 });
  await expect(oferta).toContainText('A tentativa 1 falhou');
  await expect(oferta).toContainText('código de saída 4');
  // the access-denied toast of the start may still be up (10 s): pick the update's own toast
  const erro = toast(carlos).filter({ hasText: 'Erro ao atualizar' });
  await expect(erro).toBeVisible();
  await expect(erro).toContainText('A atualização não ocorreu como esperado, algum erro ocorreu durante o processo.');
  await expect(carlos.getByRole('dialog')).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('oferta-apos-falha.png') });

  // the offer asks the others to log out: they get the 'usuario' view
  // the logout request names the other users' sessions (carlos's), not the administrator's own
  const deCarlos = await oferta.locator('[data-cy=sessoes-ativas] tbody tr', { hasText: 'carlos.fiscal' }).count();
  await oferta.getByRole('button', { name: 'Solicitar logout dos usuários' }).click();
  await expect(carlos.getByRole('dialog')).toHaveCount(0);
  await page
    .getByRole('dialog', { name: deCarlos === 1 ? 'Encerrar 1 sessão ativa?' : `Encerrar ${deCarlos} sessões ativas?` })
    .getByRole('button', { name: 'Solicitar logout' })
    .click();
  await expect(toast(page).filter({ hasText: 'Solicitação de logout enviada aos usuários conectados.' })).toBeVisible();
  const pedido = carlos.getByRole('dialog', { name: 'Atualização do sistema' });
  await expect(pedido).toContainText('O administrador solicitou que todos saiam do sistema para a atualização.');
  await pedido.getByRole('button', { name: 'Sair agora' }).click();
  await expect(carlos.locator('[data-cy=login-usuario-input-field]')).toBeVisible();
  await outro.close();
});

test('atualização real: visão sistema, servidor reiniciado no build novo e toast de sucesso', async ({ page }) => {
  test.setTimeout(90_000);
  fs.writeFileSync(comando, `sleep 1; cp -R ${path.join(tmp, 'fixture-48784')}/. "$RETAGUARDA_DESTINO"/\n`);
  await login(page, 'ana.admin', BASE);
  await page.getByRole('button', { name: /Atualização disponível: build 8\.0\.48784/ }).click();
  const oferta = page.getByRole('dialog', { name: 'Atualização disponível' });
  await expect(oferta).toContainText('ana.admin');
  await oferta.getByRole('button', { name: 'Atualizar agora' }).click();
  await page
    .getByRole('dialog', { name: /^Encerrar \d+ sess(ão ativa|ões ativas)\?$/ })
    .getByRole('button', { name: 'Atualizar e encerrar' })
    .click();
  await expect(page.getByRole('dialog', { name: 'Atualização em andamento' })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('sistema.png') });

  const sucesso = page.locator('[data-cy=toast]').filter({ hasText: 'O build 8.0.48784 foi aplicado com sucesso!' });
  await expect(sucesso).toBeVisible({ timeout: 60_000 });
  await expect(sucesso).toContainText('Atualização');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  const versao = await page.evaluate(() => fetch('/api/v1/status').then((r) => r.json()));
  expect(versao.versao).toBe('8.0.48784');

  await page.goto(`${BASE}/app/#/atualizacao`);
  await expect(page.locator('[data-cy=versao-atual]')).toHaveText('8.0.48784');
  await expect(page.getByText('O sistema já está na versão mais recente.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Atualizar agora' })).toBeDisabled();
  await page.screenshot({ path: test.info().outputPath('atualizado.png'), fullPage: true });
});
