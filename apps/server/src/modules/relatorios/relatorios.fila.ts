/**
 * Report requests on the job engine (apps/server/src/jobs): a request stores its `relatorio` row
 * (PROCESSANDO), its `tarefa` row and its pg-boss job — same id — in one transaction, and answers at
 * once; any instance's worker generates it (relatorios.tarefa.ts), fairly between tenants, retried
 * if its instance dies. Limits: MAX_POR_USUARIO in processing per user, MAX_POR_ASSINANTE per
 * tenant (429). Finished reports are deleted after RETENCAO_DIAS by an hourly sweep (a pg-boss schedule:
 * one instance runs each occurrence).
 */
import { MSG_RELATORIO } from '@retaguarda/domain';
import { sql } from 'kysely';
import { audit } from '../../db/audit';
import type { Database } from '../../db/database';
import { defineSchedule, type Motor } from '../../jobs';
import { ApiError } from '../../plugins/errors';
import { encerrarGeradorPdf } from './pdf';
import type { Arquivo } from './relatorios.arquivo';
import { criarRelatorio, type FormatoRelatorio, type Relatorio, type TipoRelatorio } from './relatorios.store';

export { type Arquivo, type ArquivoEmDisco, descartarArquivo, tamanhoDoArquivo } from './relatorios.arquivo';

/** reports one user may have waiting or running at once. */
export const MAX_POR_USUARIO = 5;
/** reports one tenant may have waiting or running at once (the queue is fair, but not bottomless). */
export const MAX_POR_ASSINANTE = Number(process.env.RELATORIOS_POR_ASSINANTE) || 200;

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
export const TIPO_TAREFA = 'relatorio';

export const linkDoRelatorio = (id: string) => `/visualizacao-relatorio/${id}`;

export class FilaDeRelatorios {
  /** queues of this process (tests run several apps in one): the shared PDF worker ends with the last. */
  private static abertas = 0;
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

  /** Counts this app among the process's users of the shared PDF worker. */
  iniciar(): void {
    if (this.iniciada) return;
    this.iniciada = true;
    FilaDeRelatorios.abertas++;
  }

  /** After the engine stopped (preClose): the shared PDF worker ends with the last app of the process. */
  async encerrar(): Promise<void> {
    if (this.iniciada) FilaDeRelatorios.abertas--;
    this.iniciada = false;
    if (!FilaDeRelatorios.abertas) await encerrarGeradorPdf();
  }
}

/** Deletes, in every tenant, the finished reports older than RETENCAO_DIAS (their files go with the rows). */
export async function expirarRelatorios(db: Database): Promise<number> {
  const { rows } = await sql<{ n: number }>`select app_relatorio_expirados(${RETENCAO_DIAS}) as n`.execute(db.kysely);
  return rows[0]?.n ?? 0;
}

export const agendaExpiracaoRelatorios = defineSchedule({
  tipo: 'relatorios.expiracao',
  fila: 'geral',
  cron: '23 * * * *',
  executar: ({ db }) => expirarRelatorios(db),
});
