/**
 * The bank ledger through the real app (domain §2.2): manual entries and the running balance from
 * saldoInicial, the balance as of a date (back-dated postings keep every date right), transfers (two entries,
 * one command), reversal, the closed period refused by the posting itself, insert-only for the app role,
 * permissions and store scope.
 */
import { hojeNaZona, somarDias } from '@retaguarda/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminQuery, createTestApp, type TestApp, tenantQuery } from '../helpers/app';
import { login } from '../helpers/auth';

let t: TestApp;
let fin: Record<string, string>;
let consulta: Record<string, string>;
let gerente: Record<string, string>;
let contas: Record<string, number>;
let tarifa: number;
let transf: number;
let assinanteId: number;
const hoje = hojeNaZona('America/Sao_Paulo');
const d = (n: number) => somarDias(hoje, -n);

beforeAll(async () => {
  t = await createTestApp();
  fin = (await login(t, 'beatriz.fin')).headers; // Financeiro, BV01 + BV02
  consulta = (await login(t, 'gabi.consulta')).headers; // every *_ACESSO, BV01
  gerente = (await login(t, 'fabio.gerente')).headers; // no bank permission, BV02
  const { rows } = await adminQuery<{ descricao: string; id: number; assinante_id: number }>(
    t.ownerUrl,
    `select c.descricao, c.id, c.assinante_id from conta_corrente c
      where c.descricao in ('BB Shopping Curitiba', 'Itaú Londrina', 'Caixa BV01')`,
  );
  contas = Object.fromEntries(rows.map((r) => [r.descricao, r.id]));
  assinanteId = rows[0]!.assinante_id;
  // the accounts open today minus 60 days, so the test's dates are all valid
  await adminQuery(t.ownerUrl, `update conta_corrente set data_saldo_inicial = $1 where assinante_id = $2`, [
    d(60),
    assinanteId,
  ]);
  const h = await adminQuery<{ codigo: number; id: number }>(
    t.ownerUrl,
    `select codigo, id from historico_padrao where assinante_id = $1 and codigo in (2, 3)`,
    [assinanteId],
  );
  tarifa = h.rows.find((r) => r.codigo === 2)!.id;
  transf = h.rows.find((r) => r.codigo === 3)!.id;
});
afterAll(() => t?.close());

const url = (conta: number, resto = '') => `/api/v1/financeiro/contas-correntes/${conta}${resto}`;
const lancar = (conta: number, payload: object, headers = fin) =>
  t.app.inject({ method: 'POST', url: url(conta, '/lancamentos'), headers, payload });
const saldo = async (conta: number, data: string) =>
  (await t.app.inject({ url: url(conta, `/saldo?data=${data}`), headers: fin })).json().saldo as string;

describe('bank ledger', () => {
  it('entries dated before the opening balance are listed but do not count in any balance (domain §2.2)', async () => {
    const itau = contas['Itaú Londrina']!;
    const abrirEm = (data: string) =>
      adminQuery(t.ownerUrl, `update conta_corrente set data_saldo_inicial = $1 where id = $2 and assinante_id = $3`, [
        data,
        itau,
        assinanteId,
      ]);
    const r = await lancar(itau, { data: d(40), tipo: 'CREDITO', valor: '777.77', complemento: 'Antes da abertura' });
    expect(r.statusCode).toBe(201);
    const dia = async () =>
      (await t.app.inject({ url: url(itau, `/lancamentos?inicio=${d(40)}&fim=${d(40)}`), headers: fin })).json();
    const noDia = await dia();
    const movimentoDoDia = BigInt(noDia.saldoFinal.replace('.', '')) - BigInt(noDia.saldoAnterior.replace('.', ''));
    const textoHoje = await saldo(itau, hoje);
    const hojeAberta = BigInt(textoHoje.replace('.', ''));
    try {
      await abrirEm(d(39)); // the account now opens the day after the entry
      expect(BigInt((await saldo(itau, hoje)).replace('.', ''))).toBe(hojeAberta - movimentoDoDia);
      const r2 = await dia();
      expect(r2.lancamentos.map((l: { id: string }) => l.id)).toContain(r.json().id);
      expect(r2.saldoFinal).toBe(r2.saldoAnterior);
      expect(r2.creditos).toBe('0.00');
      // before the opening the balance is the opening balance itself
      const { rows } = await adminQuery<{ s: string }>(
        t.ownerUrl,
        `select saldo_inicial::text as s from conta_corrente where id = $1 and assinante_id = $2`,
        [itau, assinanteId],
      );
      expect(await saldo(itau, d(45))).toBe(rows[0]!.s);
    } finally {
      await abrirEm(d(60));
    }
    expect(await saldo(itau, hoje)).toBe(textoHoje);
  });

  it('posts manual entries; the statement runs the balance from saldoInicial; back-dated entries keep every date right', async () => {
    const bb = contas['BB Shopping Curitiba']!; // saldo inicial 18 250,40
    // the balance before this test's entries: every figure below is it plus what the test posts
    const base = BigInt((await saldo(bb, d(30))).replace('.', ''));
    // the demo's June entries (demo-tesouraria.ts) are dated before the opening this file sets (d(60)): they do
    // not count (domain §2.2: balance = saldoInicial + movements from that date)
    expect(base).toBe(1_825_040n);
    const mais = (centavos: bigint) => {
      const c = base + centavos;
      return `${c / 100n}.${String(c % 100n).padStart(2, '0')}`;
    };
    const a = await lancar(bb, { data: d(10), tipo: 'CREDITO', valor: '1000.10', complemento: 'Depósito' });
    expect(a.statusCode).toBe(201);
    expect(a.headers.location).toBe(url(bb, `/lancamentos/${a.json().id}`));
    expect(a.json()).toMatchObject({ contaCorrenteId: bb, tipo: 'CREDITO', valor: '1000.10', origem: 'MANUAL' });
    const b = await lancar(bb, {
      data: d(5),
      tipo: 'DEBITO',
      valor: 12.5,
      historicoPadraoId: tarifa,
      origem: 'TARIFA',
    });
    expect(b.statusCode).toBe(201);
    expect(b.json()).toMatchObject({ valor: '12.50', historico: 'TARIFA BANCÁRIA', origem: 'TARIFA' });
    // a back-dated entry moves the later days' balances
    expect((await lancar(bb, { data: d(20), tipo: 'DEBITO', valor: '250.40' })).statusCode).toBe(201);
    expect(await saldo(bb, d(30))).toBe(mais(0n));
    expect(await saldo(bb, d(20))).toBe(mais(-25_040n));
    expect(await saldo(bb, d(10))).toBe(mais(74_970n));
    expect(await saldo(bb, d(1))).toBe(mais(73_720n));
    const get = await t.app.inject({ url: url(bb, `/lancamentos/${a.json().id}`), headers: fin });
    expect(get.json().valor).toBe('1000.10');

    const r = await t.app.inject({ url: url(bb, `/lancamentos?inicio=${d(15)}&fim=${hoje}`), headers: fin });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({
      saldoAnterior: mais(-25_040n),
      creditos: '1000.10',
      debitos: '12.50',
      saldoFinal: mais(73_720n),
    });
    expect(r.json().lancamentos.map((l: { saldoApos: string }) => l.saldoApos)).toEqual([mais(74_970n), mais(73_720n)]);
  });

  it('refuses bad input field by field: zero, three decimals, before the opening balance, future, wrong histórico', async () => {
    const bb = contas['BB Shopping Curitiba']!;
    const campo = async (payload: object) => {
      const res = await lancar(bb, payload);
      expect(res.statusCode).toBe(422);
      return res.json().erros[0].campo as string;
    };
    expect(await campo({ data: d(1), tipo: 'CREDITO', valor: '0' })).toBe('valor');
    expect(await campo({ data: d(1), tipo: 'CREDITO', valor: '1.005' })).toBe('valor');
    expect(await campo({ data: d(61), tipo: 'CREDITO', valor: '1' })).toBe('data');
    expect(await campo({ data: somarDias(hoje, 1), tipo: 'CREDITO', valor: '1' })).toBe('data');
    expect(await campo({ data: d(1), tipo: 'CREDITO', valor: '1', historicoPadraoId: tarifa })).toBe(
      'historicoPadraoId',
    );
    expect(await campo({ data: d(1), tipo: 'ESTORNO', valor: '1' })).toBe('tipo');
  });

  it('transfers between accounts: two entries in one command, both balances move', async () => {
    const bb = contas['BB Shopping Curitiba']!;
    const itau = contas['Itaú Londrina']!;
    const antes = [await saldo(bb, hoje), await saldo(itau, hoje)];
    const res = await t.app.inject({
      method: 'POST',
      url: url(bb, '/transferencias'),
      headers: fin,
      payload: { contaDestinoId: itau, data: d(2), valor: '300.00', historicoPadraoId: transf },
    });
    expect(res.statusCode).toBe(200);
    const [deb, cred] = res.json().lancamentos;
    expect(deb).toMatchObject({ contaCorrenteId: bb, tipo: 'DEBITO', origem: 'TRANSFERENCIA' });
    expect(cred).toMatchObject({ contaCorrenteId: itau, tipo: 'CREDITO', transferenciaId: deb.transferenciaId });
    expect(await saldo(bb, hoje)).toBe((Number(antes[0]) - 300).toFixed(2));
    expect(await saldo(itau, hoje)).toBe((Number(antes[1]) + 300).toFixed(2));
    const mesma = await t.app.inject({
      method: 'POST',
      url: url(bb, '/transferencias'),
      headers: fin,
      payload: { contaDestinoId: bb, data: d(2), valor: '1' },
    });
    expect(mesma.json().erros[0].campo).toBe('contaDestinoId');

    // reversing one end reverses both; a second reversal and reversing a reversal are refused
    const est = await t.app.inject({
      method: 'POST',
      url: url(itau, `/lancamentos/${cred.id}/estorno`),
      headers: fin,
      payload: {},
    });
    expect(est.statusCode).toBe(200);
    expect(est.json().lancamentos.map((l: { estornoDe: string; tipo: string }) => [l.estornoDe, l.tipo])).toEqual([
      [deb.id, 'CREDITO'],
      [cred.id, 'DEBITO'],
    ]);
    expect([await saldo(bb, hoje), await saldo(itau, hoje)]).toEqual(antes);
    const de2 = await t.app.inject({
      method: 'POST',
      url: url(bb, `/lancamentos/${deb.id}/estorno`),
      headers: fin,
      payload: {},
    });
    expect(de2.statusCode).toBe(409);
    const id2 = est.json().lancamentos[0].id;
    const ee = await t.app.inject({
      method: 'POST',
      url: url(bb, `/lancamentos/${id2}/estorno`),
      headers: fin,
      payload: {},
    });
    expect(ee.statusCode).toBe(409);
    // an entry of another account through this one's path: not found
    const outra = await t.app.inject({
      method: 'POST',
      url: url(bb, `/lancamentos/${cred.id}/estorno`),
      headers: fin,
      payload: {},
    });
    expect(outra.statusCode).toBe(404);
  });

  it('the posting refuses a date in the account closed period, naming the account', async () => {
    const caixa = contas['Caixa BV01']!;
    await adminQuery(
      t.ownerUrl,
      `insert into fechamento_conta_corrente (assinante_id, conta_corrente_id, fechado_ate) values ($1, $2, $3)`,
      [assinanteId, caixa, d(7)],
    );
    const res = await lancar(caixa, { data: d(7), tipo: 'CREDITO', valor: '10' });
    expect(res.statusCode).toBe(422);
    expect(res.json().erros[0]).toMatchObject({ campo: 'data' });
    expect(res.json().erros[0].mensagem).toMatch(/Caixa BV01 está fechada até/);
    expect((await lancar(caixa, { data: d(6), tipo: 'CREDITO', valor: '10' })).statusCode).toBe(201);
  });

  it('is insert-only for the application role', async () => {
    await expect(tenantQuery(t.ownerUrl, assinanteId, `update lancamento_bancario set valor = 1`)).rejects.toThrow(
      /permission denied/,
    );
    await expect(tenantQuery(t.ownerUrl, assinanteId, `delete from lancamento_bancario`)).rejects.toThrow(
      /permission denied/,
    );
  });

  it('permissions and store scope: read-only users read, others and other stores are refused', async () => {
    const bb = contas['BB Shopping Curitiba']!;
    const itau = contas['Itaú Londrina']!;
    expect((await t.app.inject({ url: url(bb, '/lancamentos'), headers: consulta })).statusCode).toBe(200);
    expect((await lancar(bb, { data: d(1), tipo: 'CREDITO', valor: '1' }, consulta)).statusCode).toBe(403);
    expect((await t.app.inject({ url: url(itau, '/saldo'), headers: consulta })).statusCode).toBe(403);
    expect((await t.app.inject({ url: url(itau, '/saldo'), headers: gerente })).statusCode).toBe(403);
    expect((await t.app.inject({ url: url(999_999, '/saldo'), headers: fin })).statusCode).toBe(404);
    expect((await lancar(999_999, { data: d(1), tipo: 'CREDITO', valor: '1' })).statusCode).toBe(404);
  });
});
