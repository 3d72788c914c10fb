/**
 * Platform events (new notification, session ended, logout requested, update started/finished).
 * Writers publish inside their transaction; listeners (the realtime plugin, push) hear them only
 * after the commit. The bus belongs to one Database, so two app instances in one process (the
 * cross-instance test) do not hear each other's events except through Redis.
 */
import { EventEmitter } from 'node:events';
import type { DeclaracaoEvento, PayloadDoEvento, PublicoEvento, Tarefa } from '@retaguarda/domain';
import { afterCommit, type Database, type Tx } from '../db/database';

export interface NotificacaoPayload {
  id: number;
  titulo: string;
  corpo: string;
  link: string | null;
  criadoEm: string;
  lida: boolean;
}

export type FaseAtualizacao = 'iniciada' | 'concluida' | 'falhou';

export type PlataformaEvento =
  /** a background job changed (status or progress): its owner's header list follows it (jobs/) */
  | { tipo: 'tarefa'; assinanteId: number; usuarioId: number | null; tarefa: Tarefa }
  | { tipo: 'notificacao'; assinanteId: number; usuarioId: number; notificacao: NotificacaoPayload }
  | { tipo: 'sessao-encerrada'; assinanteId: number; usuarioId: number; sessaoId: string; motivo: string }
  | { tipo: 'logout-solicitado'; assinanteId: number; porUsuarioId: number | null; mensagem: string }
  | {
      tipo: 'atualizacao';
      assinanteId: number;
      fase: FaseAtualizacao;
      atualizacaoId: number;
      versaoAlvo: string | null;
      mensagem: string;
      em: string;
    }
  /** a device was blocked, unblocked or revoked: its sockets are told and, unless active, disconnected */
  | { tipo: 'dispositivo'; assinanteId: number; dispositivoId: number; status: string }
  /** an event an area declared (domain tempo-real): delivered to its audience's room */
  | {
      tipo: 'area';
      nome: string;
      publico: PublicoEvento;
      /** the permission its receivers must hold (the declaration's), or null */
      permissao: string | null;
      assinanteId: number;
      lojaId: number | null;
      usuarioId: number | null;
      payload: unknown;
    };

/** Whom an area event goes to: the tenant, plus the store or user its audience names. */
export interface AlvoDoEvento {
  assinanteId: number;
  lojaId?: number;
  usuarioId?: number;
}

const buses = new WeakMap<Database, EventEmitter>();

export function busOf(db: Database): EventEmitter {
  let bus = buses.get(db);
  if (!bus) {
    bus = new EventEmitter();
    bus.setMaxListeners(50);
    buses.set(db, bus);
  }
  return bus;
}

/** Announces `evento` once the transaction commits. */
export function publicar(trx: Tx, evento: PlataformaEvento): void {
  afterCommit(trx, (db) => busOf(db).emit('evento', evento));
}

/** Announces `evento` now (for work done outside a transaction, e.g. a finished background job). */
export function publicarAgora(db: Database, evento: PlataformaEvento): void {
  busOf(db).emit('evento', evento);
}

export function ouvir(db: Database, fn: (evento: PlataformaEvento) => void): () => void {
  const bus = busOf(db);
  bus.on('evento', fn);
  return () => bus.off('evento', fn);
}

/** An event another instance published, handed over by the realtime plugin's Redis link (never forwarded again). */
export function recebidoDeOutraInstancia(db: Database, evento: PlataformaEvento): void {
  busOf(db).emit('remoto', evento);
}

/**
 * Hears the events of this instance and, with REDIS_URL, those of every other instance sharing the database:
 * per-instance caches invalidate on it (settings).
 */
export function ouvirDeTodas(db: Database, fn: (evento: PlataformaEvento) => void): () => void {
  const bus = busOf(db);
  bus.on('evento', fn);
  bus.on('remoto', fn);
  return () => {
    bus.off('evento', fn);
    bus.off('remoto', fn);
  };
}

/** The platform event of a declared area event: the payload checked by its contract, the audience's target required. */
export function eventoDeArea<E extends DeclaracaoEvento>(
  def: E,
  alvo: AlvoDoEvento,
  payload: PayloadDoEvento<E>,
): PlataformaEvento {
  if (def.publico === 'loja' && alvo.lojaId === undefined) throw new Error(`evento ${def.nome}: falta a loja`);
  if (def.publico === 'usuario' && alvo.usuarioId === undefined) throw new Error(`evento ${def.nome}: falta o usuário`);
  return {
    tipo: 'area',
    nome: def.nome,
    publico: def.publico,
    permissao: def.permissao ?? null,
    assinanteId: alvo.assinanteId,
    lojaId: alvo.lojaId ?? null,
    usuarioId: alvo.usuarioId ?? null,
    payload: def.payload.parse(payload),
  };
}

/** Announces a declared area event once the transaction commits. */
export function publicarEvento<E extends DeclaracaoEvento>(
  trx: Tx,
  def: E,
  alvo: AlvoDoEvento,
  payload: PayloadDoEvento<E>,
): void {
  publicar(trx, eventoDeArea(def, alvo, payload));
}
