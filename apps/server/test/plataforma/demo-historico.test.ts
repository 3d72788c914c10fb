/**
 * Demo history on demand (POST /api/v1/plataforma/demo/historico → the job demo.historico): a 10-day run
 * posts every store's 10 business days through the ledger, with balances, daily balances, per-day
 * summaries and averages equal to what the movements say; a second run over the same days adds nothing;
 * only administrators start it; the other tenant is untouched.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminQuery, createTestApp, type TestApp } from '../helpers/app';
import { type LoginResult, login } from '../helpers/auth';

let t: TestApp;
let ana: LoginResult;

interface TarefaApi {
  status: string;
  progresso: { feito: number; total: number; fase: string | null };
  resultado?: { dias: number; diasLoja: number; movimentos: number };
  titulo: string | null;
}

const q = async <T extends Record<string, unknown>>(texto: string, params: unknown[] = []) =>
  (await adminQuery<T>(t.ownerUrl, texto, params)).rows;

async function concluir(tarefaId: string): Promise<TarefaApi> {
  const fim = Date.now() + 60_000;
  for (;;) {
    const r = await t.app.inject({ method: 'GET', url: `/api/v1/tarefas/${tarefaId}`, headers: ana.headers });
    const tarefa = r.json<TarefaApi>();
    if (!['PENDENTE', 'PROCESSANDO'].includes(tarefa.status)) return tarefa;
    if (Date.now() > fim) throw new Error(`tarefa não terminou: ${r.body}`);
    await new Promise((ok) => setTimeout(ok, 200));
  }
}

const gerar = (dias: number, quem: Pick<LoginResult, 'headers'> = ana) =>
  t.app.inject({ method: 'POST', url: '/api/v1/plataforma/demo/historico', headers: quem.headers, payload: { dias } });

/** A fingerprint of one tenant's stock state (ledger and every derived table). */
const retrato = (assinanteId: number) =>
  q(
    `select (select count(*) from movimento_estoque where assinante_id = $1)::int as movimentos,
            (select coalesce(sum(quantidade), 0)::text from saldo_estoque where assinante_id = $1) as saldo,
            (select count(*) from saldo_estoque_dia where assinante_id = $1)::int as dias,
            (select count(*) from movimento_estoque_resumo_dia where assinante_id = $1)::int as resumos,
            (select coalesce(sum(custo_medio), 0)::text from custo_medio_estoque where assinante_id = $1) as custos,
            (select count(*) from historico_demo_dia where assinante_id = $1)::int as marcas`,
    [assinanteId],
  );

beforeAll(async () => {
  process.env.JOBS_POLLING_S = '1';
  t = await createTestApp();
  ana = await login(t, 'ana.admin');
});
afterAll(() => t?.close());

describe('histórico de demonstração sob demanda', () => {
  it('10 dias: 202, progresso até 100 %, 10 dias por loja e saldos iguais à soma dos movimentos', async () => {
    const outro = await retrato(2);
    const comChave = { headers: { ...ana.headers, 'idempotency-key': 'historico-10' } };
    const res = await gerar(10, comChave);
    expect(res.statusCode).toBe(202);
    const { tarefaId } = res.json<{ tarefaId: string }>();
    expect(res.headers.location).toBe(`/api/v1/tarefas/${tarefaId}`);
    // a retry of the same request (same key) answers the same job, never a second one
    const retry = await gerar(10, comChave);
    expect(retry.statusCode).toBe(202);
    expect(retry.json().tarefaId).toBe(tarefaId);
    // one open run per tenant: another request is refused
    const segunda = await gerar(10);
    expect(segunda.statusCode).toBe(409);
    expect(segunda.json().message).toMatch(/em andamento/);

    const tarefa = await concluir(tarefaId);
    expect(tarefa.status).toBe('CONCLUIDO');
    expect(tarefa.titulo).toBe('Histórico de demonstração (10 dias)');
    expect(tarefa.progresso).toMatchObject({ feito: 10, total: 10 });
    expect(tarefa.progresso.fase).toMatch(/^[\d.]+ movimentos$/);
    const lojas = await q<{ lojaId: number }>(
      `select distinct loja_id as "lojaId" from local_estoque where assinante_id = 1 and tipo = 'LOJA' and ativo`,
    );
    expect(tarefa.resultado).toMatchObject({ dias: 10, diasLoja: lojas.length * 10 });
    expect(tarefa.resultado!.movimentos).toBeGreaterThan(lojas.length * 10 * 40);

    // 10 business days per store, the last one yesterday (São Paulo's zone for these stores)
    const porLoja = await q<{ dias: number; ultimo: string; movimentos: number; tipos: string[] }>(
      `select count(distinct data)::int as dias, max(data)::text as ultimo, count(*)::int as movimentos,
              array_agg(distinct tipo order by tipo) as tipos
         from movimento_estoque where assinante_id = 1 and documento_tipo = 'DEMO_HISTORICO' group by loja_id`,
    );
    expect(porLoja).toHaveLength(lojas.length);
    const { ontem } = (
      await q<{ ontem: string }>(`select ((now() at time zone 'America/Sao_Paulo')::date - 1)::text as ontem`)
    )[0]!;
    for (const l of porLoja) {
      expect(l).toMatchObject({ dias: 10, ultimo: ontem });
      expect(l.tipos).toEqual(expect.arrayContaining(['ENTRADA_NF', 'VENDA', 'TRANSFERENCIA_ENTRADA']));
    }
    expect(porLoja.reduce((s, l) => s + l.movimentos, 0)).toBe(tarefa.resultado!.movimentos);
    // the day markers say exactly what was posted per store-day (whole days only)
    const marcas = await q(
      `select h.loja_id, h.data, h.movimentos, m.n from historico_demo_dia h
         full join (select loja_id, data, count(*)::int as n from movimento_estoque
                     where assinante_id = 1 and documento_tipo = 'DEMO_HISTORICO' group by 1, 2) m using (loja_id, data)
        where (h.assinante_id = 1 or h.assinante_id is null) and h.movimentos is distinct from m.n`,
    );
    expect(marcas).toEqual([]);

    // balances = the sum of the movements, per store/location/product (current, daily, summaries, averages)
    const saldos = await q(
      `with m as (select loja_id, local_id, produto_id, sum(quantidade) as q from movimento_estoque
                   where assinante_id = 1 group by 1, 2, 3)
       select m.*, s.quantidade from m full join (select * from saldo_estoque where assinante_id = 1) s
              using (loja_id, local_id, produto_id)
        where m.q is distinct from s.quantidade`,
    );
    expect(saldos).toEqual([]);
    const divergencias = await q(
      `select d.loja_id, d.local_id, d.produto_id, d.data, d.saldo from saldo_estoque_dia d
        where d.assinante_id = 1 and d.saldo <> (select sum(x.quantidade) from movimento_estoque x
               where x.assinante_id = 1 and x.loja_id = d.loja_id and x.local_id = d.local_id
                 and x.produto_id = d.produto_id and x.data <= d.data)`,
    );
    expect(divergencias).toEqual([]);
    const resumos = await q(
      `with m as (select loja_id, local_id, produto_id, data, sum(greatest(quantidade, 0)) as e,
                         sum(greatest(-quantidade, 0)) as s, count(*)::int as n
                    from movimento_estoque where assinante_id = 1 group by 1, 2, 3, 4)
       select * from m full join (select * from movimento_estoque_resumo_dia where assinante_id = 1) r
              using (loja_id, local_id, produto_id, data)
        where m.e is distinct from r.entradas or m.s is distinct from r.saidas or m.n is distinct from r.movimentos`,
    );
    expect(resumos).toEqual([]);
    const custos = await q(
      `select c.loja_id, c.produto_id from custo_medio_estoque c
        where c.assinante_id = 1 and (
          c.quantidade <> (select sum(quantidade) from movimento_estoque x
                            where x.assinante_id = 1 and x.loja_id = c.loja_id and x.produto_id = c.produto_id)
          or c.custo_medio <> (select custo_medio_apos from movimento_estoque x
                                where x.assinante_id = 1 and x.loja_id = c.loja_id and x.produto_id = c.produto_id
                                order by id desc limit 1))
       union all
       select d.loja_id, d.produto_id from custo_medio_dia d
        where d.assinante_id = 1 and d.custo_medio <> (select custo_medio_apos from movimento_estoque x
               where x.assinante_id = 1 and x.loja_id = d.loja_id and x.produto_id = d.produto_id and x.data = d.data
               order by id desc limit 1)`,
    );
    expect(custos).toEqual([]);
    // purchases sized to demand: no balance below zero, and exits never leave at a zero cost. The plan sizes them
    // to its own sales: products the seed's POS uploads (the NFC-e demo) also sold are outside it
    const negativos = await q(`select * from saldo_estoque s where assinante_id = 1 and quantidade < 0
      and not exists (select 1 from item_cupom_fiscal i join documento_nfce d on d.assinante_id = i.assinante_id
                        and d.cupom_id = i.cupom_id and d.data = i.data
                       where i.assinante_id = 1 and i.loja_id = s.loja_id and i.produto_id = s.produto_id)`);
    expect(negativos).toEqual([]);
    const semCusto = await q(
      `select count(*)::int as n from movimento_estoque
        where assinante_id = 1 and documento_tipo = 'DEMO_HISTORICO' and custo_unitario <= 0`,
    );
    expect(semCusto[0]!.n).toBe(0);

    // the balance API as of a past day agrees with the ledger
    const [k] = await q<{ lojaId: number; produtoId: number; data: string; soma: string }>(
      `select loja_id as "lojaId", produto_id as "produtoId", (max(data) - 3)::text as data,
              (select sum(x.quantidade) from movimento_estoque x where x.assinante_id = 1 and x.loja_id = m.loja_id
                  and x.produto_id = m.produto_id and x.data <= max(m.data) - 3)::text as soma
         from movimento_estoque m where assinante_id = 1 and documento_tipo = 'DEMO_HISTORICO'
        group by loja_id, produto_id order by 1, 2 limit 1`,
    );
    const naData = await t.app.inject({
      method: 'GET',
      url: `/api/v1/estoque/saldos?q=lojaId==${k!.lojaId};produtoId==${k!.produtoId}&data=${k!.data}`,
      headers: ana.headers,
    });
    expect(naData.statusCode).toBe(200);
    const linhas = naData.json<{ items: { quantidade: string }[] }>().items;
    expect(linhas.reduce((s, l) => s + Number(l.quantidade), 0)).toBe(Number(k!.soma));

    // the owner is told when it ends (the bell)
    const avisos = await q<{ corpo: string }>(
      `select corpo from notificacao n join usuario u on u.assinante_id = n.assinante_id and u.id = n.usuario_id
        where n.assinante_id = 1 and u.username = 'ana.admin' and n.titulo = 'Histórico de demonstração gerado'`,
    );
    expect(avisos.map((a) => a.corpo)).toEqual([expect.stringMatching(/ movimentos de estoque em \d+ dias de loja/)]);

    // the other tenant's stock is untouched
    expect(await retrato(2)).toEqual(outro);
  });

  it('uma segunda execução sobre os mesmos dias não acrescenta nada; uma mais longa só os dias que faltam', async () => {
    const antes = await retrato(1);
    const res = await gerar(10);
    expect(res.statusCode).toBe(202);
    const tarefa = await concluir(res.json<{ tarefaId: string }>().tarefaId);
    expect(tarefa).toMatchObject({ status: 'CONCLUIDO', resultado: { diasLoja: 0, movimentos: 0 } });
    expect(tarefa.progresso).toMatchObject({ feito: 10, total: 10 });
    expect(await retrato(1)).toEqual(antes);

    // what a run killed after 10 of 12 days leaves, continued: only the 2 missing days are posted
    const mais = await concluir((await gerar(12)).json<{ tarefaId: string }>().tarefaId);
    expect(mais.resultado).toMatchObject({ diasLoja: (2 * (antes[0]!.marcas as number)) / 10 });
    const dias = await q<{ n: number }>(
      `select count(distinct data)::int as n from movimento_estoque
        where assinante_id = 1 and documento_tipo = 'DEMO_HISTORICO' group by loja_id`,
    );
    expect(dias.map((d) => d.n)).toEqual(dias.map(() => 12));
  });

  it('somente administradores: 403 para os demais, nada enfileirado', async () => {
    const diego = await login(t, 'diego.estoque');
    const res = await gerar(5, diego);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBeTruthy();
    const abertas = await q(
      `select 1 from tarefa where tipo = 'demo.historico' and status in ('PENDENTE', 'PROCESSANDO')`,
    );
    expect(abertas).toEqual([]);
  });

  it('um assinante que não é de demonstração: 403, nada enfileirado (vendas inventadas no estoque real)', async () => {
    // Mercadão answered only at a host of its own: a real chain as far as the product can tell
    await q(`update assinante set hosts = '{mercado-real.localhost}' where 'mercadao.localhost' = any (hosts)`);
    try {
      const marta = await login(t, 'marta.admin', 'mercado-real.localhost');
      const res = await gerar(5, marta);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('O histórico de demonstração só pode ser gerado nos assinantes de demonstração.');
      const abertas = await q(
        `select 1 from tarefa where tipo = 'demo.historico' and status in ('PENDENTE', 'PROCESSANDO')`,
      );
      expect(abertas).toEqual([]);
    } finally {
      await q(`update assinante set hosts = '{mercadao.localhost}' where 'mercado-real.localhost' = any (hosts)`);
    }
  });

  it('dias fora do intervalo: 422 com a razão do campo', async () => {
    const res = await gerar(0);
    expect(res.statusCode).toBe(422);
    expect(res.json().reasons).toEqual(['Dias: informe de 1 a 1.096 dias.']);
  });
});
