/**
 * Administrator self-update (spec §4 "Update flow", §7 POST/GET /api/v1/administracao/self-update):
 * the command records the attempt and enqueues its durable job in one transaction (queue `atualizacao`,
 * never retried: versoes.self-update.tarefa.ts runs the command, verifies and hands over to the
 * supervisor); the next start settles an attempt that restarted the server. Without UPDATE_COMMAND
 * nothing is run and the API says self-update is not available.
 */
import crypto from 'node:crypto';
import { comandoIniciarAtualizacao, MSG_ATUALIZACAO } from '@retaguarda/domain';
import { sql } from 'kysely';
import type { Database } from '../../db/database';
import { ApiError } from '../../plugins/errors';
import { type ContextoDoComando, defineWorkflow } from '../../workflows';
import {
  type AtualizacaoRegistro,
  COLUNAS_ATUALIZACAO,
  concluirAtualizacao,
  eventoAtualizacao,
} from './versoes.atualizacao.store';
import { dirBuilds, gravarPonteiro, lerPonteiro } from './versoes.builds';
import { ajustesDaAtualizacao, TIPO_ATUALIZACAO } from './versoes.self-update.tarefa';
import { type FonteDeVersoes, versaoAtual, versaoCompleta } from './versoes.service';

export type { AtualizacaoRegistro };

/**
 * An attempt older than this no longer blocks a new one: a lost job settles its attempt through the
 * dead letter within a minute, but an attempt waiting for the restart is settled only by the next start.
 */
const EM_ANDAMENTO_MAX_MIN = 30;

export async function ultimaAtualizacao(db: Database, assinanteId: number): Promise<AtualizacaoRegistro | null> {
  const { rows } = await db.withTenant(assinanteId, (trx) =>
    sql<AtualizacaoRegistro>`select ${COLUNAS_ATUALIZACAO} from atualizacao_sistema
      order by iniciada_em desc, id desc limit 1`.execute(trx),
  );
  return rows[0] ?? null;
}

type Ctx = ContextoDoComando<unknown, { registro?: AtualizacaoRegistro }>;

/** Without UPDATE_COMMAND nothing can run: 503. */
function conferirDisponivel(): void {
  if (!ajustesDaAtualizacao().comando) throw new ApiError(503, MSG_ATUALIZACAO.indisponivel);
}

/** One attempt at a time per tenant (the command's lock serialises two administrators clicking together). */
async function conferirOutraEmAndamento(ctx: Ctx): Promise<void> {
  const { rows: ativos } = await sql`select 1 from atualizacao_sistema where status = 'EM_ANDAMENTO'
    and iniciada_em > now() - make_interval(mins => ${EM_ANDAMENTO_MAX_MIN})`.execute(ctx.trx);
  if (ativos.length) throw new ApiError(409, MSG_ATUALIZACAO.emAndamento);
}

/** Records the attempt (EM_ANDAMENTO) naming its job, and enqueues the job in the same transaction. */
const registrar =
  (versoes: FonteDeVersoes) =>
  async (ctx: Ctx): Promise<void> => {
    const atual = versaoAtual();
    const alvo = await versoes.maisRecente();
    if (alvo.build <= atual.build) throw new ApiError(409, MSG_ATUALIZACAO.jaAtualizado);
    await conferirOutraEmAndamento(ctx);
    const tarefaId = crypto.randomUUID();
    const { rows } = await sql<AtualizacaoRegistro>`
      insert into atualizacao_sistema (assinante_id, usuario_id, versao_origem, versao_alvo, mensagem, tarefa_id)
      values (${ctx.assinanteId}, ${ctx.usuarioId}, ${versaoCompleta(atual)}, ${versaoCompleta(alvo)},
              ${MSG_ATUALIZACAO.iniciada}, ${tarefaId})
      returning ${COLUNAS_ATUALIZACAO}`.execute(ctx.trx);
    const r = rows[0]!;
    await ctx.enfileirar(
      TIPO_ATUALIZACAO,
      { atualizacaoId: r.id },
      { id: tarefaId, titulo: `Atualização para ${r.versaoAlvo}` },
    );
    ctx.auditoria = {
      entidade: 'atualizacaoSistema',
      entidadeId: r.id,
      operacao: 'INCLUSAO',
      depois: { versaoOrigem: r.versaoOrigem, versaoAlvo: r.versaoAlvo, tarefaId },
    };
    ctx.publicar(eventoAtualizacao(ctx.assinanteId, r, 'iniciada', MSG_ATUALIZACAO.iniciada));
    ctx.estado.registro = r;
  };

/**
 * POST /api/v1/administracao/self-update (a command answering with its job, 202): the attempt and its job
 * in one transaction; bound per app to the versions' manifest it reads the target from.
 */
export const iniciarAtualizacao = (versoes: FonteDeVersoes) =>
  defineWorkflow(comandoIniciarAtualizacao, {
    estadoInicial: (): { registro?: AtualizacaoRegistro } => ({}),
    lock: () => 'plataforma.atualizacao',
    passos: [conferirDisponivel, registrar(versoes)],
    resposta: (ctx) => ({ ...ctx.estado.registro!, message: MSG_ATUALIZACAO.iniciada }),
  });

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
  const r = { id: pendente.atualizacaoId, versaoAlvo: pendente.versaoAlvo };
  const emExecucao = versaoCompleta(versaoAtual());
  await concluirAtualizacao(db, pendente.assinanteId, r, {
    ok: emExecucao === pendente.versaoAlvo,
    detalhe: ponteiro.falha ?? `o servidor voltou no build ${emExecucao}`,
    saida: null,
    msgSucesso: MSG_ATUALIZACAO.aplicada,
  });
}
