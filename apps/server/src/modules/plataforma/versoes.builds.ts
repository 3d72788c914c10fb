/**
 * The server's side of the supervised self-update (scripts/supervisor.mjs, README "Self-update"):
 * where the update command installs a build, how an installed build is verified, the pointer the
 * supervisor follows (DATA_DIR/builds/atual.json) and the restart request (exit code 75).
 */
import fs from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../../config';
import { lerManifestoDoBuild, type Versao } from './versoes.service';

/** Exit code that asks the supervisor to start the server again from the pointer's build. */
export const CODIGO_REINICIO = 75;

/** Pending update, recorded in the pointer until the next start settles it. */
export interface AtualizacaoPendente {
  atualizacaoId: number;
  assinanteId: number;
  versaoAlvo: string;
}

export interface Ponteiro {
  dir: string;
  anterior: string | null;
  pendente: AtualizacaoPendente | null;
  falha: string | null;
}

/** Builds directory when running under the supervisor (undefined otherwise: no restart possible). */
export function dirBuilds(): string | undefined {
  return process.env.RETAGUARDA_SUPERVISOR === '1' && typeof process.send === 'function'
    ? process.env.RETAGUARDA_BUILDS_DIR || undefined
    : undefined;
}

const arquivoPonteiro = (builds: string) => path.join(builds, 'atual.json');

export function lerPonteiro(builds: string): Ponteiro | null {
  try {
    return JSON.parse(fs.readFileSync(arquivoPonteiro(builds), 'utf8')) as Ponteiro;
  } catch {
    return null;
  }
}

export function gravarPonteiro(builds: string, p: Ponteiro): void {
  fs.mkdirSync(builds, { recursive: true });
  const tmp = `${arquivoPonteiro(builds)}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, `${JSON.stringify(p, null, 2)}\n`);
  fs.renameSync(tmp, arquivoPonteiro(builds));
}

/** An empty directory for the update command to install build `alvo` into (a stale attempt is removed). */
export function prepararDestino(builds: string, alvo: Versao): string {
  const destino = path.join(builds, String(alvo.build));
  if (path.resolve(destino) === path.resolve(REPO_ROOT)) throw new Error('o destino é o build em execução');
  fs.rmSync(destino, { recursive: true, force: true });
  fs.mkdirSync(destino, { recursive: true });
  return destino;
}

/** Checks what the update command installed; returns the reason it cannot run, or null. */
export function verificarBuild(destino: string, alvo: Versao): string | null {
  let manifesto: Versao | null;
  try {
    manifesto = lerManifestoDoBuild(destino);
  } catch {
    return 'manifesto do build (retaguarda-build.json) inválido';
  }
  if (!manifesto) return 'o build instalado não tem manifesto (retaguarda-build.json)';
  if (manifesto.build !== alvo.build) return `o build instalado é ${manifesto.build}, esperado ${alvo.build}`;
  for (const parte of ['apps/server/dist/server.mjs', 'apps/server/db/migrations', 'apps/server/db/grants.sql'])
    if (!fs.existsSync(path.join(destino, parte))) return `o build instalado não tem ${parte}`;
  return null;
}

/** Points the supervisor at `destino`, keeping the running build to roll back to. */
export function apontarPara(builds: string, destino: string, pendente: AtualizacaoPendente): void {
  gravarPonteiro(builds, { dir: destino, anterior: REPO_ROOT, pendente, falha: null });
}

let reinicioPedido = false;

/** Stops this server cleanly (the SIGTERM handler) so the supervisor starts the pointer's build. */
export function pedirReinicio(): void {
  reinicioPedido = true;
  process.kill(process.pid, 'SIGTERM');
}

/** Exit code for a clean stop: the restart code when an update asked for it. */
export const codigoDeSaida = (): number => (reinicioPedido ? CODIGO_REINICIO : 0);

/** Tells the supervisor this build started (migrations applied, listening). */
export function avisarPronto(): void {
  process.send?.({ tipo: 'pronto' });
}
