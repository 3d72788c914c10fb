/**
 * Per-store stock parameters through the real app: read within the caller's stores, the negative-balance
 * policy set by administrators only (audited, idempotent), and obeyed by the next posting.
 */
import { hojeNaZona } from '@retaguarda/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminQuery, createTestApp, type TestApp } from '../helpers/app';
import { type LoginResult, login } from '../helpers/auth';

let t: TestApp;
let ana: LoginResult;
let diego: LoginResult;
let gabi: LoginResult;
const ref: Record<string, number> = {};

async function q<T extends Record<string, unknown>>(text: string, params: unknown[] = []): Promise<T[]> {
  return (await adminQuery<T>(t.ownerUrl, text, params)).rows;
}

beforeAll(async () => {
  t = await createTestApp();
  ana = await login(t, 'ana.admin');
  diego = await login(t, 'diego.estoque'); // Estoque group, BV02 only
  gabi = await login(t, 'gabi.consulta');
  const lojas = await q<{ id: number; sigla: string }>(
    `select l.id, l.sigla from loja l join assinante a on a.id = l.assinante_id
      where a.nome = 'Bela Vida' and l.sigla in ('BV01', 'BV02')`,
  );
  for (const l of lojas) ref[l.sigla] = l.id;
  const [local] = await q<{ id: number }>(`select id from local_estoque where loja_id = $1 and tipo = 'LOJA'`, [
    ref.BV02,
  ]);
  ref.local = local!.id;
  const [tipo] = await q<{ id: number }>(
    `select id from tipo_ajuste where tipo = 'SAIDA' and assinante_id = (select assinante_id from loja where id = $1)
      order by exige_observacao, id limit 1`,
    [ref.BV02],
  );
  ref.saida = tipo!.id;
  const [produto] = await q<{ id: number }>(
    `select p.id from produto p join unidade u on u.id = p.unidade_de_venda_id
      where p.ativo and not coalesce(u.permite_fracionamento, false)
        and p.assinante_id = (select assinante_id from loja where id = $1) order by p.id limit 1`,
    [ref.BV02],
  );
  ref.produto = produto!.id;
});
afterAll(() => t?.close());

const configurar = (loja: number, payload: object, quem: LoginResult = ana, extra: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/estoque/lojas/${loja}/configuracao`,
    headers: { ...quem.headers, ...extra },
    payload,
  });

describe('parâmetros de estoque da loja', () => {
  it('lista só as lojas do usuário, com o padrão "permite saldo negativo"', async () => {
    const r = await t.app.inject({ url: '/api/v1/estoque/lojas', headers: diego.headers });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().items).toEqual([
      expect.objectContaining({ lojaId: ref.BV02, sigla: 'BV02', permiteSaldoNegativo: true, fechadoAte: null }),
    ]);
    const todas = await t.app.inject({ url: '/api/v1/estoque/lojas', headers: ana.headers });
    expect(todas.json().items.map((l: { sigla: string }) => l.sigla)).toEqual(expect.arrayContaining(['BV01', 'BV02']));
    expect(
      (await t.app.inject({ url: `/api/v1/estoque/lojas/${ref.BV01}/configuracao`, headers: diego.headers }))
        .statusCode,
    ).toBe(403);
    expect(
      (await t.app.inject({ url: '/api/v1/estoque/lojas/999999/configuracao', headers: ana.headers })).statusCode,
    ).toBe(404);
  });

  it('somente administradores mudam a política; o pedido inválido diz o campo', async () => {
    expect((await configurar(ref.BV02!, { permiteSaldoNegativo: false }, diego)).statusCode).toBe(403);
    expect((await configurar(ref.BV02!, { permiteSaldoNegativo: false }, gabi)).statusCode).toBe(403);
    const ruim = await configurar(ref.BV02!, { permiteSaldoNegativo: 'talvez' });
    expect(ruim.statusCode).toBe(422);
    expect(ruim.json().erros[0].campo).toBe('permiteSaldoNegativo');
    expect((await configurar(999_999, { permiteSaldoNegativo: false })).statusCode).toBe(404);
  });

  it('recusar saldo negativo vale no lançamento seguinte; a repetição com a mesma chave não muda nada', async () => {
    const h = { 'idempotency-key': 'cfg-bv02-recusa' };
    const a = await configurar(ref.BV02!, { permiteSaldoNegativo: false }, ana, h);
    expect(a.statusCode, a.body).toBe(200);
    expect(a.json()).toMatchObject({ lojaId: ref.BV02, permiteSaldoNegativo: false });
    const b = await configurar(ref.BV02!, { permiteSaldoNegativo: false }, ana, h);
    expect(b.headers['idempotent-replayed']).toBe('true');
    const audit = await q(
      `select antes, depois from auditoria where entidade = 'configuracaoEstoqueLoja' and entidade_id = $1`,
      [String(ref.BV02)],
    );
    expect(audit).toEqual([{ antes: { permiteSaldoNegativo: true }, depois: { permiteSaldoNegativo: false } }]);

    const saida = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/estoque/ajustes',
        headers: ana.headers,
        payload: {
          lojaId: ref.BV02,
          localId: ref.local,
          tipoDeAjusteId: ref.saida,
          tipoDeOperacao: 'SAIDA',
          dataDaMovimentacao: `${hojeNaZona('America/Sao_Paulo')}T10:00:00`,
          observacao: 'teste da política',
          itens: [{ produtoId: ref.produto, quantidade: 999999 }],
        },
      });
    const recusada = await saida();
    expect(recusada.statusCode, recusada.body).toBe(422);
    expect(recusada.json().reasons.join(' ')).toMatch(/não permite saldo negativo/);

    expect((await configurar(ref.BV02!, { permiteSaldoNegativo: true })).json().permiteSaldoNegativo).toBe(true);
    expect((await saida()).statusCode).toBe(201);
    const leitura = await t.app.inject({
      url: `/api/v1/estoque/lojas/${ref.BV02}/configuracao`,
      headers: diego.headers,
    });
    expect(leitura.json().permiteSaldoNegativo).toBe(true);
  });
});
