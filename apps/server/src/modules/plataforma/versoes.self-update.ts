/**
 * Administrator self-update (spec §4 "Update flow"): runs the update command configured in
 * UPDATE_COMMAND as a tracked background job, records the attempt, announces it (update started /
 * finished / failed) and keeps the command's last output lines. Under the supervisor (npm start) the
 * command installs the new build into RETAGUARDA_DESTINO; the job verifies it, points the supervisor at
 * it and restarts; the next start (the new build, or the old one after a rollback) settles the attempt.
 * Without a supervisor the command itself must install and restart the service.
 * Without UPDATE_COMMAND nothing is run and the API says self-update is not available.
 */
import { spawn } from 'node:child_process';
import { MSG_ATUALIZACAO } from '@retaguarda/domain';
import { sql } from 'kysely';
import { audit } from '../../db/audit';
import type { Database } from '../../db/database';
import { ApiError } from '../../plugins/errors';
import { type FaseAtualizacao, publicar, publicarAgora } from '../../plugins/events';
import {
  apontarPara,
  dirBuilds,
  lerPonteiro,
  gravarPonteiro,
  pedirReinicio,
  prepararDestino,
  verificarBuild,
} from './versoes.builds';
import { type FonteDeVersoes, parseVersao, versaoAtual, versaoCompleta } from './versoes.service';

const SAIDA_MAX = 4_000;
/** A job older than this is considered dead (server restarted mid-update) and no longer blocks. */
const EM_ANDAMENTO_MAX_MIN = 30;

export interface AtualizacaoRegistro {
  id: number;
  status: 'EM_ANDAMENTO' | 'CONCLUIDA' | 'FALHOU';
  versaoOrigem: string;
  versaoAlvo: string;
  iniciadaEm: Date;
  concluidaEm: Date | null;
  mensagem: string | null;
  saida: string | null;
}

const COLUNAS = sql`id, status, versao_origem as "versaoOrigem", versao_alvo as "versaoAlvo", iniciada_em as "iniciadaEm",
  concluida_em as "concluidaEm", mensagem, saida`;

export interface SelfUpdateOptions {
  db: Database;
  versoes: FonteDeVersoes;
  comando: string | undefined;
  timeoutMs: number;
}

export async function ultimaAtualizacao(db: Database, assinanteId: number): Promise<AtualizacaoRegistro | null> {
  const { rows } = await db.withTenant(assinanteId, (trx) =>
    sql<AtualizacaoRegistro>`select ${COLUNAS} from atualizacao_sistema order by iniciada_em desc, id desc limit 1`.execute(
      trx,
    ),
  );
  return rows[0] ?? null;
}

/** Records the attempt and starts the command; resolves with the record once the job is running. */
export async function iniciarAtualizacao(
  o: SelfUpdateOptions,
  quem: { assinanteId: number; usuarioId: number | null; requestId: string },
): Promise<AtualizacaoRegistro> {
  const comando = o.comando;
  if (!comando) throw new ApiError(503, MSG_ATUALIZACAO.indisponivel);
  const atual = versaoAtual();
  const alvo = await o.versoes.maisRecente();
  if (alvo.build <= atual.build) throw new ApiError(409, MSG_ATUALIZACAO.jaAtualizado);
  const registro = await o.db.withTenant(quem.assinanteId, async (trx) => {
    // one update at a time per tenant (the lock serialises two administrators clicking together)
    await sql`select pg_advisory_xact_lock(724007, ${quem.assinanteId})`.execute(trx);
    const { rows: ativos } = await sql`select 1 from atualizacao_sistema where status = 'EM_ANDAMENTO'
      and iniciada_em > now() - make_interval(mins => ${EM_ANDAMENTO_MAX_MIN})`.execute(trx);
    if (ativos.length) throw new ApiError(409, MSG_ATUALIZACAO.emAndamento);
    const { rows } = await sql<AtualizacaoRegistro>`
      insert into atualizacao_sistema (assinante_id, usuario_id, versao_origem, versao_alvo, mensagem)
      values (${quem.assinanteId}, ${quem.usuarioId}, ${versaoCompleta(atual)}, ${versaoCompleta(alvo)}, ${MSG_ATUALIZACAO.iniciada})
      returning ${COLUNAS}`.execute(trx);
    const r = rows[0]!;
    await audit(trx, {
      assinanteId: quem.assinanteId,
      usuarioId: quem.usuarioId,
      entidade: 'atualizacaoSistema',
      entidadeId: r.id,
      operacao: 'INCLUSAO',
      depois: { versaoOrigem: r.versaoOrigem, versaoAlvo: r.versaoAlvo },
      requestId: quem.requestId,
    });
    publicar(trx, evento(quem.assinanteId, r, 'iniciada', MSG_ATUALIZACAO.iniciada));
    return r;
  });
  executar(o, comando, quem.assinanteId, registro);
  return registro;
}

function evento(assinanteId: number, r: AtualizacaoRegistro, fase: FaseAtualizacao, mensagem: string) {
  return {
    tipo: 'atualizacao' as const,
    assinanteId,
    fase,
    atualizacaoId: r.id,
    versaoAlvo: r.versaoAlvo,
    mensagem,
    em: new Date().toISOString(),
  };
}

function executar(o: SelfUpdateOptions, comando: string, assinanteId: number, r: AtualizacaoRegistro): void {
  let saida = '';
  const guardar = (chunk: Buffer) => {
    saida = (saida + chunk.toString('utf8')).slice(-SAIDA_MAX);
  };
  const alvo = parseVersao(r.versaoAlvo);
  const builds = dirBuilds();
  let destino: string | undefined;
  try {
    destino = builds ? prepararDestino(builds, alvo) : undefined;
  } catch (err) {
    void concluir(o.db, assinanteId, r, false, (err as Error).message, saida);
    return;
  }
  const filho = spawn(comando, {
    shell: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      RETAGUARDA_VERSAO_ALVO: r.versaoAlvo,
      RETAGUARDA_NUMERO_ALVO: alvo.numero,
      RETAGUARDA_BUILD_ALVO: String(alvo.build),
      ...(builds && destino ? { RETAGUARDA_BUILDS_DIR: builds, RETAGUARDA_DESTINO: destino } : {}),
    },
  });
  filho.stdout.on('data', guardar);
  filho.stderr.on('data', guardar);
  const timer = setTimeout(() => filho.kill('SIGTERM'), o.timeoutMs);
  let terminou = false;
  const fim = (ok: boolean, detalhe: string) => {
    if (terminou) return;
    terminou = true;
    clearTimeout(timer);
    if (!ok || !builds || !destino) return void concluir(o.db, assinanteId, r, ok, detalhe, saida);
    const problema = verificarBuild(destino, alvo);
    if (problema) return void concluir(o.db, assinanteId, r, false, problema, saida);
    void reiniciarCom(o.db, assinanteId, r, builds, destino, saida);
  };
  filho.on('error', (err) => fim(false, err.message));
  filho.on('close', (code, signal) => fim(code === 0, signal ? `encerrado por ${signal}` : `código de saída ${code}`));
}

/** The installed build is sound: record it, point the supervisor at it and restart. */
async function reiniciarCom(
  db: Database,
  assinanteId: number,
  r: AtualizacaoRegistro,
  builds: string,
  destino: string,
  saida: string,
): Promise<void> {
  try {
    await db.withTenant(assinanteId, (trx) =>
      sql`update atualizacao_sistema set mensagem = ${MSG_ATUALIZACAO.reiniciando}, saida = ${saida}
        where id = ${r.id}`.execute(trx),
    );
    apontarPara(builds, destino, { atualizacaoId: r.id, assinanteId, versaoAlvo: r.versaoAlvo });
  } catch (err) {
    return concluir(db, assinanteId, r, false, (err as Error).message, saida);
  }
  pedirReinicio();
}

/**
 * At start-up under the supervisor: settles the update recorded in the pointer. Running the target
 * build means it was applied; anything else means the supervisor rolled back (the reason is kept).
 */
export async function liquidarAtualizacaoPendente(db: Database): Promise<void> {
  const builds = dirBuilds();
  const ponteiro = builds ? lerPonteiro(builds) : null;
  if (!builds || !ponteiro?.pendente) return;
  const { pendente } = ponteiro;
  gravarPonteiro(builds, { ...ponteiro, pendente: null, falha: null });
  const r = { id: pendente.atualizacaoId, versaoAlvo: pendente.versaoAlvo } as AtualizacaoRegistro;
  const aplicada = versaoCompleta(versaoAtual()) === pendente.versaoAlvo;
  const detalhe = ponteiro.falha ?? `o servidor voltou no build ${versaoCompleta(versaoAtual())}`;
  await concluir(db, pendente.assinanteId, r, aplicada, detalhe, null, MSG_ATUALIZACAO.aplicada);
}

async function concluir(
  db: Database,
  assinanteId: number,
  r: AtualizacaoRegistro,
  ok: boolean,
  detalhe: string,
  saida: string | null,
  msgSucesso: string = MSG_ATUALIZACAO.concluida,
): Promise<void> {
  const status = ok ? 'CONCLUIDA' : 'FALHOU';
  const mensagem = ok ? msgSucesso : `${MSG_ATUALIZACAO.falhou} (${detalhe})`;
  try {
    await db.withTenant(assinanteId, async (trx) => {
      await sql`update atualizacao_sistema set status = ${status}, concluida_em = now(), mensagem = ${mensagem},
        saida = coalesce(${saida}, saida) where id = ${r.id}`.execute(trx);
      await audit(trx, {
        assinanteId,
        usuarioId: null,
        entidade: 'atualizacaoSistema',
        entidadeId: r.id,
        operacao: 'ALTERACAO',
        depois: { status, detalhe },
      });
      publicar(trx, evento(assinanteId, r, ok ? 'concluida' : 'falhou', mensagem));
    });
  } catch {
    // the database may be restarting with the update: still tell the connected browsers
    publicarAgora(db, evento(assinanteId, r, ok ? 'concluida' : 'falhou', mensagem));
  }
}
