/**
 * The self-update job (queue `atualizacao`, retryLimit 0: an update never runs twice by itself). It runs
 * UPDATE_COMMAND with the target version in its environment, keeps the command's last output lines and,
 * under the supervisor (npm start), verifies the build the command installed into RETAGUARDA_DESTINO,
 * points the supervisor at it and asks for the restart; the next start settles the attempt
 * (liquidarAtualizacaoPendente). Without a supervisor the command itself installs and restarts.
 * The job's own status says whether this part ran; the attempt (`atualizacao_sistema`) says how the
 * update ended. A job lost with its instance, or cancelled, settles the attempt as failed (aoEncerrar).
 */
import { spawn } from 'node:child_process';
import { MSG_TAREFA } from '@retaguarda/domain';
import { FalhaDefinitiva, defineJob } from '../../jobs';
import {
  atualizacaoDaTarefa,
  atualizacaoPorId,
  concluirAtualizacao,
  mensagemDeFalha,
  registrarReinicio,
} from './versoes.atualizacao.store';
import { apontarPara, dirBuilds, pedirReinicio, prepararDestino, verificarBuild } from './versoes.builds';
import { parseVersao } from './versoes.service';

export const TIPO_ATUALIZACAO = 'plataforma.atualizacao';
const SAIDA_MAX = 4_000;
const DETALHE_INTERROMPIDA = 'o servidor parou durante a atualização; ela não é repetida automaticamente';
const DETALHE_CANCELADA = 'cancelada pelo administrador';
/** the queue expires a job after 30 min: the command is stopped well before, so its failure is recorded */
const TEMPO_MAX_MS = 28 * 60_000;

/** UPDATE_COMMAND and UPDATE_TIMEOUT_MS, read when used (every instance runs with the same settings). */
export function ajustesDaAtualizacao(env: NodeJS.ProcessEnv = process.env) {
  return {
    comando: env.UPDATE_COMMAND || undefined,
    timeoutMs: Math.min(Number(env.UPDATE_TIMEOUT_MS) || 15 * 60_000, TEMPO_MAX_MS),
  };
}

interface ResultadoComando {
  ok: boolean;
  detalhe: string;
  saida: string;
}

/** Runs the command in a shell; stops it (SIGTERM) on timeout or when the job is aborted. */
function rodarComando(
  comando: string,
  env: Record<string, string>,
  timeoutMs: number,
  sinal: AbortSignal,
): Promise<ResultadoComando> {
  return new Promise((resolve) => {
    let saida = '';
    const guardar = (chunk: Buffer) => {
      saida = (saida + chunk.toString('utf8')).slice(-SAIDA_MAX);
    };
    // its own process group, so a stop reaches what the shell started too (a sleeping grandchild would
    // otherwise keep the output pipes, and the job, open until it ends)
    const filho = spawn(comando, {
      shell: true,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, ...env },
    });
    filho.stdout.on('data', guardar);
    filho.stderr.on('data', guardar);
    const parar = () => {
      try {
        if (filho.pid) process.kill(-filho.pid, 'SIGTERM');
      } catch {
        filho.kill('SIGTERM'); // the group is gone already
      }
    };
    const timer = setTimeout(parar, timeoutMs);
    sinal.addEventListener('abort', parar, { once: true });
    let terminou = false;
    const fim = (ok: boolean, detalhe: string) => {
      if (terminou) return;
      terminou = true;
      clearTimeout(timer);
      sinal.removeEventListener('abort', parar);
      resolve({ ok, detalhe, saida });
    };
    filho.on('error', (err) => fim(false, err.message));
    filho.on('close', (code, signal) =>
      fim(code === 0, signal ? `encerrado por ${signal}` : `código de saída ${code}`),
    );
  });
}

interface DadosAtualizacao {
  atualizacaoId: number;
}

interface ResultadoAtualizacao {
  versaoAlvo: string;
  /** true: the installed build was handed to the supervisor and the server is restarting with it */
  reiniciando: boolean;
}

export const tarefaAtualizacao = defineJob<DadosAtualizacao, ResultadoAtualizacao | null>({
  tipo: TIPO_ATUALIZACAO,
  fila: 'atualizacao',
  async executar({ db, assinanteId, dados, progresso, sinal }) {
    const r = await db.withTenant(assinanteId, (trx) => atualizacaoPorId(trx, dados.atualizacaoId));
    if (r?.status !== 'EM_ANDAMENTO') return null; // settled meanwhile
    const { comando, timeoutMs } = ajustesDaAtualizacao();
    const falhar = async (detalhe: string, saida: string | null): Promise<never> => {
      await concluirAtualizacao(db, assinanteId, r, { ok: false, detalhe, saida });
      throw new FalhaDefinitiva(mensagemDeFalha(detalhe));
    };
    if (!comando) return falhar('nenhum comando de atualização configurado', null);

    const alvo = parseVersao(r.versaoAlvo);
    const builds = dirBuilds();
    let destino: string | undefined;
    try {
      destino = builds ? prepararDestino(builds, alvo) : undefined;
    } catch (err) {
      return falhar((err as Error).message, null);
    }
    await progresso(0, 3, 'Executando o comando de atualização');
    const env: Record<string, string> = {
      RETAGUARDA_VERSAO_ALVO: r.versaoAlvo,
      RETAGUARDA_NUMERO_ALVO: alvo.numero,
      RETAGUARDA_BUILD_ALVO: String(alvo.build),
      ...(builds && destino ? { RETAGUARDA_BUILDS_DIR: builds, RETAGUARDA_DESTINO: destino } : {}),
    };
    const cmd = await rodarComando(comando, env, timeoutMs, sinal);
    if (!cmd.ok) return falhar(cmd.detalhe, cmd.saida);
    if (!builds || !destino) {
      await concluirAtualizacao(db, assinanteId, r, { ok: true, detalhe: cmd.detalhe, saida: cmd.saida });
      return { versaoAlvo: r.versaoAlvo, reiniciando: false };
    }

    await progresso(1, 3, 'Verificando o build instalado');
    const problema = verificarBuild(destino, alvo);
    if (problema) return falhar(problema, cmd.saida);
    await progresso(2, 3, 'Reiniciando com o novo build');
    await registrarReinicio(db, assinanteId, r.id, cmd.saida);
    apontarPara(builds, destino, { atualizacaoId: r.id, assinanteId, versaoAlvo: r.versaoAlvo });
    // SIGTERM: the engine's graceful stop lets this job finish (completed, never retried) before the exit
    pedirReinicio();
    return { versaoAlvo: r.versaoAlvo, reiniciando: true };
  },
  /** lost with its instance (dead letter) or cancelled: the attempt failed, unless it was already settled */
  async aoEncerrar({ db, assinanteId, tarefaId, status, mensagem }) {
    const r = await db.withTenant(assinanteId, (trx) => atualizacaoDaTarefa(trx, tarefaId));
    if (r?.status !== 'EM_ANDAMENTO') return;
    // the dead letter's message speaks of retries: an update has none
    const detalhe =
      status === 'CANCELADO'
        ? DETALHE_CANCELADA
        : mensagem === MSG_TAREFA.interrompida
          ? DETALHE_INTERROMPIDA
          : mensagem;
    await concluirAtualizacao(db, assinanteId, r, { ok: false, detalhe, saida: null });
  },
});
