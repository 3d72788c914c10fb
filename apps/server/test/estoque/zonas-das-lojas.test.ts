/**
 * Store-local time (issue #25 item 5): stores in São Paulo, Manaus, Rio Branco and Noronha, with the clock
 * fixed at 2026-11-21T03:30Z — 22:30 in Rio Branco and 23:30 in Manaus on the 20th, 00:30 in São Paulo
 * and 01:30 in Noronha on the 21st. Each store's "today", its list filters and its date outputs are its own.
 */
import { fixarRelogio, hojeNaZona, zonaDaLoja } from '@retaguarda/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { zonaDaLojaSql } from '../../src/time';
import { adminQuery, createTestApp, type TestApp, tenantQuery } from '../helpers/app';
import { type LoginResult, login } from '../helpers/auth';

const AGORA = '2026-11-21T03:30:00Z';
const LOJAS = {
  sp: { uf: 'SP', ibge: '3550308', zona: 'America/Sao_Paulo', hoje: '2026-11-21' },
  manaus: { uf: 'AM', ibge: '1302603', zona: 'America/Manaus', hoje: '2026-11-20' },
  rioBranco: { uf: 'AC', ibge: '1200401', zona: 'America/Rio_Branco', hoje: '2026-11-20' },
  noronha: { uf: 'PE', ibge: '2605459', zona: 'America/Noronha', hoje: '2026-11-21' },
} as const;
type Chave = keyof typeof LOJAS;

let t: TestApp;
let ana: LoginResult;
let assinante: number;
const loja = {} as Record<Chave, number>;
const local = {} as Record<Chave, number>;
let produto: number;
let tipoEntrada: number;

const q = async <T extends Record<string, unknown>>(text: string, params: unknown[] = []) =>
  (await tenantQuery<T>(t.ownerUrl, assinante, text, params)).rows;

beforeAll(async () => {
  t = await createTestApp();
  const [a] = (
    await adminQuery<{ assinante_id: number; id: number }>(
      t.ownerUrl,
      `select assinante_id, id from usuario where username = 'ana.admin'`,
    )
  ).rows;
  assinante = a!.assinante_id;
  let n = 0;
  for (const chave of Object.keys(LOJAS) as Chave[]) {
    const l = LOJAS[chave];
    n += 1;
    const [row] = await q<{ id: number }>(
      `insert into loja (assinante_id, sigla, numero_do_documento, fantasia, nome, uf, codigo_ibge)
       values ($1, $2, $3, $4, $4, $5, $6) returning id`,
      [assinante, `TZ0${n}`, `9900000000000${n}`, `Loja fuso ${chave}`, l.uf, l.ibge],
    );
    loja[chave] = row!.id;
    const [x] = await q<{ id: number }>(
      `insert into local_estoque (assinante_id, loja_id, descricao, tipo, padrao_entrada)
       values ($1, $2, 'Loja', 'LOJA', true) returning id`,
      [assinante, row!.id],
    );
    local[chave] = x!.id;
    await q(`insert into usuario_loja (assinante_id, usuario_id, loja_id, principal) values ($1, $2, $3, false)`, [
      assinante,
      a!.id,
      row!.id,
    ]);
  }
  const [p] = await q<{ id: number }>(
    `select p.id from produto p join unidade u on u.id = p.unidade_de_venda_id
      where p.ativo and not u.permite_fracionamento order by p.id limit 1`,
  );
  produto = p!.id;
  const [tipo] = await q<{ id: number }>(
    `select id from tipo_ajuste where tipo = 'ENTRADA' and not exige_observacao order by id limit 1`,
  );
  tipoEntrada = tipo!.id;
  ana = await login(t, 'ana.admin');
  fixarRelogio(AGORA);
});
afterAll(async () => {
  fixarRelogio(null);
  await t?.close();
});

const ajuste = (chave: Chave, data: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/estoque/ajustes',
    headers: ana.headers,
    payload: {
      lojaId: loja[chave],
      localId: local[chave],
      tipoDeOperacao: 'ENTRADA',
      tipoDeAjusteId: tipoEntrada,
      dataDaMovimentacao: data,
      itens: [{ produtoId: produto, quantidade: 1 }],
    },
  });

const lista = async (url: string, filtro: string) => {
  const r = await t.app.inject({
    method: 'GET',
    url: `${url}?count=1000&q=${encodeURIComponent(filtro)}`,
    headers: ana.headers,
  });
  expect(r.statusCode, r.body).toBe(200);
  return r.json().items as Record<string, unknown>[];
};

describe('store-local time', () => {
  it("each store's zone, the same in the domain, in SQL and in the session's stores", async () => {
    for (const chave of Object.keys(LOJAS) as Chave[]) {
      const l = LOJAS[chave];
      expect(zonaDaLoja({ uf: l.uf, codigoIbge: l.ibge })).toBe(l.zona);
      expect(hojeNaZona(l.zona)).toBe(l.hoje);
    }
    // the CASE the lists use gives the domain's answer for every UF (and Noronha by its município)
    const { rows } = await sql<{ uf: string; ibge: string | null; zona: string }>`
      select l.uf, l.codigo_ibge as ibge, ${zonaDaLojaSql('l')} as zona
        from (values ('AC', null), ('AM', '1302603'), ('RR', null), ('RO', null), ('MT', null), ('MS', null),
                     ('PA', null), ('AP', null), ('TO', null), ('MA', null), ('PI', null), ('CE', null),
                     ('RN', null), ('PB', null), ('PE', '2611606'), ('PE', '2605459'), ('AL', null), ('SE', null),
                     ('BA', null), ('SP', null), ('RJ', null), ('MG', null), ('ES', null), ('PR', null),
                     ('SC', null), ('RS', null), ('GO', null), ('DF', null), ('ZZ', null), ('am', null))
             as l (uf, codigo_ibge)`.execute(t.db.kysely);
    for (const r of rows) expect(r.zona, `${r.uf} ${r.ibge}`).toBe(zonaDaLoja({ uf: r.uf, codigoIbge: r.ibge }));
    const eu = await t.app.inject({ method: 'GET', url: '/api/v1/eumesmo', headers: ana.headers });
    const zonas = Object.fromEntries(eu.json().lojasUsuario.map((l: { id: number; zona: string }) => [l.id, l.zona]));
    for (const chave of Object.keys(LOJAS) as Chave[]) expect(zonas[loja[chave]]).toBe(LOJAS[chave].zona);
  });

  it("a Manaus store's adjustment at 23:30 Manaus time: that store's today is accepted, tomorrow refused", async () => {
    // the form proposes hojeNaLoja(zona) — apps/web/src/lib/datas.test.ts; here the server takes that date
    const hoje = await ajuste('manaus', '2026-11-20');
    expect(hoje.statusCode, hoje.body).toBe(201);
    // São Paulo's date (already the 21st) is a future date for Manaus
    const amanha = await ajuste('manaus', '2026-11-21');
    expect(amanha.statusCode, amanha.body).toBe(422);
    expect(amanha.json().reasons.join(' ')).toMatch(/posterior a hoje \(20\/11\/2026\)/);
    // …and São Paulo's today at São Paulo
    expect((await ajuste('sp', '2026-11-21')).statusCode).toBe(201);
  });

  it("a Rio Branco store's list filtered by its day shows its late-evening movements", async () => {
    for (const chave of ['rioBranco', 'noronha'] as const) {
      const r = await ajuste(chave, LOJAS[chave].hoje);
      expect(r.statusCode, r.body).toBe(201);
    }
    const minhas = Object.values(loja);
    // every movement of these stores happened at the fixed instant (lancado_em is the database's now())
    await adminQuery(
      t.ownerUrl,
      `update movimento_estoque set lancado_em = $1 where assinante_id = $2 and loja_id = any($3::int[])`,
      [AGORA, assinante, minhas],
    );
    const dasLojas = `lojaId=in=(${minhas.join(',')})`;
    const porLoja = (items: Record<string, unknown>[]) => Object.fromEntries(items.map((m) => [m.lojaId as number, m]));

    // 22:30 on the 20th in Rio Branco (and 23:30 in Manaus) are the 20th there; São Paulo and Noronha are on the 21st
    const dia20 = porLoja(await lista('/api/v1/estoque/movimentos', `${dasLojas};lancadoEm==2026-11-20`));
    expect(Object.keys(dia20).map(Number).sort()).toEqual([loja.manaus, loja.rioBranco].sort());
    expect(dia20[loja.rioBranco]).toMatchObject({ data: '2026-11-20', lancadoEm: '2026-11-20T22:30:00' });
    expect(dia20[loja.manaus]).toMatchObject({ lancadoEm: '2026-11-20T23:30:00' });
    const dia21 = porLoja(await lista('/api/v1/estoque/movimentos', `${dasLojas};lancadoEm==2026-11-21`));
    expect(Object.keys(dia21).map(Number).sort()).toEqual([loja.sp, loja.noronha].sort());
    expect(dia21[loja.noronha]).toMatchObject({ data: '2026-11-21', lancadoEm: '2026-11-21T01:30:00' });
    expect(dia21[loja.sp]).toMatchObject({ lancadoEm: '2026-11-21T00:30:00' });
    // a local time is each store's wall clock: "up to 23:00" holds Rio Branco's 22:30, not Manaus' 23:30
    const ate23 = await lista(
      '/api/v1/estoque/movimentos',
      `${dasLojas};lancadoEm=ge=2026-11-20;lancadoEm=lt=2026-11-20T23:00:00`,
    );
    expect(ate23.map((m) => m.lojaId)).toEqual([loja.rioBranco]);
    // an instant with an offset is the same instant for every store
    const instante = await lista('/api/v1/estoque/movimentos', `${dasLojas};lancadoEm==${AGORA}`);
    expect(instante).toHaveLength(4);

    // the business date is already local: Rio Branco's day is its own, on the movements and the adjustments
    const rb = await lista('/api/v1/estoque/movimentos', `lojaId==${loja.rioBranco};data==2026-11-20`);
    expect(rb).toHaveLength(1);
    const ajustes = await lista('/api/v1/estoque/ajustes', `lojaId==${loja.rioBranco};dataDaMovimentacao==2026-11-20`);
    expect(ajustes).toHaveLength(1);
    expect(ajustes[0]!.criadoEm).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/);
    // a date-time on a business date reads it as that day's local midnight
    const dataHora = await lista(
      '/api/v1/estoque/ajustes',
      `lojaId==${loja.rioBranco};dataDaMovimentacao=ge=2026-11-20T00:00:00`,
    );
    expect(dataHora).toHaveLength(1);
  });

  it("a register of one store prints and filters its instants in that store's zone", async () => {
    const minhas = Object.values(loja);
    await adminQuery(
      t.ownerUrl,
      `update local_estoque set criado_em = $1 where assinante_id = $2 and loja_id = any($3::int[])`,
      [AGORA, assinante, minhas],
    );
    const locais = await lista(
      '/api/v1/estoque/locais-estoque',
      `lojaId=in=(${minhas.join(',')});criadoEm==2026-11-20`,
    );
    const criados = Object.fromEntries(locais.map((l) => [l.lojaId as number, l.criadoEm]));
    expect(criados).toEqual({ [loja.manaus]: '2026-11-20T23:30:00', [loja.rioBranco]: '2026-11-20T22:30:00' });
  });

  it('refuses impossible dates in a filter with a 400, never a 500', async () => {
    for (const filtro of ['lancadoEm==2026-02-30', 'lancadoEm==2026-11-20T25:00:00', 'data==2026-13-01']) {
      const r = await t.app.inject({
        method: 'GET',
        url: `/api/v1/estoque/movimentos?q=${encodeURIComponent(filtro)}`,
        headers: ana.headers,
      });
      expect(r.statusCode, filtro).toBe(400);
      expect(r.json().reasons.join(' ')).toMatch(/data inválida/);
    }
  });
});
