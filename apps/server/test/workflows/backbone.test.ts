/**
 * The command backbone on a real database, through a test-only command (two inserts, a step that may
 * fail, a lock held for a while): validation 422 with erros, 403, rollback of a failing later step,
 * idempotent replay (sequential and concurrent), a key reused with other data, preview, advisory lock.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expirarChavesDeIdempotencia, RETENCAO_CHAVES_DIAS } from '../../src/workflows';
import { adminQuery, createTestApp, type TestApp } from '../helpers/app';
import { login } from '../helpers/auth';
import { comandoTeste, eventos } from './comandos';
import { appDeComandos } from './support';

let t: TestApp;
let app: FastifyInstance;
let compras: Record<string, string>;
let consulta: Record<string, string>;
let admin: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  app = await appDeComandos(t.db, [comandoTeste]);
  compras = (await login(t, 'elisa.compras')).headers;
  consulta = (await login(t, 'gabi.consulta')).headers;
  admin = (await login(t, 'ana.admin')).headers;
});
afterAll(async () => {
  await app?.close();
  await t?.close();
});

const post = (payload: unknown, headers = compras, url = '/api/v1/teste/marcas') =>
  app.inject({ method: 'POST', url, headers, payload: payload as object });

async function marcas(prefixo: string): Promise<string[]> {
  const { rows } = await adminQuery<{ descricao: string }>(
    t.ownerUrl,
    'select descricao from marca where descricao like $1 order by descricao',
    [`${prefixo}%`],
  );
  return rows.map((r) => r.descricao);
}

describe('defineWorkflow backbone', () => {
  it('creates: 201, Location, one audit row, after-commit action', async () => {
    const res = await post({ descricao: 'Criada' });
    expect(res.statusCode).toBe(201);
    const id = res.json().id;
    expect(res.headers.location).toBe(`/api/v1/teste/marcas/${id}`);
    expect(await marcas('Criada')).toEqual(['Criada A', 'Criada B']);
    const audit = await adminQuery(t.ownerUrl, `select * from auditoria where entidade = 'teste.marcas'`);
    expect(audit.rows).toHaveLength(1);
    await new Promise((r) => setTimeout(r, 50));
    expect(eventos).toContain(`teste.marcas:${id}`);
  });

  it('validation: 422 with reasons and erros, nothing written', async () => {
    const res = await post({ descricao: 'x', esperaMs: 'muito' });
    expect(res.statusCode).toBe(422);
    const body = res.json();
    expect(body.erros.map((e: { campo: string }) => e.campo).sort()).toEqual(['descricao', 'esperaMs']);
    expect(body.reasons).toHaveLength(2);
  });

  it('403 without the permission (before the body is read)', async () => {
    const res = await post({}, consulta);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Você não tem permissão para acessar ou alterar marcas.');
  });

  it('a failing later step rolls back the earlier ones (nothing partial, no audit, no event)', async () => {
    const antes = eventos.length;
    const res = await post({ descricao: 'Parcial', falhar: true }, { ...compras, 'idempotency-key': 'falha-1' });
    expect(res.statusCode).toBe(422);
    expect(res.json().erros).toEqual([{ campo: 'falhar', mensagem: 'O terceiro passo recusou.' }]);
    expect(await marcas('Parcial')).toEqual([]);
    const idem = await adminQuery(t.ownerUrl, `select * from comando_idempotencia where chave like '%:falha-1'`);
    expect(idem.rows).toHaveLength(0); // a failed run leaves its key free: the retry runs
    expect(eventos.length).toBe(antes);
  });

  it('replays the first answer for the same Idempotency-Key and changes nothing', async () => {
    const h = { ...compras, 'idempotency-key': 'chave-1' };
    const a = await post({ descricao: 'Idem' }, h);
    const b = await post({ descricao: 'Idem' }, h);
    expect(a.statusCode).toBe(201);
    expect(b.statusCode).toBe(201);
    expect(b.body).toBe(a.body);
    expect(b.headers.location).toBe(a.headers.location);
    expect(b.headers['idempotent-replayed']).toBe('true');
    expect(a.headers['idempotent-replayed']).toBeUndefined();
    expect(await marcas('Idem')).toEqual(['Idem A', 'Idem B']);
    // same key, other data: refused with a clear message
    const c = await post({ descricao: 'Outra' }, h);
    expect(c.statusCode).toBe(422);
    expect(c.json().reasons[0]).toMatch(/chave de idempotência já foi usada com outros dados/);
    expect(await marcas('Outra')).toEqual([]);
    // the header is its sender's: another user's request with the same key runs as its own
    const d = await post({ descricao: 'De outro' }, { ...admin, 'idempotency-key': 'chave-1' });
    expect(d.statusCode, d.body).toBe(201);
    expect(d.headers['idempotent-replayed']).toBeUndefined();
    expect(await marcas('De outro')).toEqual(['De outro A', 'De outro B']);
  });

  it('concurrent duplicates: the second waits for the first and replays it', async () => {
    const h = { ...compras, 'idempotency-key': 'chave-concorrente' };
    const [a, b] = await Promise.all([
      post({ descricao: 'Dupla', esperaMs: 300 }, h),
      post({ descricao: 'Dupla', esperaMs: 300 }, h),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(a.body).toBe(b.body);
    expect([a.headers['idempotent-replayed'], b.headers['idempotent-replayed']].filter(Boolean)).toEqual(['true']);
    expect(await marcas('Dupla')).toEqual(['Dupla A', 'Dupla B']);
  });

  it('header keys expire after the retention (a retry then runs anew); natural keys never do', async () => {
    const h = { ...compras, 'idempotency-key': 'chave-retencao' };
    expect((await post({ descricao: 'Retida' }, h)).statusCode).toBe(201);
    expect((await post({ descricao: 'Recente' }, { ...compras, 'idempotency-key': 'chave-recente' })).statusCode).toBe(
      201,
    );
    const idade = (chave: string, dias: number) =>
      adminQuery(
        t.ownerUrl,
        `update comando_idempotencia set criado_em = now() - make_interval(days => $2) where chave like '%:' || $1`,
        [chave, dias],
      );
    await idade('chave-retencao', RETENCAO_CHAVES_DIAS + 1);
    await idade('chave-recente', RETENCAO_CHAVES_DIAS - 1);
    // a document's own number as key, years old (written as a workflow with `idempotencia:` writes it)
    await adminQuery(
      t.ownerUrl,
      `insert into comando_idempotencia (assinante_id, nome_comando, chave, hash_entrada, status_http, resposta, criado_em, chave_natural)
       values (1, 'teste.documento', 'NFCE-1-1', 'x', 201, '{}', now() - interval '3 years', true)`,
    );
    expect(await expirarChavesDeIdempotencia(t.db)).toBeGreaterThanOrEqual(1);
    const { rows } = await adminQuery<{ chave: string }>(
      t.ownerUrl,
      `select chave from comando_idempotencia where chave like '%chave-retencao' or chave like '%chave-recente' or chave = 'NFCE-1-1'
        order by chave`,
    );
    expect(rows.map((r) => r.chave.replace(/^u\d+:/, ''))).toEqual(['NFCE-1-1', 'chave-recente']);
    // the same key with other data would be refused (422) while kept; expired, it runs as a new command
    const deNovo = await post({ descricao: 'Retida de novo' }, h);
    expect(deNovo.statusCode, deNovo.body).toBe(201);
    expect(deNovo.headers['idempotent-replayed']).toBeUndefined();
  });

  it('refuses a malformed Idempotency-Key', async () => {
    const res = await post({ descricao: 'Chave ruim' }, { ...compras, 'idempotency-key': ' ' });
    expect(res.statusCode).toBe(400);
  });

  it('preview runs the steps, answers what would be done and rolls back', async () => {
    const antes = eventos.length;
    const res = await post({ descricao: 'Previa' }, compras, '/api/v1/teste/marcas?previa=true');
    expect(res.statusCode).toBe(200);
    expect(res.headers.previa).toBe('true');
    expect(res.headers.location).toBeUndefined();
    expect(res.json().ids).toHaveLength(2);
    expect(await marcas('Previa')).toEqual([]);
    await new Promise((r) => setTimeout(r, 50));
    expect(eventos.length).toBe(antes);
    // a refusal in preview is the same refusal
    const falha = await post({ descricao: 'Previa', falhar: true }, compras, '/api/v1/teste/marcas?previa=true');
    expect(falha.statusCode).toBe(422);
  });

  it('the advisory lock serialises two commands on the same key', async () => {
    const [a, b] = await Promise.all([
      post({ descricao: 'Trava 1', esperaMs: 300 }),
      post({ descricao: 'Trava 2', esperaMs: 300 }),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    const [x, y] = [a.json(), b.json()].sort((p, q) => p.inicio - q.inicio);
    expect(y.inicio).toBeGreaterThanOrEqual(x.fim); // the second started its work after the first ended
  });
});
