/**
 * Errors that carry headers: a duplicate's 409 names the existing resource in `Location` — a register create
 * that hits a unique key (found through the violated index: `lower(descricao) where ativo`), and a command
 * whose natural key was already posted with other data.
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { perm } from '@retaguarda/domain';
import { defineWorkflow } from '../../src/workflows';
import { createTestApp, type TestApp } from '../helpers/app';
import { login } from '../helpers/auth';
import { appDeComandos } from './support';

const entrada = z.object({ numero: z.string().min(1), descricao: z.string().min(3) });
const documento = defineWorkflow({
  nome: 'teste.documentos',
  area: 'teste',
  recurso: 'documentos',
  resumo: 'Documento de teste (chave natural)',
  entidade: 'marcas',
  entrada,
  saida: z.object({ id: z.number() }),
  acesso: { permissao: perm('MARCA', 'INCLUIR') },
  idempotencia: (e) => `DOC-${e.numero}`,
  estadoInicial: () => ({ id: 0 }),
  passos: [
    async (ctx) => {
      const { rows } = await sql<{ id: number }>`insert into marca (descricao)
        values (${ctx.entrada.descricao}) returning id`.execute(ctx.trx);
      ctx.estado.id = rows[0]!.id;
    },
  ],
  resposta: (ctx) => ({ id: ctx.estado.id }),
  criaRecurso: (s) => s.id,
});

let t: TestApp;
let comandos: FastifyInstance;
let h: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  comandos = await appDeComandos(t.db, [documento]);
  h = (await login(t, 'elisa.compras')).headers;
});
afterAll(async () => {
  await comandos?.close();
  await t?.close();
});

describe('409 com Location do recurso existente', () => {
  it('a register create that hits a unique key answers 409 with the existing record in Location', async () => {
    const url = '/api/v1/produto/marcas';
    const primeira = await t.app.inject({ method: 'POST', url, headers: h, payload: { descricao: 'Marca Única' } });
    expect(primeira.statusCode).toBe(201);
    const dup = await t.app.inject({ method: 'POST', url, headers: h, payload: { descricao: 'MARCA ÚNICA' } });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toMatch(/^Já existe/);
    expect(dup.headers.location).toBe(primeira.headers.location);
    const lida = await t.app.inject({ url: String(dup.headers.location), headers: h });
    expect(lida.json().descricao).toBe('Marca Única');
  });

  it('a command whose natural key was posted with other data answers 409 with the first one in Location', async () => {
    const url = '/api/v1/teste/documentos';
    const post = (payload: object) => comandos.inject({ method: 'POST', url, headers: h, payload });
    const primeiro = await post({ numero: '77', descricao: 'Documento setenta e sete' });
    expect(primeiro.statusCode).toBe(201);
    const replay = await post({ numero: '77', descricao: 'Documento setenta e sete' });
    expect([replay.statusCode, replay.headers['idempotent-replayed']]).toEqual([201, 'true']);
    const outro = await post({ numero: '77', descricao: 'Outro conteúdo' });
    expect(outro.statusCode).toBe(409);
    expect(outro.json().message).toBe('Este documento já foi processado com outros dados.');
    expect(outro.headers.location).toBe(primeiro.headers.location);
  });
});
