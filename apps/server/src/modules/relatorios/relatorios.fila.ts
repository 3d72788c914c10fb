/**
 * Report requests on the job engine (apps/server/src/jobs): a request stores its `relatorio` row
 * (PROCESSANDO), its `tarefa` row and its pg-boss job — same id — in one transaction, and answers at
 * once; any instance's worker generates it (relatorios.tarefa.ts), fairly between tenants, retried
 * if its instance dies. Limits: MAX_POR_USUARIO in processing per user, MAX_POR_ASSINANTE per
 * tenant (429). Finished reports are deleted after RETENCAO_DIAS.
 */
import { MSG_RELATORIO } from '@retaguarda/domain';
import { sql } from 'kysely';
import { audit } from '../../db/audit';
import type { Database } from '../../db/database';
import type { Motor } from '../../jobs';
import { ApiError } from '../../plugins/errors';
import { encerrarGeradorPdf } from './pdf';
import { criarRelatorio, type FormatoRelatorio, type Relatorio, type TipoRelatorio } from './relatorios.store';

/** reports one user may have waiting or running at once. */
export const MAX_POR_USUARIO = 5;
/** reports one tenant may have waiting or running at once (the queue is fair, but not bottomless). */
export const MAX_POR_ASSINANTE = Number(process.env.RELATORIOS_POR_ASSINANTE) || 200;

/** A file written to a temporary file while generated (the stock reports' XLSX): never whole in memory. */
export interface ArquivoEmDisco {
  caminho: string;
  tamanho: number;
  /** removes the temporary file (once stored, or when the job fails) */
  descartar(): Promise<void>;
}

export interface Arquivo {
  nome: string;
  mimeType: string;
  /** in memory (PDFs, register lists: a few MB at most) or on disk */
  conteudo: Buffer | ArquivoEmDisco;
}

export const tamanhoDoArquivo = (a: Arquivo): number =>
  Buffer.isBuffer(a.conteudo) ? a.conteudo.length : a.conteudo.tamanho;

export async function descartarArquivo(a: Arquivo): Promise<void> {
  if (!Buffer.isBuffer(a.conteudo)) await a.conteudo.descartar();
}

export interface ContextoGeracao {
  db: Database;
  assinanteId: number;
  relatorio: Relatorio;
  parametros: Record<string, unknown>;
  /** the job's progress (feito/total/fase), shown in the header's list */
  progresso?: (feito: number, total: number, fase?: string) => Promise<void>;
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

/** finished reports (and their files) are kept this long. */
export const RETENCAO_DIAS = 7;
const EXPIRACAO_MS = 60 * 60_000;
export const TIPO_TAREFA = 'relatorio';

export const linkDoRelatorio = (id: string) => `/visualizacao-relatorio/${id}`;

export class FilaDeRelatorios {
  /** queues of this process (tests run several apps in one): the shared PDF worker ends with the last. */
  private static abertas = 0;
  private timer: NodeJS.Timeout | undefined;
  private iniciada = false;

  constructor(
    private readonly db: Database,
    private readonly motor: () => Motor,
    private readonly log: (msg: string, err?: unknown) => void,
  ) {}

  /** Records the request and its job; answers at once with the PROCESSANDO row. */
  async solicitar(p: Pedido): Promise<Relatorio> {
    const motor = this.motor();
    return this.db.withTenant(p.assinanteId, async (trx) => {
      // serialises one user's requests, so two clicks together cannot pass the limit
      await sql`select pg_advisory_xact_lock(724070, ${p.usuarioId})`.execute(trx);
      const { rows } = await sql<{ meus: number; todos: number }>`select
          count(*) filter (where usuario_id = ${p.usuarioId})::int as meus, count(*)::int as todos
        from relatorio where status = 'PROCESSANDO'`.execute(trx);
      if ((rows[0]?.meus ?? 0) >= MAX_POR_USUARIO) throw new ApiError(429, MSG_RELATORIO.muitos(MAX_POR_USUARIO));
      if ((rows[0]?.todos ?? 0) >= MAX_POR_ASSINANTE)
        throw new ApiError(429, MSG_RELATORIO.muitosNaAssinatura(MAX_POR_ASSINANTE));
      const r = await criarRelatorio(trx, { ...p, instancia: motor.instancia });
      await motor.enviarNa(
        trx,
        TIPO_TAREFA,
        { relatorioId: r.id },
        { assinanteId: p.assinanteId, usuarioId: p.usuarioId, id: r.id, titulo: r.titulo, link: linkDoRelatorio(r.id) },
      );
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
  }

  /** Starts the hourly expiry (the first one runs now). */
  iniciar(): void {
    if (this.iniciada) return;
    this.iniciada = true;
    FilaDeRelatorios.abertas++;
    this.timer = setInterval(() => void this.expirar(), EXPIRACAO_MS).unref();
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

  /** After the engine stopped (preClose): the shared PDF worker ends with the last app of the process. */
  async encerrar(): Promise<void> {
    clearInterval(this.timer);
    if (this.iniciada) FilaDeRelatorios.abertas--;
    this.iniciada = false;
    if (!FilaDeRelatorios.abertas) await encerrarGeradorPdf();
  }
}
