/**
 * The POS change feed through the real app, as a simulated POS terminal uses it: register by QR, take the full
 * load page by page, apply it, see back-office changes (a price through the register API, a deletion by plain
 * SQL) come as alterados / removidos, acknowledge, and hold exactly the state a fresh full load gives. Also:
 * a writer that commits out of order is never skipped, the Funções PDV matrix travels and stays pending until
 * confirmed, bad input answers a Portuguese 4xx, and the vendor SDK's XML call is replayed.
 */
import { hojeNaZona, zonaDaLoja } from '@retaguarda/domain';
import { XMLParser } from 'fast-xml-parser';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_ROLE } from '../../src/db/migrate';
import { podarCarga } from '../../src/modules/frente-de-loja';
import { adminQuery, createTestApp, type TestApp, tenantQuery } from '../helpers/app';
import { type LoginResult, login } from '../helpers/auth';

let t: TestApp;
let ana: LoginResult;
let gabi: LoginResult;
let diego: LoginResult;
let assinante: number;
const loja: Record<string, number> = {};
type Item = { entidade: string; id: string; dados: Record<string, unknown> };
interface Carga {
  alterados: Item[];
  removidos: { entidade: string; id: string }[];
  marcador: string;
  temMais: boolean;
}

const q = async <T extends Record<string, unknown>>(text: string, params: unknown[] = []) =>
  (await adminQuery<T>(t.ownerUrl, text, params)).rows;

beforeAll(async () => {
  t = await createTestApp();
  ana = await login(t, 'ana.admin');
  gabi = await login(t, 'gabi.consulta');
  diego = await login(t, 'diego.estoque'); // no Funções PDV permission
  for (const l of await q<{ id: number; sigla: string; assinante_id: number }>(
    `select l.id, l.sigla, l.assinante_id from loja l join assinante a on a.id = l.assinante_id where a.nome = 'Bela Vida'`,
  )) {
    loja[l.sigla] = l.id;
    assinante = l.assinante_id;
  }
});
afterAll(() => t?.close());

const post = (url: string, payload: object, headers: Record<string, string>) =>
  t.app.inject({ method: 'POST', url, headers, payload });

async function registrarPdv(lojaId: number, numeroCaixa: number): Promise<Record<string, string>> {
  const tok = await post('/api/v1/dispositivos/tokens', { lojaId }, ana.headers);
  const r = await post(
    '/api/v1/dispositivos/registro',
    {
      token: tok.json().token,
      identificador: `pdv-${lojaId}-${numeroCaixa}`,
      nome: `PDV ${numeroCaixa}`,
      tipo: 'POS_ANDROID',
      numeroCaixa,
    },
    { host: 'localhost' },
  );
  expect(r.statusCode, r.body).toBe(201);
  return { host: 'localhost', authorization: r.json().credencial };
}

const cargaDe = (lojaId: number, corpo: object, headers: Record<string, string>) =>
  post(`/api/v1/pessoa/lojas/${lojaId}/cargas`, corpo, headers);

/** A POS terminal's local copy: what the feed sent, keyed by entity and id. */
class PdvSimulado {
  estado = new Map<string, Record<string, unknown>>();
  marcador: string | null = null;
  constructor(
    readonly lojaId: number,
    readonly headers: Record<string, string>,
  ) {}
  aplicar(c: Carga) {
    for (const a of c.alterados) this.estado.set(`${a.entidade}:${a.id}`, a.dados);
    for (const r of c.removidos) this.estado.delete(`${r.entidade}:${r.id}`);
    this.marcador = c.marcador;
  }
  async sincronizar(limite = 400): Promise<number> {
    let paginas = 0;
    for (;;) {
      const r = await cargaDe(this.lojaId, { marcador: this.marcador, limite }, this.headers);
      expect(r.statusCode, r.body).toBe(200);
      this.aplicar(r.json());
      paginas++;
      if (!r.json().temMais) return paginas;
    }
  }
}

/** A fresh full load of the store, as a new terminal would take it. */
async function cargaCompleta(lojaId: number, headers: Record<string, string>) {
  const novo = new PdvSimulado(lojaId, headers);
  await novo.sincronizar(1000);
  return novo.estado;
}

describe('a simulated POS terminal', () => {
  let pdv: PdvSimulado;
  beforeAll(async () => {
    pdv = new PdvSimulado(loja.BV01!, await registrarPdv(loja.BV01!, 1));
  });

  it('takes the full load in pages: every product, its store’s prices only, the store’s functions', async () => {
    const paginas = await pdv.sincronizar(10);
    expect(paginas).toBeGreaterThan(1);
    const contar = (e: string) => [...pdv.estado.keys()].filter((k) => k.startsWith(`${e}:`)).length;
    const [n] = await q<{ produtos: number; precos: number }>(
      `select (select count(*) from produto where assinante_id = $1)::int as produtos,
              (select count(*) from preco where loja_id = $2)::int as precos`,
      [assinante, loja.BV01],
    );
    expect(contar('PRODUTO')).toBe(n!.produtos);
    expect(contar('PRECO')).toBe(n!.precos);
    expect(
      [...pdv.estado.entries()].filter(([k]) => k.startsWith('PRECO:')).every(([, v]) => v.lojaId === loja.BV01),
    ).toBe(true);
    expect(pdv.marcador).toMatch(/^\d+:\d+$/);
  });

  it('gets a price changed in the back office and a code deleted by any path, then holds exactly the fresh state', async () => {
    const [preco] = await q<{ id: number }>('select id from preco where loja_id = $1 order by id limit 1', [loja.BV01]);
    const atual = await t.app.inject({
      method: 'GET',
      url: `/api/v1/produto/precos/${preco!.id}`,
      headers: ana.headers,
    });
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/produto/precos/${preco!.id}`,
      headers: ana.headers,
      payload: { ...(atual.json() as object), precoVenda1: '12.34' },
    });
    expect(put.statusCode, put.body).toBe(200);
    const [aux] = await q<{ id: string }>(
      'select id from codigo_auxiliar where assinante_id = $1 order by id limit 1',
      [assinante],
    );
    await tenantQuery(t.ownerUrl, assinante, 'delete from codigo_auxiliar where id = $1', [aux!.id]);

    const r = await cargaDe(loja.BV01!, { marcador: pdv.marcador }, pdv.headers);
    expect(r.statusCode, r.body).toBe(200);
    const c: Carga = r.json();
    expect(c.alterados).toContainEqual(expect.objectContaining({ entidade: 'PRECO', id: String(preco!.id) }));
    expect(c.alterados.find((a) => a.entidade === 'PRECO')!.dados.precoVenda1).toBe('12.34');
    expect(c.removidos).toContainEqual({ entidade: 'CODIGO_AUXILIAR', id: aux!.id });
    pdv.aplicar(c);
    const conf = await post(
      `/api/v1/pessoa/lojas/${loja.BV01}/cargas/confirmacao`,
      { marcador: pdv.marcador },
      pdv.headers,
    );
    expect(conf.statusCode, conf.body).toBe(200);
    expect(await cargaCompleta(loja.BV01!, ana.headers)).toEqual(pdv.estado);
    // nothing new: an empty page, the same marker
    const vazio: Carga = (await cargaDe(loja.BV01!, { marcador: pdv.marcador }, pdv.headers)).json();
    expect(vazio).toMatchObject({ alterados: [], removidos: [], marcador: pdv.marcador, temMais: false });
  });

  it('never skips a change committed after a later one was read (commit order ≠ write order)', async () => {
    const [a, b] = await q<{ id: number }>('select id from preco where loja_id = $1 order by id limit 2', [loja.BV01]);
    const lento = new pg.Client({ connectionString: t.ownerUrl });
    await lento.connect();
    try {
      await lento.query(`begin; set local role ${APP_ROLE}`);
      await lento.query(`select set_config('app.assinante_id', $1, true)`, [String(assinante)]);
      await lento.query('update preco set preco_venda1 = 77.77 where id = $1', [a!.id]); // written first…
      await tenantQuery(t.ownerUrl, assinante, 'update preco set preco_venda1 = 88.88 where id = $1', [b!.id]);
      const antes: Carga = (await cargaDe(loja.BV01!, { marcador: pdv.marcador }, pdv.headers)).json();
      // …committed last: the reader waits for it rather than moving past it
      expect(antes.alterados.map((x) => x.id)).not.toContain(String(a!.id));
      pdv.aplicar(antes);
      await lento.query('commit');
    } finally {
      await lento.end();
    }
    const depois: Carga = (await cargaDe(loja.BV01!, { marcador: pdv.marcador }, pdv.headers)).json();
    pdv.aplicar(depois);
    expect(pdv.estado.get(`PRECO:${a!.id}`)?.precoVenda1).toBe('77.77');
    expect(pdv.estado.get(`PRECO:${b!.id}`)?.precoVenda1).toBe('88.88');
  });

  it('a write while the full load pages reaches the terminal afterwards', async () => {
    const novo = new PdvSimulado(loja.BV01!, ana.headers);
    const primeira = await cargaDe(loja.BV01!, { limite: 100 }, ana.headers);
    novo.aplicar(primeira.json());
    const [p] = await q<{ id: number }>('select id from preco where loja_id = $1 order by id desc limit 1', [
      loja.BV01,
    ]);
    await tenantQuery(t.ownerUrl, assinante, 'update preco set preco_venda1 = 55.55 where id = $1', [p!.id]);
    await novo.sincronizar(500);
    await novo.sincronizar(500);
    expect(novo.estado.get(`PRECO:${p!.id}`)?.precoVenda1).toBe('55.55');
  });
});

describe('Funções PDV travel to the terminals', () => {
  it('a saved matrix is a new version, pending per terminal until it confirms it', async () => {
    const lojaId = loja.BV02!;
    const pdv = new PdvSimulado(lojaId, await registrarPdv(lojaId, 5));
    await pdv.sincronizar(2000);
    const m = (
      await t.app.inject({ method: 'GET', url: `/api/v1/pdv/lojas/${lojaId}/funcoes`, headers: ana.headers })
    ).json();
    const itens = m.itens.map((i: { funcao: string; perfil: string }) =>
      i.funcao === 'DESCONTO_ITEM' && i.perfil === 'OPERADOR'
        ? { ...i, exigeAutorizacaoSupervisor: true, limite: '10' }
        : i,
    );
    const salvo = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/pdv/lojas/${lojaId}/funcoes`,
      headers: ana.headers,
      payload: { versao: m.versao, itens },
    });
    expect(salvo.statusCode, salvo.body).toBe(200);
    const versao = salvo.json().versao;
    expect(versao).toBe(m.versao + 1);
    const resumo = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/v1/pdv/funcoes', headers: ana.headers }))
        .json()
        .items.find((i: { lojaId: number }) => i.lojaId === lojaId);
    expect((await resumo()).pendentes).toBeGreaterThanOrEqual(1);
    const c: Carga = (await cargaDe(lojaId, { marcador: pdv.marcador, entidades: ['FUNCAO_PDV'] }, pdv.headers)).json();
    const f = c.alterados.find((a) => a.entidade === 'FUNCAO_PDV')!;
    expect(f.dados.versao).toBe(versao);
    expect(f.dados.itens).toContainEqual(
      expect.objectContaining({
        funcao: 'DESCONTO_ITEM',
        perfil: 'OPERADOR',
        exigeAutorizacaoSupervisor: true,
        limite: '10.00',
      }),
    );
    pdv.aplicar(c);
    const antes = (await resumo()).pendentes;
    const conf = await post(
      `/api/v1/pessoa/lojas/${lojaId}/cargas/confirmacao`,
      { marcador: pdv.marcador, versaoFuncoes: versao },
      pdv.headers,
    );
    expect(conf.statusCode, conf.body).toBe(200);
    expect((await resumo()).pendentes).toBe(antes - 1);
    // the stale version is refused; a percentage above 100 too; copying needs the destination stores
    const velho = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/pdv/lojas/${lojaId}/funcoes`,
      headers: ana.headers,
      payload: { versao: m.versao, itens },
    });
    expect(velho.statusCode).toBe(409);
    const acima = itens.map((i: { funcao: string }) => (i.funcao === 'DESCONTO_TOTAL' ? { ...i, limite: '120' } : i));
    const r = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/pdv/lojas/${lojaId}/funcoes`,
      headers: ana.headers,
      payload: { versao, itens: acima },
    });
    expect(r.statusCode).toBe(422);
    const copia = await post(`/api/v1/pdv/lojas/${lojaId}/funcoes/copia`, { lojasDestino: [loja.BV01] }, ana.headers);
    expect(copia.statusCode, copia.body).toBe(200);
    const bv01 = (
      await t.app.inject({ method: 'GET', url: `/api/v1/pdv/lojas/${loja.BV01}/funcoes`, headers: ana.headers })
    ).json();
    expect(bv01.itens).toContainEqual(
      expect.objectContaining({ funcao: 'DESCONTO_ITEM', perfil: 'OPERADOR', limite: '10.00' }),
    );
    expect(
      (await post(`/api/v1/pdv/lojas/${lojaId}/funcoes/copia`, { lojasDestino: [loja.BV01] }, gabi.headers)).statusCode,
    ).toBe(403);
  });
});

describe('payment plans travel to the terminals of the stores that may offer them', () => {
  it('the sale plans available at the POS with a condition of the store; an ended condition removes the plan there only', async () => {
    const planos = async (lojaId: number, corpo: object = {}) =>
      (await cargaDe(lojaId, { entidades: ['PLANO_PAGAMENTO'], limite: 1000, ...corpo }, ana.headers)).json() as Carga;
    // "today" is the store's own day (between 00:00 and 03:00 UTC, Brasília's is still the day before)
    const esperados = async (lojaId: number) => {
      const [local] = await q<{ uf: string; codigoIbge: string | null }>(
        `select uf, codigo_ibge as "codigoIbge" from loja where id = $1`,
        [lojaId],
      );
      const hoje = hojeNaZona(zonaDaLoja(local!));
      return (
        await q<{ id: number }>(
          `select distinct p.id from plano_pagamento p join condicao_pagamento_loja c on c.plano_pagamento_id = p.id
            where c.loja_id = $1 and c.ativo and p.ativo and p.operacao = 'VENDA' and p.disponivel_pdv
              and (c.vigencia_fim is null or c.vigencia_fim >= $2::date) order by p.id`,
          [lojaId, hoje],
        )
      ).map((r) => String(r.id));
    };
    const bv01 = await planos(loja.BV01!);
    const ids = bv01.alterados.map((a) => a.id);
    expect(ids.length).toBeGreaterThan(3);
    expect(ids).toEqual(await esperados(loja.BV01!));
    const credito = bv01.alterados.find(
      (a) => a.dados.quantidadeParcelas === 3 && a.dados.tipoPagamento === 'CARTAO_CREDITO',
    )!;
    expect(credito.dados).toMatchObject({ emVigor: true, operacao: 'VENDA' });
    expect((credito.dados.parcelas as unknown[]).length).toBe(3);
    expect(credito.dados.condicoes).toContainEqual(expect.objectContaining({ vigenciaFim: null }));
    // the crediário is enabled at BV01 but not at BV04 (demo)
    const crediario = bv01.alterados.find((a) => a.dados.tipoPagamento === 'CREDIARIO')!;
    expect((await planos(loja.BV04!)).alterados.map((a) => a.id)).not.toContain(crediario.id);

    const marcador01 = bv01.marcador;
    const marcador02 = (await planos(loja.BV02!)).marcador;
    await tenantQuery(
      t.ownerUrl,
      assinante,
      'update condicao_pagamento_loja set ativo = false where loja_id = $1 and plano_pagamento_id = $2',
      [loja.BV01, credito.id],
    );
    const depois = await planos(loja.BV01!, { marcador: marcador01 });
    expect(depois.removidos).toContainEqual({ entidade: 'PLANO_PAGAMENTO', id: credito.id });
    expect((await planos(loja.BV02!, { marcador: marcador02 })).removidos).toEqual([]);
  });
});

describe('the change log is pruned of what no active terminal needs', () => {
  it('old changes before every active terminal’s confirmed marker go; the rest stay; a marker before them is refused', async () => {
    const pdv = new PdvSimulado(loja.BV01!, await registrarPdv(loja.BV01!, 20));
    await pdv.sincronizar(2000);
    const confirmar = (m: string) =>
      post(`/api/v1/pessoa/lojas/${loja.BV01}/cargas/confirmacao`, { marcador: m }, pdv.headers);
    expect((await confirmar(pdv.marcador!)).statusCode).toBe(200);
    // a change after the confirmed marker: needed by this terminal until it confirms past it
    const [preco] = await q<{ id: number }>('select id from preco where loja_id = $1 order by id limit 1', [loja.BV01]);
    await tenantQuery(t.ownerUrl, assinante, 'update preco set preco_venda1 = 42.42 where id = $1', [preco!.id]);
    const precisa = `select count(*)::int as n from carga_alteracao t where t.assinante_id = $1 and exists (
        select 1 from dispositivo d where d.assinante_id = t.assinante_id and d.status = 'ATIVO'
           and d.marcador_confirmado is not null and (t.loja_id is null or t.loja_id = d.loja_id)
           and (t.cursor_tx, t.id) > (split_part(d.marcador_confirmado, ':', 1)::xid8,
                                      split_part(d.marcador_confirmado, ':', 2)::bigint))`;
    const [antes] = await q<{ n: number }>(precisa, [assinante]);
    const [total] = await q<{ n: number }>('select count(*)::int as n from carga_alteracao where assinante_id = $1', [
      assinante,
    ]);
    // nothing is old yet: nothing goes
    expect(await podarCarga(t.db)).toBe(0);
    // a month passes (triggers off: an update would move the rows' cursor position)
    await q(`begin; set local session_replication_role = replica;
      update carga_alteracao set registrado_em = now() - interval '30 days' where assinante_id = ${Number(assinante)};
      commit`);
    const podadas = await podarCarga(t.db);
    expect(podadas).toBeGreaterThan(0);
    const [depois] = await q<{ n: number }>(precisa, [assinante]);
    expect(depois!.n).toBe(antes!.n);
    const [resto] = await q<{ n: number }>('select count(*)::int as n from carga_alteracao where assinante_id = $1', [
      assinante,
    ]);
    expect(resto!.n).toBe(total!.n - podadas);
    // the terminal still gets its change from its marker
    const r = await cargaDe(loja.BV01!, { marcador: pdv.marcador }, pdv.headers);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().alterados).toContainEqual(expect.objectContaining({ entidade: 'PRECO', id: String(preco!.id) }));
    // a marker from before what was pruned could miss a removal: the full load again, never a silent gap
    const velho = await cargaDe(loja.BV01!, { marcador: '1:1' }, pdv.headers);
    expect(velho.statusCode).toBe(422);
    expect(JSON.stringify(velho.json())).toContain('carga completa');
  });
});

describe('a terminal’s Idempotency-Key is its own (owner d<device>)', () => {
  it('its retried confirmation replays; another terminal’s same key runs for that terminal', async () => {
    const a = new PdvSimulado(loja.BV01!, await registrarPdv(loja.BV01!, 30));
    const b = new PdvSimulado(loja.BV01!, await registrarPdv(loja.BV01!, 31));
    await a.sincronizar(5000);
    const confirmar = (pdv: PdvSimulado) =>
      post(
        `/api/v1/pessoa/lojas/${loja.BV01}/cargas/confirmacao`,
        { marcador: a.marcador },
        { ...pdv.headers, 'idempotency-key': 'confirmacao-1' },
      );
    const primeira = await confirmar(a);
    expect(primeira.statusCode, primeira.body).toBe(200);
    const repetida = await confirmar(a);
    expect(repetida.headers['idempotent-replayed']).toBe('true');
    expect(repetida.body).toBe(primeira.body);
    const outra = await confirmar(b);
    expect(outra.statusCode, outra.body).toBe(200);
    expect(outra.headers['idempotent-replayed']).toBeUndefined();
    expect(outra.json().dispositivoId).not.toBe(primeira.json().dispositivoId);
    const [d] = await q<{ n: number }>(
      'select count(*)::int as n from dispositivo where id = any($1::bigint[]) and marcador_confirmado = $2',
      [[primeira.json().dispositivoId, outra.json().dispositivoId], a.marcador],
    );
    expect(d!.n).toBe(2);
  });
});

describe('bad input: a Portuguese 4xx, nothing changed', () => {
  let pdv: Record<string, string>;
  beforeAll(async () => {
    pdv = await registrarPdv(loja.BV01!, 9);
  });
  it('another store, malformed ParamCarga, markers invalid or from the future', async () => {
    const outra = await cargaDe(loja.BV02!, {}, pdv);
    expect(outra.statusCode).toBe(403);
    expect(outra.json().message).toBe('Este dispositivo pertence a outra loja.');
    const ruim = await cargaDe(loja.BV01!, { entidades: ['XYZ'] }, pdv);
    expect(ruim.statusCode).toBe(422);
    expect(ruim.json().erros).toBeTruthy();
    expect((await cargaDe(loja.BV01!, { marcador: 'abc' }, pdv)).statusCode).toBe(422);
    const futuro = await cargaDe(loja.BV01!, { marcador: '99999999999:1' }, pdv);
    expect(futuro.statusCode).toBe(422);
    expect(JSON.stringify(futuro.json())).toContain('posterior');
    expect((await cargaDe(loja.BV02!, {}, diego.headers)).statusCode).toBe(403);
    // a user holding the permission but not the store
    expect((await cargaDe(loja.BV02!, {}, gabi.headers)).statusCode).toBe(403);
  });
  it('a revoked terminal is refused at once', async () => {
    const eu = await t.app.inject({ method: 'GET', url: '/api/v1/dispositivos/eu', headers: pdv });
    await post(`/api/v1/dispositivos/${eu.json().id}/revogar`, {}, ana.headers);
    expect((await cargaDe(loja.BV01!, {}, pdv)).statusCode).toBe(401);
  });
});

describe('the vendor SDK (XML)', () => {
  const parse = (s: string) => new XMLParser({ parseTagValue: false }).parse(s);
  it('ParamCarga with entidades/values answers Carga, one value or several', async () => {
    const h = {
      host: 'localhost',
      authorization: ana.token,
      accept: 'application/xml',
      'content-type': 'application/xml',
    };
    for (const valores of ['<values>PRECO</values>', '<values>PRECO</values><values>PRODUTO</values>']) {
      const r = await t.app.inject({
        method: 'POST',
        url: `/api/v1/pessoa/lojas/${loja.BV01}/cargas`,
        headers: h,
        payload: `<?xml version="1.0" encoding="UTF-8"?><ParamCarga><entidades>${valores}</entidades><limite>5</limite></ParamCarga>`,
      });
      expect(r.statusCode, r.body).toBe(200);
      expect(r.headers['content-type']).toMatch(/application\/xml/);
      const c = parse(r.body).Carga;
      expect(c.marcador).toBeTruthy();
      expect(c.temMais).toBe('true');
      expect(r.body).toContain('<entidade>PRECO</entidade>');
    }
    const ruim = await t.app.inject({
      method: 'POST',
      url: `/api/v1/pessoa/lojas/${loja.BV01}/cargas`,
      headers: h,
      payload: '<ParamCarga><entidades><values>NADA</values></entidades></ParamCarga>',
    });
    expect(ruim.statusCode).toBe(422);
  });
});
