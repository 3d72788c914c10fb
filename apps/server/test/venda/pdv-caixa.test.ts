/**
 * POS cash operations (abertura, suprimento, sangria, fechamento) uploaded like the sales, and the drawer's day:
 * expected cash = fund + suprimentos − sangrias + cash taken in sales (less change), the declared fechamento
 * against it. Dates far before the demo's own POS days, so the drawer holds only what each test sends.
 */
import { hojeNaZona, somarDias, ZONA_PADRAO } from '@retaguarda/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';
import { type LoginResult, login } from '../helpers/auth';
import { cupom, doDispositivo, enviar, prepararPdv, q, ref } from './pdv-vendas.support';

let t: TestApp;
let ana: LoginResult;
let fabio: LoginResult; // Gerência de loja, BV02 only
let dinheiro: number;

beforeAll(async () => {
  t = await createTestApp();
  [ana, fabio] = await Promise.all([login(t, 'ana.admin'), login(t, 'fabio.gerente')]);
  await prepararPdv(t);
  dinheiro = (
    await q<{ id: number }>(`select id from forma_pagamento where tipo_pagamento = '01' and ativo order by id`)
  )[0]!.id;
});
afterAll(async () => t?.close());

let seq = 5000;
const op = (tipo: string, valor: string, extra: Record<string, unknown> = {}) => ({
  lojaId: ref.BV01,
  numeroCaixa: '011',
  sequencial: ++seq,
  tipo,
  dataHora: '2026-08-10T08:00:00',
  funcionarioId: ref.func,
  valor,
  ...extra,
});

const enviarOps = (who: { headers: Record<string, string> }, operacoes: unknown[], chave?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/pdv/operacoes-caixa',
    headers: { ...who.headers, ...(chave ? { 'idempotency-key': chave } : {}) },
    payload: { operacoes },
  });
const get = (who: LoginResult, url: string) => t.app.inject({ method: 'GET', url, headers: who.headers });

describe('the drawer of a day', () => {
  it('fund + suprimento − sangria + cash sales (less change) is expected; the declared fechamento gives the quebra', async () => {
    // a sale of 25.50 paid with 30.00 in cash and 4.50 change: 25.50 enters the drawer
    const venda = cupom({
      dataHoraAberturaCupom: '2026-08-10T10:15:00',
      dataHoraFechamentoCupom: '2026-08-10T10:16:00',
      finalizacoes: [{ finalizadoraId: dinheiro, valor: '30.00', troco: '4.50' }],
    });
    const rv = await enviar(ana, [venda]);
    expect(rv.json().resultados[0].situacao, rv.body).toBe('ACEITO');

    const r = await enviarOps(doDispositivo(), [
      op('ABERTURA', '100.00'),
      op('SUPRIMENTO', '50.00', { dataHora: '2026-08-10T12:00:00' }),
      op('SANGRIA', '120.00', { dataHora: '2026-08-10T15:00:00', observacao: 'cofre' }),
      op('FECHAMENTO', '53.50', { dataHora: '2026-08-10T22:00:00' }),
    ]);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({ aceitas: 4, duplicadas: 0, rejeitadas: 0 });

    const resumo = await get(ana, `/api/v1/pdv/caixas/resumo?lojaId=${ref.BV01}&data=2026-08-10`);
    expect(resumo.statusCode, resumo.body).toBe(200);
    // 100 + 50 − 120 + 25.50 = 55.50 expected; 53.50 declared: R$ 2,00 short
    expect(resumo.json().caixas).toEqual([
      expect.objectContaining({
        numeroCaixa: 11,
        operacoes: 4,
        abertura: '100.00',
        suprimentos: '50.00',
        sangrias: '120.00',
        dinheiroVendas: '25.50',
        esperado: '55.50',
        declarado: '53.50',
        diferenca: '-2.00',
        situacao: 'FALTA',
      }),
    ]);

    const lista = await get(
      ana,
      `/api/v1/pdv/operacoes-caixa?q=lojaId==${ref.BV01}&dataInicio=2026-08-10&dataFim=2026-08-10&sort=dataHora`,
    );
    expect(lista.statusCode, lista.body).toBe(200);
    expect(lista.json().items.map((o: { tipo: string }) => o.tipo)).toEqual([
      'ABERTURA',
      'SUPRIMENTO',
      'SANGRIA',
      'FECHAMENTO',
    ]);
    expect(lista.json().items[2]).toMatchObject({
      valor: '120.00',
      observacao: 'cofre',
      dataHora: '2026-08-10T15:00:00',
    });
  });

  it('a drawer without fechamento is ABERTO; a recount (a later fechamento) replaces the first', async () => {
    const dia = (h: string) => ({ dataHora: `2026-08-11T${h}` });
    await enviarOps(ana, [op('ABERTURA', '80.00', dia('07:00:00'))]);
    let caixa = (await get(ana, `/api/v1/pdv/caixas/resumo?lojaId=${ref.BV01}&data=2026-08-11`)).json().caixas[0];
    expect(caixa).toMatchObject({ esperado: '80.00', declarado: null, diferenca: null, situacao: 'ABERTO' });
    await enviarOps(ana, [op('FECHAMENTO', '79.00', dia('21:00:00')), op('FECHAMENTO', '80.00', dia('21:30:00'))]);
    caixa = (await get(ana, `/api/v1/pdv/caixas/resumo?lojaId=${ref.BV01}&data=2026-08-11`)).json().caixas[0];
    expect(caixa).toMatchObject({ declarado: '80.00', diferenca: '0.00', situacao: 'CONFERE' });
  });
});

describe('the demo', () => {
  it("yesterday's drawers: BV01 counted right, BV02 R$ 3,50 short", async () => {
    const ontem = somarDias(hojeNaZona(ZONA_PADRAO), -1);
    const resumo = async (lojaId: number) =>
      (await get(ana, `/api/v1/pdv/caixas/resumo?lojaId=${lojaId}&data=${ontem}`)).json().caixas;
    expect(await resumo(ref.BV01)).toContainEqual(
      expect.objectContaining({ abertura: '200.00', suprimentos: '50.00', situacao: 'CONFERE', diferenca: '0.00' }),
    );
    expect(await resumo(ref.BV02)).toContainEqual(expect.objectContaining({ situacao: 'FALTA', diferenca: '-3.50' }));
  });
});

describe('resent, conflicting and bad operations', () => {
  it('the same operation again is DUPLICADA and changes nothing; its key with other content is refused (409)', async () => {
    const a = op('SANGRIA', '10.00', { dataHora: '2026-08-12T10:00:00' });
    expect((await enviarOps(ana, [a])).json().aceitas).toBe(1);
    const r = await enviarOps(ana, [a, { ...a, valor: '99.00' }]);
    expect(r.statusCode).toBe(200);
    const [dup, outro] = r.json().resultados;
    expect(dup).toMatchObject({ situacao: 'DUPLICADA', mensagem: 'Operação de caixa já recebida.' });
    expect(outro).toMatchObject({ situacao: 'REJEITADA', status: 409 });
    expect(outro.mensagem).toMatch(/já foi recebida com outro conteúdo/);
    const linhas = await q<{ valor: string }>(`select valor::text from operacao_caixa_pdv where sequencial = $1`, [
      a.sequencial,
    ]);
    expect(linhas).toEqual([{ valor: '10.00' }]);
  });

  it('one malformed operation is its own 422 naming the field; the rest of the batch is stored', async () => {
    const boa = op('SUPRIMENTO', '5.00', { dataHora: '2026-08-12T11:00:00' });
    const r = await enviarOps(ana, [op('SANGRIA', '0.00'), boa, op('TROCO', '1.00')]);
    expect(r.statusCode, r.body).toBe(200);
    const [zero, ok, tipo] = r.json().resultados;
    expect(zero).toMatchObject({ situacao: 'REJEITADA', status: 422 });
    expect(zero.erros).toContainEqual(expect.objectContaining({ campo: 'operacoes.0.valor' }));
    expect(ok.situacao).toBe('ACEITA');
    expect(tipo.erros).toContainEqual(expect.objectContaining({ campo: 'operacoes.2.tipo' }));
  });

  it('a batch with no valid operation is a 422 in the error shape; nothing stored', async () => {
    const antes = (await q<{ n: number }>(`select count(*)::int as n from operacao_caixa_pdv`))[0]!.n;
    const r = await enviarOps(ana, [op('SANGRIA', '-3'), op('ABERTURA', '10.00', { numeroCaixa: 77 })]);
    expect(r.statusCode, r.body).toBe(422);
    expect(r.json().reasons).toContain('Nenhuma operação de caixa do envio é válida.');
    expect(r.json().reasons).toContain('PDV 77 não cadastrado na loja.');
    expect((await q<{ n: number }>(`select count(*)::int as n from operacao_caixa_pdv`))[0]!.n).toBe(antes);
  });

  it('an unknown operator is refused for that operation', async () => {
    const r = await enviarOps(ana, [op('ABERTURA', '10.00', { funcionarioId: 999999 }), op('ABERTURA', '10.00')]);
    const [x, ok] = r.json().resultados;
    expect(x).toMatchObject({ situacao: 'REJEITADA', status: 422, mensagem: 'Operador 999999 não cadastrado.' });
    expect(ok.situacao).toBe('ACEITA');
  });
});

describe('store scope', () => {
  it("another store's drawer is neither written nor read", async () => {
    const r = await enviarOps(fabio, [op('ABERTURA', '10.00')]);
    expect(r.statusCode).toBe(422);
    expect(r.json().reasons).toContain(`Você não tem acesso à loja ${ref.BV01}.`);
    const resumo = await get(fabio, `/api/v1/pdv/caixas/resumo?lojaId=${ref.BV01}&data=2026-08-10`);
    expect(resumo.statusCode).toBe(403);
    const lista = await get(fabio, `/api/v1/pdv/operacoes-caixa?q=lojaId==${ref.BV01}`);
    expect(lista.json().items).toEqual([]);
  });
});
