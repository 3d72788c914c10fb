/**
 * A command run from a job, one run per chunk (`defineCommandJob`): the job's data gives the command's
 * inputs, one per chunk (a stock count's adjustments by section, a file's documents by page); each chunk is
 * ONE run of the command through the backbone (`executarWorkflow`: access, store scope, locks, audit) whose
 * transaction also records the chunk as done (jobs/em-partes.ts: the mark is the run's first step, its
 * answer stored by its last). Progress per chunk, cancellation between chunks, and a job retried after a
 * kill resumes at the first unfinished chunk: nothing posts twice.
 *
 * The command runs as the job's owner with the rights the owner has when the chunk runs (read from the
 * tenant's groups and stores, as a session reads them): a user removed or deactivated meanwhile stops the job.
 */
import { sql } from 'kysely';
import type { z } from 'zod';
import type { Tx } from '../db/database';
import { type ContextoTarefa, FalhaDefinitiva } from '../jobs';
import { defineChunkedJob, gravarResultadoDaParte } from '../jobs/em-partes';
import type { NomeFila } from '../jobs/filas';
import type { AuthContext } from '../plugins/auth';
import { executarWorkflow } from './executar';
import { falhasDaEntrada } from './index';
import type { Passo, QualquerWorkflow } from './tipos';

export const MSG_COMANDO_EM_PARTES = {
  semUsuario: 'Esta tarefa executa um comando e precisa de um usuário responsável.',
  usuarioInativo: 'O usuário que iniciou a tarefa não está mais ativo.',
} as const;

/** The rights of a user as a session would have them now (groups' permissions, stores; admins every store). */
export async function authDoUsuario(trx: Tx, assinanteId: number, usuarioId: number): Promise<AuthContext | undefined> {
  const { rows } = await sql<{
    username: string;
    administrador: boolean;
    tipoCliente: 'BOTICARIO' | 'TODOS';
    permissoes: string[];
    lojas: number[];
    lojaPrincipal: number | null;
  }>`select u.username, u.administrador, u.tipo_cliente,
      array(select distinct gp.permissao from grupo_membro gm
              join grupo g on g.id = gm.grupo_id and g.status_de_ativacao = 'ATIVO'
              join grupo_permissao gp on gp.grupo_id = g.id
             where gm.usuario_id = u.id order by 1) as permissoes,
      case when u.administrador then array(select l.id from loja l order by l.id)
           else array(select ul.loja_id from usuario_loja ul where ul.usuario_id = u.id order by ul.loja_id) end as lojas,
      (select ul.loja_id from usuario_loja ul where ul.usuario_id = u.id and ul.principal) as loja_principal
     from usuario u where u.id = ${usuarioId} and u.ativo`.execute(trx);
  const u = rows[0];
  if (!u) return undefined;
  return {
    assinanteId,
    usuarioId,
    username: u.username,
    sessaoId: null,
    apiKeyId: null,
    administrador: u.administrador,
    tipoCliente: u.tipoCliente,
    permissoes: new Set(u.permissoes),
    lojas: u.lojas,
    lojaPrincipal: u.lojaPrincipal,
  };
}

export interface DefinicaoComandoEmPartes<D, R> {
  tipo: string;
  fila: NomeFila;
  comando: QualquerWorkflow;
  /** the command's inputs, one per chunk, in order: the same list at every attempt (from `dados` only) */
  entradas(ctx: ContextoTarefa<D>): unknown[] | Promise<unknown[]>;
  fase?(respostas: unknown[]): string | null;
  /** the job's result from the command's answers (in chunk order); default: the number of chunks */
  resultado?(respostas: unknown[]): R;
}

export function defineCommandJob<D, R = { partes: number }>(def: DefinicaoComandoEmPartes<D, R>) {
  const wf = def.comando;
  return defineChunkedJob<D, unknown, unknown, R>({
    tipo: def.tipo,
    fila: def.fila,
    partes: def.entradas,
    fase: def.fase ? (rs) => def.fase!(rs) : undefined,
    resultado: def.resultado ? (rs) => def.resultado!(rs) : undefined,
    async rodarParte(bruta, ctx, marcar) {
      if (ctx.usuarioId === null) throw new FalhaDefinitiva(MSG_COMANDO_EM_PARTES.semUsuario);
      const usuarioId = ctx.usuarioId;
      const auth = await ctx.db.withTenant(ctx.assinanteId, (trx) => authDoUsuario(trx, ctx.assinanteId, usuarioId));
      if (!auth) throw new FalhaDefinitiva(MSG_COMANDO_EM_PARTES.usuarioInativo);
      // a chunk the contract refuses fails the job for good (422: a retry cannot fix it)
      const parsed = (wf.entrada as z.ZodType).safeParse(bruta);
      if (!parsed.success) throw falhasDaEntrada(parsed.error.issues);
      const marcarPrimeiro: Passo<unknown, unknown> = async (c) => {
        await marcar(c.trx);
      };
      const gravarResposta: Passo<unknown, unknown> = async (c) => {
        await gravarResultadoDaParte(c.trx, ctx.tarefaId, ctx.indice, await wf.resposta(c));
      };
      const r = await executarWorkflow(
        ctx.db,
        { ...wf, passos: [marcarPrimeiro, ...wf.passos, gravarResposta] },
        {
          entrada: parsed.data,
          auth,
          requestId: `tarefa:${ctx.tarefaId}:${ctx.indice}`,
        },
      );
      return JSON.parse(r.corpo) as unknown;
    },
  });
}
