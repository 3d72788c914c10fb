/**
 * A command that answers with a job (`responde: 'tarefa'`): its steps enqueue the job inside the command's
 * transaction; the backbone answers 202 + Location of the job; a retry with the same Idempotency-Key answers
 * the same job (no second one); a step failing after the enqueue rolls the job back with everything else.
 */
import { falhaDeCampo, perm } from '@retaguarda/domain';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineJob } from '../../src/jobs';
import { defineWorkflow, recusarTudo } from '../../src/workflows';
import { adminQuery, createTestApp, type TestApp } from '../helpers/app';
import { login } from '../helpers/auth';
import { appDeComandos } from './support';

const TIPO = 'teste.comando-com-tarefa';
defineJob<{ marca: string }, { ok: true }>({ tipo: TIPO, fila: 'geral', executar: async () => ({ ok: true }) });

const comandoComTarefa = defineWorkflow({
  nome: 'teste.recontagem',
  area: 'teste',
  recurso: 'recontagem',
  resumo: 'Comando de teste que responde com tarefa',
  entidade: 'marcas',
  entrada: z.object({ marca: z.string().min(3), falharDepois: z.boolean().default(false) }),
  saida: z.object({ tarefaId: z.string(), message: z.string() }),
  acesso: { permissao: perm('MARCA', 'INCLUIR') },
  responde: 'tarefa',
  estadoInicial: () => ({ tarefaId: '' }),
  passos: [
    async (ctx) => {
      ctx.estado.tarefaId = await ctx.enfileirar(TIPO, { marca: ctx.entrada.marca }, { titulo: ctx.entrada.marca });
    },
    (ctx) => {
      if (ctx.entrada.falharDepois) throw recusarTudo([falhaDeCampo('falharDepois', 'recusado depois da tarefa.')]);
    },
  ],
  resposta: (ctx) => ({ tarefaId: ctx.estado.tarefaId, message: 'Tarefa iniciada.' }),
});

let t: TestApp;
let app: FastifyInstance;
let compras: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  app = await appDeComandos(t.db, [comandoComTarefa]);
  compras = (await login(t, 'elisa.compras')).headers;
});
afterAll(async () => {
  await app?.close();
  await t?.close();
});

const post = (payload: object, headers: Record<string, string> = compras, query = '') =>
  app.inject({ method: 'POST', url: `/api/v1/teste/recontagem${query}`, headers, payload });

/** the jobs (tarefa rows and pg-boss jobs) enqueued for this mark */
async function jobsDa(marca: string): Promise<{ tarefas: number; jobs: number }> {
  const { rows } = await adminQuery<{ tarefas: number; jobs: number }>(
    t.ownerUrl,
    `select (select count(*)::int from tarefa where tipo = $1 and titulo = $2) as tarefas,
            (select count(*)::int from pgboss.job where data->>'tipo' = $1 and data->'dados'->>'marca' = $2) as jobs`,
    [TIPO, marca],
  );
  return rows[0]!;
}

describe("um comando que responde com tarefa ('tarefa')", () => {
  it('answers 202 with the job in the body and Location of the job, which reads back', async () => {
    const res = await post({ marca: 'Primeira' });
    expect(res.statusCode, res.body).toBe(202);
    const { tarefaId, message } = res.json();
    expect(message).toBe('Tarefa iniciada.');
    expect(res.headers.location).toBe(`/api/v1/tarefas/${tarefaId}`);
    const lida = await t.app.inject({ method: 'GET', url: res.headers.location as string, headers: compras });
    expect(lida.statusCode, lida.body).toBe(200);
    expect(lida.json()).toMatchObject({ id: tarefaId, tipo: TIPO, titulo: 'Primeira' });
    expect(await jobsDa('Primeira')).toEqual({ tarefas: 1, jobs: 1 });
  });

  it('a retry with the same Idempotency-Key answers the same job, never a second one', async () => {
    const headers = { ...compras, 'idempotency-key': 'recontagem-1' };
    const primeira = await post({ marca: 'Repetida' }, headers);
    expect(primeira.statusCode).toBe(202);
    const segunda = await post({ marca: 'Repetida' }, headers);
    expect(segunda.statusCode).toBe(202);
    expect(segunda.headers['idempotent-replayed']).toBe('true');
    expect(segunda.json().tarefaId).toBe(primeira.json().tarefaId);
    expect(segunda.headers.location).toBe(primeira.headers.location);
    expect(await jobsDa('Repetida')).toEqual({ tarefas: 1, jobs: 1 });
  });

  it('a step failing after the enqueue rolls the job back: no tarefa row, no pg-boss job', async () => {
    const res = await post({ marca: 'Desfeita', falharDepois: true });
    expect(res.statusCode).toBe(422);
    expect(res.json().erros).toEqual([{ campo: 'falharDepois', mensagem: 'Recusado depois da tarefa.' }]);
    expect(await jobsDa('Desfeita')).toEqual({ tarefas: 0, jobs: 0 });
  });

  it('a preview answers 200 with what it would do and leaves no job', async () => {
    const res = await post({ marca: 'Previa' }, compras, '?previa=true');
    expect(res.statusCode).toBe(200);
    expect(res.headers.previa).toBe('true');
    expect(res.headers.location).toBeUndefined();
    expect(await jobsDa('Previa')).toEqual({ tarefas: 0, jobs: 0 });
  });

  it('OpenAPI documents the 202', async () => {
    const doc = (t.app as unknown as { swagger(): { paths: Record<string, Record<string, unknown>> } }).swagger();
    // the real app's recount is a 'tarefa' command
    const op = doc.paths['/api/v1/fiscal/inconsistencias/recalculo']?.post as { responses: Record<string, unknown> };
    expect(Object.keys(op.responses)).toContain('202');
  });
});
