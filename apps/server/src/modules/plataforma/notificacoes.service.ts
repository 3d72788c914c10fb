/**
 * Notifications per user (spec §3): creation announces them in realtime (and by push) after the
 * commit; reading marks them read. Every query runs inside the caller's tenant transaction.
 */
import type { ListaPaginada } from '@retaguarda/domain';
import { type Expression, type RawBuilder, type SqlBool, sql } from 'kysely';
import { audit } from '../../db/audit';
import type { Tx } from '../../db/database';
import { type Page, pagedSql } from '../../http/list';
import { type NotificacaoPayload, publicar } from '../../plugins/events';

export interface NovaNotificacao {
  usuarioId: number;
  titulo: string;
  corpo?: string;
  link?: string | null;
}

interface Linha {
  id: number;
  titulo: string;
  corpo: string;
  link: string | null;
  criadoEm: Date;
  lida: boolean;
}

const COLUNAS = sql`id, titulo, corpo, link, criado_em as "criadoEm", lida`;

export function paraPayload(l: Linha): NotificacaoPayload {
  return { ...l, criadoEm: new Date(l.criadoEm).toISOString() };
}

export async function criarNotificacao(
  trx: Tx,
  assinanteId: number,
  n: NovaNotificacao,
  /** `auditar: false`: the caller is a command, whose audit row the backbone writes */
  by: { usuarioId: number | null; requestId?: string; auditar?: boolean },
): Promise<NotificacaoPayload> {
  const { rows } = await sql<Linha>`
    insert into notificacao (assinante_id, usuario_id, titulo, corpo, link)
    values (${assinanteId}, ${n.usuarioId}, ${n.titulo}, ${n.corpo ?? ''}, ${n.link ?? null})
    returning ${COLUNAS}`.execute(trx);
  const criada = paraPayload(rows[0]!);
  if (by.auditar !== false)
    await audit(trx, {
      assinanteId,
      usuarioId: by.usuarioId,
      entidade: 'notificacao',
      entidadeId: criada.id,
      operacao: 'INCLUSAO',
      depois: { usuarioId: n.usuarioId, titulo: n.titulo, link: n.link ?? null },
      requestId: by.requestId,
    });
  publicar(trx, { tipo: 'notificacao', assinanteId, usuarioId: n.usuarioId, notificacao: criada });
  return criada;
}

export interface Recentes {
  items: NotificacaoPayload[];
  hasNewToRead: boolean;
  /** When the user last marked something read (null: never). */
  lastTimeRead: string | null;
  naoLidas: number;
}

export async function recentes(trx: Tx, usuarioId: number, limite = 10): Promise<Recentes> {
  const { rows } = await sql<Linha>`
    select ${COLUNAS} from notificacao where usuario_id = ${usuarioId}
     order by criado_em desc, id desc limit ${limite}`.execute(trx);
  const { rows: r } = await sql<{ naoLidas: number; ultima: Date | null }>`
    select count(*) filter (where not lida)::int as "naoLidas", max(lida_em) as ultima
      from notificacao where usuario_id = ${usuarioId}`.execute(trx);
  const { naoLidas, ultima } = r[0] ?? { naoLidas: 0, ultima: null };
  return {
    items: rows.map(paraPayload),
    hasNewToRead: naoLidas > 0,
    lastTimeRead: ultima ? new Date(ultima).toISOString() : null,
    naoLidas,
  };
}

/** A page of the user's notifications (the list contract's page and order). */
export async function listar(
  trx: Tx,
  usuarioId: number,
  lista: { page: Page; order: RawBuilder<unknown>; where: Expression<SqlBool>; naoLidas: boolean },
): Promise<ListaPaginada<NotificacaoPayload>> {
  const filtro = lista.naoLidas ? sql`and not lida` : sql``;
  const from = sql`from notificacao where usuario_id = ${usuarioId} ${filtro} and ${lista.where}`;
  const pagina = await pagedSql<Linha>(trx, from, COLUNAS, lista);
  return { ...pagina, items: pagina.items.map(paraPayload) };
}

/** Marks one (id) or all of the user's notifications read; returns how many changed. */
export async function marcarLidas(
  trx: Tx,
  assinanteId: number,
  usuarioId: number,
  id: number | null,
  requestId?: string,
): Promise<number> {
  const alvo = id === null ? sql`` : sql`and id = ${id}`;
  const { rows } = await sql<{ id: number }>`
    update notificacao set lida = true, lida_em = now()
     where usuario_id = ${usuarioId} and not lida ${alvo} returning id`.execute(trx);
  if (rows.length) {
    await audit(trx, {
      assinanteId,
      usuarioId,
      entidade: 'notificacao',
      entidadeId: id ?? null,
      operacao: 'ALTERACAO',
      depois: { lida: true, ids: rows.map((r) => r.id) },
      requestId,
    });
  }
  return rows.length;
}

export async function buscar(trx: Tx, usuarioId: number, id: number): Promise<NotificacaoPayload | undefined> {
  const { rows } = await sql<Linha>`
    select ${COLUNAS} from notificacao where usuario_id = ${usuarioId} and id = ${id}`.execute(trx);
  return rows[0] ? paraPayload(rows[0]) : undefined;
}
