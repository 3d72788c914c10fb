/**
 * The report job queue of one server instance: a request is stored at once (PROCESSANDO) and
 * generated in the background, one job at a time (the PDF layout runs in a worker thread), then
 * stored as a blob and announced to its owner by a notification linking to the viewer.
 * While a job waits or runs, this instance beats its `pulso_em`; a sweep (at start and every
 * half minute, over every instance's jobs) marks ERRO the jobs whose process stopped beating;
 * finished reports are deleted after RETENCAO_DIAS.
 */
import crypto from 'node:crypto';
import { sql } from 'kysely';
import { audit } from '../../db/audit';
import type { Database } from '../../db/database';
import { ApiError } from '../../plugins/errors';
import { criarNotificacao } from '../plataforma/notificacoes.service';
import { encerrarGeradorPdf } from './pdf';
import {
  concluirRelatorio,
  criarRelatorio,
  type FormatoRelatorio,
  falharRelatorio,
  parametrosDe,
  pulsar,
  type Relatorio,
  type TipoRelatorio,
} from './relatorios.store';

export const MSG_RELATORIO = {
  naoEncontrado: 'Relatório não encontrado.',
  processando: 'O relatório ainda está em processamento.',
  falhou: 'Não foi possível gerar o relatório.',
  abandonado: 'O servidor foi reiniciado durante a geração do relatório. Solicite-o novamente.',
  encerrado: 'O servidor foi encerrado antes de concluir o relatório. Solicite-o novamente.',
  prontoTitulo: 'Relatório pronto',
  erroTitulo: 'Relatório não gerado',
  somenteUsuarios: 'Somente usuários podem solicitar relatórios.',
  muitos: (n: number) =>
    `Você já tem ${n} relatórios em processamento. Aguarde a conclusão deles para solicitar outro.`,
} as const;

/** reports one user may have waiting or running at once (the queue is shared by everyone). */
export const MAX_POR_USUARIO = 5;

export interface Arquivo {
  nome: string;
  mimeType: string;
  conteudo: Buffer;
}

export interface ContextoGeracao {
  db: Database;
  assinanteId: number;
  relatorio: Relatorio;
  parametros: Record<string, unknown>;
}

export type Gerador = (ctx: ContextoGeracao) => Promise<Arquivo>;

export interface Pedido {
  assinanteId: number;
  usuarioId: number;
  tipo: TipoRelatorio;
  titulo: string;
  formato: FormatoRelatorio;
  parametros: Record<string, unknown>;
  requestId?: string;
}

const PULSO_MS = 10_000;
const VARREDURA_MS = 30_000;
/** a job without a beat for this long belongs to a dead process. */
const ABANDONO_S = 60;
/** finished reports (and their files) are kept this long. */
export const RETENCAO_DIAS = 7;
const EXPIRACAO_MS = 60 * 60_000;

export const linkDoRelatorio = (id: string) => `/visualizacao-relatorio/${id}`;

export class FilaDeRelatorios {
  /** queues of this process (tests run several apps in one): the shared PDF worker ends with the last. */
  private static abertas = 0;
  readonly instancia = crypto.randomUUID();
  private readonly espera: { assinanteId: number; relatorio: Relatorio }[] = [];
  private readonly vivos = new Map<string, number>();
  private rodando = false;
  private timers: NodeJS.Timeout[] = [];
  private encerrada = false;
  private iniciada = false;

  constructor(
    private readonly db: Database,
    private readonly geradores: Record<TipoRelatorio, Gerador>,
    private readonly log: (msg: string, err?: unknown) => void,
  ) {}

  /** Records the request and queues it; answers at once with the PROCESSANDO row. */
  async solicitar(p: Pedido): Promise<Relatorio> {
    const relatorio = await this.db.withTenant(p.assinanteId, async (trx) => {
      // serialises one user's requests, so two clicks together cannot pass the limit
      await sql`select pg_advisory_xact_lock(724070, ${p.usuarioId})`.execute(trx);
      const { rows } = await sql<{ n: number }>`select count(*)::int as n from relatorio
        where usuario_id = ${p.usuarioId} and status = 'PROCESSANDO'`.execute(trx);
      if ((rows[0]?.n ?? 0) >= MAX_POR_USUARIO) throw new ApiError(429, MSG_RELATORIO.muitos(MAX_POR_USUARIO));
      const r = await criarRelatorio(trx, { ...p, instancia: this.instancia });
      await audit(trx, {
        assinanteId: p.assinanteId,
        usuarioId: p.usuarioId,
        entidade: 'relatorio',
        entidadeId: r.id,
        operacao: 'INCLUSAO',
        depois: { tipo: p.tipo, titulo: p.titulo, formato: p.formato, parametros: p.parametros },
        requestId: p.requestId,
      });
      return r;
    });
    this.vivos.set(relatorio.id, p.assinanteId);
    this.espera.push({ assinanteId: p.assinanteId, relatorio });
    void this.proximo();
    return relatorio;
  }

  /** Starts the beats and the sweeps (the first sweep runs now). */
  iniciar(): void {
    if (this.iniciada) return;
    this.iniciada = true;
    FilaDeRelatorios.abertas++;
    this.timers.push(setInterval(() => void this.pulsarTodos(), PULSO_MS).unref());
    this.timers.push(setInterval(() => void this.varrer(), VARREDURA_MS).unref());
    this.timers.push(setInterval(() => void this.expirar(), EXPIRACAO_MS).unref());
    void this.varrer();
    void this.expirar();
  }

  /** Deletes, in every tenant, the finished reports older than RETENCAO_DIAS. */
  async expirar(): Promise<number> {
    try {
      const { rows } = await sql<{ n: number }>`select app_relatorio_expirados(${RETENCAO_DIAS}) as n`.execute(
        this.db.kysely,
      );
      return rows[0]?.n ?? 0;
    } catch (err) {
      this.log('expiração de relatórios falhou', err);
      return 0;
    }
  }

  async encerrar(): Promise<void> {
    this.encerrada = true;
    for (const t of this.timers) clearInterval(t);
    this.timers = [];
    if (this.iniciada) FilaDeRelatorios.abertas--;
    this.iniciada = false;
    if (!FilaDeRelatorios.abertas) await encerrarGeradorPdf();
    for (const [id, assinanteId] of this.vivos) await this.falhar(assinanteId, id, MSG_RELATORIO.encerrado);
    this.vivos.clear();
    this.espera.length = 0;
  }

  /** Marks ERRO every job (of any instance) whose process stopped beating, and tells the owners. */
  async varrer(): Promise<number> {
    try {
      const { rows } = await sql<{ assinanteId: number; id: string; usuarioId: number; titulo: string }>`
        select * from app_relatorio_abandonados(${ABANDONO_S}, ${MSG_RELATORIO.abandonado})`.execute(this.db.kysely);
      for (const r of rows) {
        await this.db.withTenant(r.assinanteId, (trx) =>
          criarNotificacao(
            trx,
            r.assinanteId,
            {
              usuarioId: r.usuarioId,
              titulo: MSG_RELATORIO.erroTitulo,
              corpo: `${r.titulo}: ${MSG_RELATORIO.abandonado}`,
              link: linkDoRelatorio(r.id),
            },
            { usuarioId: null },
          ),
        );
      }
      return rows.length;
    } catch (err) {
      this.log('varredura de relatórios abandonados falhou', err);
      return 0;
    }
  }

  private async pulsarTodos(): Promise<void> {
    const porAssinante = new Map<number, string[]>();
    for (const [id, a] of this.vivos) porAssinante.set(a, [...(porAssinante.get(a) ?? []), id]);
    for (const [assinanteId, ids] of porAssinante) {
      await this.db.withTenant(assinanteId, (trx) => pulsar(trx, ids)).catch((err) => this.log('pulso falhou', err));
    }
  }

  private async proximo(): Promise<void> {
    if (this.rodando || this.encerrada) return;
    const job = this.espera.shift();
    if (!job) return;
    this.rodando = true;
    try {
      await this.executar(job.assinanteId, job.relatorio);
    } finally {
      this.rodando = false;
      this.vivos.delete(job.relatorio.id);
      void this.proximo();
    }
  }

  private async executar(assinanteId: number, relatorio: Relatorio): Promise<void> {
    let arquivo: Arquivo;
    try {
      const parametros = await this.db.withTenant(assinanteId, (trx) => parametrosDe(trx, relatorio.id));
      arquivo = await this.geradores[relatorio.tipo]({ db: this.db, assinanteId, relatorio, parametros });
    } catch (err) {
      if (this.encerrada) return;
      this.log(`relatório ${relatorio.id} falhou`, err);
      const msg = err instanceof ApiError ? err.message : MSG_RELATORIO.falhou;
      await this.falhar(assinanteId, relatorio.id, msg);
      return;
    }
    await this.db
      .withTenant(assinanteId, async (trx) => {
        if (!(await concluirRelatorio(trx, relatorio.id, arquivo))) return;
        await criarNotificacao(
          trx,
          assinanteId,
          {
            usuarioId: relatorio.usuarioId,
            titulo: MSG_RELATORIO.prontoTitulo,
            corpo: `${relatorio.titulo} (${relatorio.formato}) está pronto para visualização.`,
            link: linkDoRelatorio(relatorio.id),
          },
          { usuarioId: null },
        );
      })
      .catch((err) => this.log(`relatório ${relatorio.id}: falha ao gravar`, err));
  }

  private async falhar(assinanteId: number, id: string, mensagem: string): Promise<void> {
    await this.db
      .withTenant(assinanteId, async (trx) => {
        const { rows } = await sql<{ usuarioId: number; titulo: string }>`
          select usuario_id as "usuarioId", titulo from relatorio where id = ${id}`.execute(trx);
        if (!rows[0] || !(await falharRelatorio(trx, id, mensagem))) return;
        await criarNotificacao(
          trx,
          assinanteId,
          {
            usuarioId: rows[0].usuarioId,
            titulo: MSG_RELATORIO.erroTitulo,
            corpo: `${rows[0].titulo}: ${mensagem}`,
            link: linkDoRelatorio(id),
          },
          { usuarioId: null },
        );
      })
      .catch((err) => this.log(`relatório ${id}: falha ao registrar o erro`, err));
  }
}
