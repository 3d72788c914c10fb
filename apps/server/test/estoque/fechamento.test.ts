/**
 * Stock period closing through the real app: close (Estoque group, own store only), read, refusals,
 * reopen (administrators only), audit, idempotent replay, and the guard stock postings call.
 */
import { hojeNaZona, somarDias } from '@retaguarda/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertPeriodoAberto } from '../../src/modules/estoque/fechamento.periodo';
import { adminQuery, createTestApp, type TestApp } from '../helpers/app';
import { login } from '../helpers/auth';

let t: TestApp;
let estoque: Record<string, string>;
let admin: Record<string, string>;
let consulta: Record<string, string>;
let lojas: Record<string, number>;
let assinanteId: number;
const hoje = hojeNaZona('America/Sao_Paulo');
const ontem = somarDias(hoje, -1);

beforeAll(async () => {
  t = await createTestApp();
  estoque = (await login(t, 'diego.estoque')).headers; // Estoque group, store BV02 only
  admin = (await login(t, 'ana.admin')).headers;
  consulta = (await login(t, 'gabi.consulta')).headers;
  const { rows } = await adminQuery<{ sigla: string; id: number; assinante_id: number }>(
    t.ownerUrl,
    `select l.sigla, l.id, l.assinante_id from loja l join assinante a on a.id = l.assinante_id
      where l.sigla in ('BV01', 'BV02') order by l.id`,
  );
  lojas = Object.fromEntries(rows.map((r) => [r.sigla, r.id]));
  assinanteId = rows[0]!.assinante_id;
});
afterAll(() => t?.close());

const fechar = (loja: number, payload: object, headers = estoque) =>
  t.app.inject({ method: 'POST', url: `/api/v1/estoque/lojas/${loja}/fechamento`, headers, payload });
const reabrir = (loja: number, payload: object, headers = admin) =>
  t.app.inject({ method: 'POST', url: `/api/v1/estoque/lojas/${loja}/reabertura`, headers, payload });

describe('stock period closing', () => {
  it('closes the own store up to a date, answers and reads it back, audited', async () => {
    const res = await fechar(lojas.BV02!, { fechadoAte: somarDias(hoje, -10) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ lojaId: lojas.BV02, sigla: 'BV02', fechadoAte: somarDias(hoje, -10) });
    const get = await t.app.inject({ url: `/api/v1/estoque/lojas/${lojas.BV02}/fechamento`, headers: estoque });
    expect(get.json().fechadoAte).toBe(somarDias(hoje, -10));
    const audit = await adminQuery(
      t.ownerUrl,
      `select antes, depois, operacao from auditoria where entidade = 'fechamentoEstoque' and entidade_id = $1`,
      [String(lojas.BV02)],
    );
    expect(audit.rows).toEqual([
      { antes: { fechadoAte: null }, depois: { fechadoAte: somarDias(hoje, -10) }, operacao: 'ALTERACAO' },
    ]);
  });

  it('refuses another store (403), no permission (403), an unknown store (404)', async () => {
    expect((await fechar(lojas.BV01!, { fechadoAte: ontem })).statusCode).toBe(403);
    expect((await fechar(lojas.BV02!, { fechadoAte: ontem }, consulta)).statusCode).toBe(403);
    expect((await fechar(999_999, { fechadoAte: ontem }, admin)).statusCode).toBe(404);
    expect((await fechar(lojas.BV02!, { fechadoAte: '31/10/2026' })).json().erros[0].campo).toBe('fechadoAte');
  });

  it('refuses a future date (422) and going back by closing (409)', async () => {
    const futuro = await fechar(lojas.BV02!, { fechadoAte: somarDias(hoje, 2) });
    expect(futuro.statusCode).toBe(422);
    expect(futuro.json().erros[0].campo).toBe('fechadoAte');
    const volta = await fechar(lojas.BV02!, { fechadoAte: somarDias(hoje, -20) });
    expect(volta.statusCode).toBe(409);
    expect(volta.json().message).toMatch(/já está fechado até/);
  });

  it('replays a retried close with the same Idempotency-Key', async () => {
    const h = { ...estoque, 'idempotency-key': 'fechamento-ontem' };
    const a = await fechar(lojas.BV02!, { fechadoAte: ontem }, h);
    const b = await fechar(lojas.BV02!, { fechadoAte: ontem }, h);
    expect(a.statusCode).toBe(200);
    expect(b.statusCode).toBe(200);
    expect(b.body).toBe(a.body);
    expect(b.headers['idempotent-replayed']).toBe('true');
  });

  it('stock postings in the closed period are refused with the store and date', async () => {
    const check = (data: string) =>
      t.db.withTenant(assinanteId, (trx) => assertPeriodoAberto(trx, lojas.BV02!, data, { assinanteId }));
    await expect(check(hoje)).resolves.toBeUndefined();
    const [a, m, d] = ontem.split('-');
    await expect(check(ontem)).rejects.toMatchObject({
      statusCode: 422,
      erros: [
        {
          campo: 'data',
          mensagem: `O estoque da loja BV02 está fechado até ${d}/${m}/${a}: movimentos nessa data ou antes não são aceitos.`,
        },
      ],
    });
  });

  it('reopening is for administrators: back to an earlier date or fully open', async () => {
    expect((await reabrir(lojas.BV02!, { fechadoAte: null }, estoque)).statusCode).toBe(403);
    const r = await reabrir(lojas.BV02!, { fechadoAte: somarDias(hoje, -5) });
    expect(r.statusCode).toBe(200);
    expect(r.json().fechadoAte).toBe(somarDias(hoje, -5));
    expect((await reabrir(lojas.BV02!, { fechadoAte: null })).json().fechadoAte).toBeNull();
    expect((await reabrir(lojas.BV02!, { fechadoAte: null })).statusCode).toBe(409);
  });

  it('preview of a close answers the new date and changes nothing', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/estoque/lojas/${lojas.BV02}/fechamento?previa=true`,
      headers: estoque,
      payload: { fechadoAte: ontem },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().fechadoAte).toBe(ontem);
    const get = await t.app.inject({ url: `/api/v1/estoque/lojas/${lojas.BV02}/fechamento`, headers: estoque });
    expect(get.json().fechadoAte).toBeNull();
  });
});
