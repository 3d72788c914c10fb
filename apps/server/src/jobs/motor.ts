/**
 * The job engine of one app instance: pg-boss on the app's database, as the application role
 * (`migrate: false`: the schema and queues come from the migration step). It enqueues jobs with
 * their `tarefa` row in one transaction, runs the workers of every queue (tenant = pg-boss group,
 * fetched with groupConcurrency: fair share), keeps the row's status and progress and announces
 * each change on the platform bus (realtime → the header's "arquivos em processamento").
 * A job whose instance dies misses its heartbeat; any instance's supervisor then puts it back for a
 * retry, and after the last one the dead-letter worker closes its row (ERRO) and tells the owner.
 */
import crypto from 'node:crypto';
import { MSG_TAREFA, type Tarefa } from '@retaguarda/domain';
import { fromKysely, type JobWithMetadata, PgBoss } from 'pg-boss';
import type { Database, Tx } from '../db/database';
import { publicar, publicarAgora } from '../plugins/events';
import { type AjustesDoMotor, ajustesDoMotor, ESQUEMA, FILA_FALHAS, FILAS, type NomeFila } from './filas';
import { agendarTodas, ehAgenda, executarAgenda } from './agendas';
import { executarTarefa } from './execucao';
import { type DadosDoJob, definicaoDe } from './definicoes';

export type { DadosDoJob };
import {
  buscarTarefa,
  criarTarefa,
  encerrarTarefa,
  type Leitor,
  paraApi,
  type TarefaLinha,
  tarefaAbertaPorChave,
} from './tarefa.store';

export interface OpcoesEnvio {
  assinanteId: number;
  usuarioId: number | null;
  /** at most one open job of this kind with this key in the tenant: a second send answers the first's id */
  singletonKey?: string;
  titulo?: string;
  /** the SPA path showing the result ("/visualizacao-relatorio/<id>") */
  link?: string;
  /** the job's id (default: a new uuid); reports use their own row's id */
  id?: string;
  /** another queue than the kind's */
  fila?: NomeFila;
}

const motores = new WeakMap<Database, Set<Motor>>();

/** The running engine of this database in this process (the one the app started). */
export function tarefasDe(db: Database): Motor {
  const m = motores.get(db)?.values().next().value;
  if (!m) throw new Error('motor de tarefas não iniciado');
  return m;
}

export class Motor {
  readonly instancia = crypto.randomUUID();
  readonly ajustes: AjustesDoMotor;
  readonly boss: PgBoss;
  private iniciado = false;

  constructor(
    readonly db: Database,
    readonly log: (msg: string, err?: unknown) => void = () => {},
    ajustes: Partial<AjustesDoMotor> = {},
  ) {
    this.ajustes = { ...ajustesDoMotor(), ...ajustes };
    const url = db.pool.options.connectionString;
    this.boss = new PgBoss({
      ...(url ? { connectionString: url } : { ...db.pool.options, password: db.pool.options.password as string }),
      schema: ESQUEMA,
      migrate: false,
      createSchema: false,
      // the cron pass of the agendas (agendas.ts): only an instance that works every queue (the app) runs it
      schedule: this.ajustes.filas.length === Object.keys(FILAS).length,
      cronMonitorIntervalSeconds: this.ajustes.agendaS,
      cronWorkerIntervalSeconds: Math.min(this.ajustes.agendaS, 5),
      supervise: true,
      superviseIntervalSeconds: this.ajustes.supervisaoS,
      monitorIntervalSeconds: this.ajustes.supervisaoS,
      // rebuilding indexes is DDL: the owner's business, not the app role's
      reindex: false,
      useListenNotify: true,
      max: this.ajustes.poolMax,
      application_name: `retaguarda-jobs:${this.instancia.slice(0, 8)}`,
      openTelemetry: { enabled: false },
    });
    this.boss.on('error', (err) => this.log('motor de tarefas: erro', err));
    const set = motores.get(db) ?? new Set<Motor>();
    motores.set(db, set);
    set.add(this);
  }

  /** Starts pg-boss and, unless this instance only enqueues, the workers of every queue. */
  async iniciar(): Promise<void> {
    if (this.iniciado) return;
    await this.boss.start();
    this.iniciado = true;
    const { concorrencia, porAssinante, pollingS, filas } = this.ajustes;
    if (!concorrencia) return;
    for (const fila of filas) {
      await this.boss.work<DadosDoJob>(
        fila,
        {
          includeMetadata: true,
          localConcurrency: concorrencia,
          groupConcurrency: porAssinante,
          pollingIntervalSeconds: pollingS,
          notifyPollingIntervalSeconds: pollingS,
        },
        async ([job]) => {
          try {
            if (job && ehAgenda(job.data)) return await executarAgenda(this.boss, this.db, this.log, job as never);
            return job ? await executarTarefa(this, job as JobWithMetadata<DadosDoJob>) : null;
          } finally {
            // a worker that just finished would otherwise sleep a polling interval even with a backlog
            setImmediate(() => this.acordar(fila));
          }
        },
      );
    }
    // the dead letter closes rows of every kind: only an instance that knows them all (the app) works it
    if (filas.length < Object.keys(FILAS).length) return;
    await agendarTodas(this.boss, filas);
    await this.boss.work<DadosDoJob>(
      FILA_FALHAS,
      { includeMetadata: true, pollingIntervalSeconds: Math.max(pollingS, 2) },
      async ([job]) => (job ? this.falhouDeVez(job as JobWithMetadata<DadosDoJob>) : null),
    );
  }

  private acordar(fila: string): void {
    if (!this.iniciado) return;
    for (const w of this.boss.getWipData()) if (w.name === fila && !w.count) this.boss.notifyWorker(w.id);
  }

  /** Stops fetching, waits up to `esperaMs` for running jobs; those still running are retried elsewhere. */
  async encerrar(esperaMs = 10_000): Promise<void> {
    motores.get(this.db)?.delete(this);
    if (!this.iniciado) return;
    this.iniciado = false;
    await this.boss.stop({ graceful: true, timeout: esperaMs, close: true });
  }

  /** Enqueues after the caller's commit (its own transaction): for `depoisDoCommit` callbacks. */
  enviar(tipo: string, dados: unknown, opts: OpcoesEnvio): Promise<string> {
    return this.db.withTenant(opts.assinanteId, (trx) => this.enviarNa(trx, tipo, dados, opts));
  }

  /** Enqueues inside the caller's transaction (the job exists only if it commits). */
  async enviarNa(trx: Tx, tipo: string, dados: unknown, opts: OpcoesEnvio): Promise<string> {
    const def = definicaoDe(tipo);
    if (!def) throw new Error(`tipo de tarefa desconhecido: ${tipo}`);
    const fila = opts.fila ?? def.fila;
    const id = opts.id ?? crypto.randomUUID();
    const nova = () =>
      criarTarefa(trx, {
        id,
        assinanteId: opts.assinanteId,
        usuarioId: opts.usuarioId,
        tipo,
        fila,
        titulo: opts.titulo,
        link: opts.link,
        chave: opts.singletonKey,
      });
    let linha = await nova();
    // a singleton's open job answers for it; when that job ended between our insert and the read (it
    // finished meanwhile), the key is free again: try once more rather than fail the request
    for (let tentativa = 0; !linha && opts.singletonKey && tentativa < 3; tentativa++) {
      const aberta = await tarefaAbertaPorChave(trx, tipo, opts.singletonKey);
      if (aberta) return aberta.id;
      linha = await nova();
    }
    if (!linha) throw new Error(`tarefa ${id} já existe`);
    const job: DadosDoJob = { tarefaId: id, tipo, assinanteId: opts.assinanteId, usuarioId: opts.usuarioId, dados };
    await this.boss.send(fila, job as unknown as object, {
      id,
      group: { id: String(opts.assinanteId) },
      db: fromKysely(trx.withoutPlugins()),
    });
    this.anunciarNa(trx, linha);
    return id;
  }

  async consultar(assinanteId: number, id: string, leitor?: Leitor): Promise<Tarefa | undefined> {
    const l = await this.db.withTenant(assinanteId, (trx) => buscarTarefa(trx, id, leitor));
    return l ? paraApi(l) : undefined;
  }

  /**
   * Cancels an open job: its row at once (CANCELADO), the pg-boss job too; a worker running it sees
   * the status at its next progress or check (≤ 1 s) and stops. Undefined: not found (or not visible).
   */
  async cancelar(assinanteId: number, id: string, leitor?: Leitor): Promise<{ tarefa?: Tarefa; encerrada?: boolean }> {
    const r = await this.db.withTenant(assinanteId, async (trx) => {
      const atual = await buscarTarefa(trx, id, leitor);
      if (!atual) return {};
      const fim = await encerrarTarefa(trx, id, { status: 'CANCELADO', erro: MSG_TAREFA.cancelada });
      if (!fim) return { atual, encerrada: true };
      return { atual: fim };
    });
    if (!r.atual) return {};
    if (r.encerrada) return { tarefa: paraApi(r.atual), encerrada: true };
    await this.boss.cancel(r.atual.fila, id).catch((err) => this.log(`cancelamento do job ${id}`, err));
    await definicaoDe(r.atual.tipo)
      ?.aoEncerrar?.({
        db: this.db,
        tarefaId: id,
        assinanteId,
        usuarioId: r.atual.usuarioId,
        dados: undefined,
        status: 'CANCELADO',
        mensagem: MSG_TAREFA.cancelada,
      })
      .catch((err) => this.log(`tarefa ${id}: aoEncerrar`, err));
    this.anunciar(r.atual); // after the end hook, as a failure's
    return { tarefa: paraApi(r.atual) };
  }

  anunciarNa(trx: Tx, l: TarefaLinha): void {
    publicar(trx, { tipo: 'tarefa', assinanteId: l.assinanteId, usuarioId: l.usuarioId, tarefa: paraApi(l) });
  }

  anunciar(l: TarefaLinha): void {
    publicarAgora(this.db, { tipo: 'tarefa', assinanteId: l.assinanteId, usuarioId: l.usuarioId, tarefa: paraApi(l) });
  }

  /** A job pg-boss failed for good with nobody to close it (its instance died on the last attempt). */
  private async falhouDeVez(job: JobWithMetadata<DadosDoJob>): Promise<null> {
    if (ehAgenda(job.data)) {
      this.log(`agenda ${job.data.agenda}: ocorrência abandonada após as tentativas`);
      return null;
    }
    const d = job.data;
    const fim = await this.db.withTenant(d.assinanteId, (trx) =>
      encerrarTarefa(trx, d.tarefaId, { status: 'ERRO', erro: MSG_TAREFA.interrompida }),
    );
    if (!fim) return null; // the worker closed it itself
    try {
      await definicaoDe(d.tipo)?.aoEncerrar?.({
        db: this.db,
        tarefaId: d.tarefaId,
        assinanteId: d.assinanteId,
        usuarioId: d.usuarioId,
        dados: d.dados,
        status: 'ERRO',
        mensagem: MSG_TAREFA.interrompida,
      });
    } finally {
      this.anunciar(fim); // after the end hook, as a failure's
    }
    return null;
  }
}
