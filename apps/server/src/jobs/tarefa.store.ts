/**
 * The `tarefa` rows (migration 0110): what a tenant sees of a job. Every change is conditional on
 * the current status, so a cancelled or finished job is never reopened by a late worker.
 */
import type { StatusTarefa, Tarefa } from '@retaguarda/domain';
import { sql } from 'kysely';
import type { Tx } from '../db/database';

export interface Leitor {
  usuarioId: number;
  administrador: boolean;
}

interface Linha {
  id: string;
  tipo: string;
  fila: string;
  assinanteId: number;
  usuarioId: number | null;
  status: StatusTarefa;
  titulo: string | null;
  link: string | null;
  feito: number;
  total: number | null;
  fase: string | null;
  resultado: unknown;
  erro: string | null;
  tentativas: number;
  criadoEm: Date;
  concluidoEm: Date | null;
}

export type TarefaLinha = Linha;

const COLUNAS = sql`id, tipo, fila, assinante_id as "assinanteId", usuario_id as "usuarioId", status, titulo, link,
  feito, total, fase, resultado, erro, tentativas, criado_em as "criadoEm", concluido_em as "concluidoEm"`;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const ehUuid = (id: string) => UUID.test(id);

export function paraApi(l: Linha): Tarefa {
  return {
    id: l.id,
    tipo: l.tipo,
    status: l.status,
    progresso: { feito: l.feito, total: l.total ?? 0, fase: l.fase },
    titulo: l.titulo,
    link: l.link,
    ...(l.resultado !== null && l.resultado !== undefined ? { resultado: l.resultado } : {}),
    ...(l.erro ? { erro: l.erro } : {}),
    tentativas: l.tentativas,
    criadoEm: new Date(l.criadoEm).toISOString(),
    concluidoEm: l.concluidoEm ? new Date(l.concluidoEm).toISOString() : null,
  };
}

export interface NovaTarefa {
  id: string;
  assinanteId: number;
  usuarioId: number | null;
  tipo: string;
  fila: string;
  titulo?: string;
  link?: string;
  chave?: string;
}

/** Inserts the row; undefined when an open job of the same kind already holds `chave`. */
export async function criarTarefa(trx: Tx, t: NovaTarefa): Promise<Linha | undefined> {
  const { rows } = await sql<Linha>`
    insert into tarefa (assinante_id, id, usuario_id, tipo, fila, titulo, link, chave)
    values (${t.assinanteId}, ${t.id}, ${t.usuarioId}, ${t.tipo}, ${t.fila}, ${t.titulo?.slice(0, 200) ?? null},
            ${t.link ?? null}, ${t.chave ?? null})
    on conflict do nothing returning ${COLUNAS}`.execute(trx);
  return rows[0];
}

export async function tarefaAbertaPorChave(trx: Tx, tipo: string, chave: string): Promise<Linha | undefined> {
  const { rows } = await sql<Linha>`select ${COLUNAS} from tarefa where tipo = ${tipo} and chave = ${chave}
    and status in ('PENDENTE', 'PROCESSANDO')`.execute(trx);
  return rows[0];
}

export async function buscarTarefa(trx: Tx, id: string, leitor?: Leitor): Promise<Linha | undefined> {
  if (!ehUuid(id)) return undefined;
  const visivel = !leitor || leitor.administrador ? sql`true` : sql`usuario_id = ${leitor.usuarioId}`;
  const { rows } = await sql<Linha>`select ${COLUNAS} from tarefa where id = ${id} and ${visivel}`.execute(trx);
  return rows[0];
}

/** A worker takes the job (again, after a retry); undefined when it was cancelled or closed meanwhile. */
export async function iniciarTarefa(trx: Tx, id: string, tentativa: number): Promise<Linha | undefined> {
  const { rows } = await sql<Linha>`update tarefa set status = 'PROCESSANDO', tentativas = ${tentativa},
      iniciado_em = coalesce(iniciado_em, now()), erro = null, atualizado_em = now()
    where id = ${id} and status in ('PENDENTE', 'PROCESSANDO') returning ${COLUNAS}`.execute(trx);
  return rows[0];
}

export async function progredirTarefa(
  trx: Tx,
  id: string,
  p: { feito: number; total: number; fase: string | null },
): Promise<Linha | undefined> {
  const { rows } = await sql<Linha>`update tarefa set feito = ${p.feito}, total = ${p.total}, fase = ${p.fase},
      atualizado_em = now() where id = ${id} and status = 'PROCESSANDO' returning ${COLUNAS}`.execute(trx);
  return rows[0];
}

/** Closes an open job with its final status. */
export async function encerrarTarefa(
  trx: Tx,
  id: string,
  fim: { status: 'CONCLUIDO' | 'ERRO' | 'CANCELADO' | 'PENDENTE'; resultado?: unknown; erro?: string },
): Promise<Linha | undefined> {
  const final = fim.status !== 'PENDENTE';
  const desde = fim.status === 'CANCELADO' ? sql`('PENDENTE', 'PROCESSANDO')` : sql`('PROCESSANDO')`;
  const { rows } = await sql<Linha>`update tarefa set status = ${fim.status},
      resultado = ${fim.resultado === undefined ? null : JSON.stringify(fim.resultado)}::jsonb,
      erro = ${fim.erro?.slice(0, 1000) ?? null},
      feito = case when ${fim.status} = 'CONCLUIDO' then greatest(feito, coalesce(total, 0)) else feito end,
      concluido_em = case when ${final} then now() else null end, atualizado_em = now()
    where id = ${id} and status in ${desde} returning ${COLUNAS}`.execute(trx);
  return rows[0];
}

export async function statusDaTarefa(trx: Tx, id: string): Promise<StatusTarefa | undefined> {
  const { rows } = await sql<{ status: StatusTarefa }>`select status from tarefa where id = ${id}`.execute(trx);
  return rows[0]?.status;
}
