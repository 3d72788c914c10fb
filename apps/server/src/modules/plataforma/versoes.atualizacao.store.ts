/**
 * The self-update attempts (`atualizacao_sistema`, migrations 0041 and 0260): what the administrator's
 * API answers (EM_ANDAMENTO | CONCLUIDA | FALHOU, message, the command's last output lines) and the
 * realtime announcements (update started / finished / failed). An attempt is settled once: every close
 * is conditional on EM_ANDAMENTO, so the job, its dead letter, a cancel and the next start never
 * overwrite each other.
 */
import { MSG_ATUALIZACAO } from '@retaguarda/domain';
import { sql } from 'kysely';
import { audit } from '../../db/audit';
import type { Database, Tx } from '../../db/database';
import { type FaseAtualizacao, publicar, publicarAgora } from '../../plugins/events';

export interface AtualizacaoRegistro {
  id: number;
  status: 'EM_ANDAMENTO' | 'CONCLUIDA' | 'FALHOU';
  versaoOrigem: string;
  versaoAlvo: string;
  iniciadaEm: Date;
  concluidaEm: Date | null;
  mensagem: string | null;
  saida: string | null;
  /** the job running it (GET /api/v1/tarefas/{id}); null for attempts made before it ran as a job */
  tarefaId: string | null;
}

export const COLUNAS_ATUALIZACAO = sql`id, status, versao_origem as "versaoOrigem", versao_alvo as "versaoAlvo",
  iniciada_em as "iniciadaEm", concluida_em as "concluidaEm", mensagem, saida, tarefa_id as "tarefaId"`;

export async function atualizacaoPorId(trx: Tx, id: number): Promise<AtualizacaoRegistro | undefined> {
  const { rows } = await sql<AtualizacaoRegistro>`select ${COLUNAS_ATUALIZACAO} from atualizacao_sistema
    where id = ${id}`.execute(trx);
  return rows[0];
}

export async function atualizacaoDaTarefa(trx: Tx, tarefaId: string): Promise<AtualizacaoRegistro | undefined> {
  const { rows } = await sql<AtualizacaoRegistro>`select ${COLUNAS_ATUALIZACAO} from atualizacao_sistema
    where tarefa_id = ${tarefaId}`.execute(trx);
  return rows[0];
}

export function eventoAtualizacao(
  assinanteId: number,
  r: Pick<AtualizacaoRegistro, 'id' | 'versaoAlvo'>,
  fase: FaseAtualizacao,
  mensagem: string,
) {
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

/** Keeps the command's output and the "restarting" message while the attempt stays open. */
export async function registrarReinicio(db: Database, assinanteId: number, id: number, saida: string): Promise<void> {
  await db.withTenant(assinanteId, (trx) =>
    sql`update atualizacao_sistema set mensagem = ${MSG_ATUALIZACAO.reiniciando}, saida = ${saida}
      where id = ${id} and status = 'EM_ANDAMENTO'`.execute(trx),
  );
}

export interface Desfecho {
  ok: boolean;
  /** why it failed (exit code, verification), or what the next start saw */
  detalhe: string;
  saida: string | null;
  msgSucesso?: string;
}

/**
 * Settles an open attempt (CONCLUIDA or FALHOU), audits and announces it; false when it was already
 * settled. Should the database be unreachable (it may be restarting with the update), the connected
 * browsers are still told.
 */
export async function concluirAtualizacao(
  db: Database,
  assinanteId: number,
  r: Pick<AtualizacaoRegistro, 'id' | 'versaoAlvo'>,
  d: Desfecho,
): Promise<boolean> {
  const status = d.ok ? 'CONCLUIDA' : 'FALHOU';
  const mensagem = d.ok ? (d.msgSucesso ?? MSG_ATUALIZACAO.concluida) : mensagemDeFalha(d.detalhe);
  const evento = eventoAtualizacao(assinanteId, r, d.ok ? 'concluida' : 'falhou', mensagem);
  try {
    return await db.withTenant(assinanteId, async (trx) => {
      const { rows } = await sql`update atualizacao_sistema set status = ${status}, concluida_em = now(),
          mensagem = ${mensagem}, saida = coalesce(${d.saida}, saida)
        where id = ${r.id} and status = 'EM_ANDAMENTO' returning id`.execute(trx);
      if (!rows.length) return false;
      await audit(trx, {
        assinanteId,
        usuarioId: null,
        entidade: 'atualizacaoSistema',
        entidadeId: r.id,
        operacao: 'ALTERACAO',
        depois: { status, detalhe: d.detalhe },
      });
      publicar(trx, evento);
      return true;
    });
  } catch {
    publicarAgora(db, evento);
    return false;
  }
}

export const mensagemDeFalha = (detalhe: string) => `${MSG_ATUALIZACAO.falhou} (${detalhe})`;
