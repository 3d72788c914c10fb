/**
 * Store-scope matrix (architecture §7.12): every list and command whose rows carry a store, run by a
 * user holding only BV02 with every permission (administrators hold every store). Rows of other stores are neither listed, counted nor changed; a command touching
 * them is 403 naming the stores (or 404 when the record is wholly another store's). The routes come
 * from the OpenAPI document: a route whose query, body or answer names a store and that has no case
 * here (nor a stated reason) fails the meta test, so a new endpoint joins the matrix.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminQuery, type TestApp, tenantQuery } from '../helpers/app';
import { type LoginResult, login } from '../helpers/auth';
import { createRegistersApp } from '../registers/support';
import { hojeNaZona, montarChaveAcesso } from '@retaguarda/domain';
import { type Fx, type FxEstoque, prepararEstoque, prepararLotes, type Quem } from './matriz-escopo-support';
import { casosDePainel } from './matriz-escopo-painel';

let t: TestApp;
let ana: LoginResult;
const quem: Quem[] = [];
let fx: Fx;
let ex: FxEstoque;

type Caso = (p: Quem) => Promise<void>;

const call = (p: { headers: Record<string, string> }, method: string, url: string, payload?: unknown) =>
  t.app.inject({
    method: method as 'GET',
    url,
    headers: p.headers,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const q = async <T extends Record<string, unknown>>(text: string, params: unknown[] = []) =>
  (await tenantQuery<T>(t.ownerUrl, fx.assinante, text, params)).rows;

/** routes that name stores without carrying store rows */
const SEM_LINHAS_DE_LOJA: Record<string, string> = {
  'GET /api/v1/eumesmo': 'as lojas do próprio usuário',
  'GET /api/v1/pessoa/usuarios/{id}': 'cadastro de usuários (administradores): as lojas são o acesso do usuário',
  'POST /api/v1/usuarios': 'cadastro de usuários (administradores)',
  'PUT /api/v1/usuarios/{id}': 'cadastro de usuários (administradores)',
  'GET /api/v1/administracao/chaves-integracao': 'chaves de integração (administradores): o acesso da chave',
  'POST /api/v1/administracao/chaves-integracao': 'chaves de integração (administradores)',
  'GET /api/v1/administracao/chaves-integracao/{id}': 'chaves de integração (administradores)',
  'GET /api/v1/dispositivos/eu': 'o próprio dispositivo (só a credencial de dispositivo, presa à sua loja)',
  'POST /api/v1/dispositivos/registro': 'sem usuário: o token de QR, gerado por quem tem a loja, decide a loja',
};

/** the answer is 403 and names exactly these stores */
function recusa403(r: { statusCode: number; body: string }, siglas: string[]) {
  expect(r.statusCode, r.body).toBe(403);
  const msg = JSON.parse(r.body).message as string;
  for (const s of siglas) expect(msg).toContain(s);
  expect(msg).not.toContain('BV02');
}

/** every item of the list is of the user's store (fields naming a store) */
function soDaLoja(items: Record<string, unknown>[], campos: string[], loja: number) {
  for (const it of items) {
    const lojas = campos.map((c) => it[c]).filter((v) => v !== null && v !== undefined);
    expect(lojas.length === 0 || lojas.includes(loja), JSON.stringify(it)).toBe(true);
  }
}

async function lista(p: Quem, url: string, campos: string[], filtro?: string) {
  const sep = url.includes('?') ? '&' : '?';
  const r = await call(p, 'GET', `${url}${sep}count=1000`);
  expect(r.statusCode, r.body).toBe(200);
  soDaLoja(r.json().items, campos, fx.lojas.BV02!);
  if (filtro) {
    const f = await call(p, 'GET', `${url}${sep}q=${filtro}=in=(${fx.lojas.BV01},${fx.lojas.BV03})`);
    expect(f.statusCode, f.body).toBe(200);
    expect(f.json()).toMatchObject({ total: 0, items: [] });
  }
}

const LOTES = '/api/v1/fiscal/lotes-inconsistencia';
const statusDe = async (id: number) =>
  (await q<{ status: string }>('select status from lote_inconsistencia where id = $1', [id]))[0]!.status;
const propostasPorLoja = async (id: number) =>
  Object.fromEntries(
    (
      await q<{ sigla: string; n: number }>(
        `select lj.sigla, count(i.valor_proposto)::int as n from lote_inconsistencia_item i join loja lj on lj.id = i.loja_id
          where i.lote_id = $1 group by lj.sigla`,
        [id],
      )
    ).map((r) => [r.sigla, r.n]),
  );

const CASOS: Record<string, Caso> = {
  'POST /api/v1/produto/impressao-etiqueta': async (p) => {
    const [produto] = await q<{ id: number }>('select id from produto order by id limit 1');
    const lojas = [fx.lojas.BV01, fx.lojas.BV02, fx.lojas.BV03];
    recusa403(await call(p, 'POST', '/api/v1/produto/impressao-etiqueta', { lojas, produtos: [produto!.id] }), [
      'BV01',
      'BV03',
    ]);
  },
  'POST /api/v1/fiscal/lotes-inconsistencia': async (p) => {
    const r = await call(p, 'POST', LOTES, {
      descricao: 'Escopo: BV01 e BV03',
      tipoInconsistencia: 'SEM_REGIME_ESTADUAL_LOJA',
      filtros: { marcaId: fx.marca, lojas: [fx.lojas.BV01, fx.lojas.BV02, fx.lojas.BV03] },
    });
    recusa403(r, ['BV01', 'BV03']);
  },
  'GET /api/v1/fiscal/lotes-inconsistencia': async (p) => {
    const r = await call(p, 'GET', `${LOTES}?count=1000`);
    const ids = r.json().items.map((l: { id: number }) => l.id);
    expect(ids).toContain(fx.loteTodas);
    expect(ids).not.toContain(fx.loteBv01);
    // the administrator proposed on BV01's rows only: not counted for a BV02 user
    const todas = r.json().items.find((l: { id: number }) => l.id === fx.loteTodas);
    expect(todas.quantidadePropostos).toBe(0);
    const total = (await call(p, 'GET', `${LOTES}?q=id=in=(${fx.loteTodas},${fx.loteBv01})`)).json().total;
    expect(total).toBe(1);
  },
  'GET /api/v1/fiscal/lotes-inconsistencia/{id}': async (p) => {
    expect((await call(p, 'GET', `${LOTES}/${fx.loteBv01}`)).statusCode).toBe(404);
    const r = await call(p, 'GET', `${LOTES}/${fx.loteTodas}`);
    expect(r.json()).toMatchObject({ quantidadePropostos: 0, quantidadeProdutos: fx.produtos });
    const fim = (await call(p, 'GET', `${LOTES}/${fx.loteFinalizado}`)).json();
    expect(fim).toMatchObject({ status: 'FINALIZADO', quantidadePropostos: fx.produtos });
  },
  'GET /api/v1/fiscal/lotes-inconsistencia/{id}/itens': async (p) => {
    expect((await call(p, 'GET', `${LOTES}/${fx.loteBv01}/itens`)).statusCode).toBe(404);
    await lista(p, `${LOTES}/${fx.loteTodas}/itens`, ['lojaId'], 'lojaId');
    const r = (await call(p, 'GET', `${LOTES}/${fx.loteTodas}/itens`)).json();
    expect(r.total).toBe(fx.produtos);
  },
  'GET /api/v1/fiscal/lotes-inconsistencia/{id}/alteracoes': async (p) => {
    expect((await call(p, 'GET', `${LOTES}/${fx.loteBv01}/alteracoes`)).statusCode).toBe(404);
    await lista(p, `${LOTES}/${fx.loteFinalizado}/alteracoes`, ['lojaId']);
    expect((await call(p, 'GET', `${LOTES}/${fx.loteFinalizado}/alteracoes`)).json().total).toBe(fx.produtos);
  },
  'POST /api/v1/fiscal/lotes-inconsistencia/{id}/propostas': async (p) => {
    const antes = await propostasPorLoja(fx.loteTodas);
    const url = `${LOTES}/${fx.loteTodas}/propostas`;
    recusa403(await call(p, 'POST', url, { itens: [{ itemId: fx.itemBv01, valor: String(fx.regime.BV01) }] }), [
      'BV01',
    ]);
    recusa403(await call(p, 'POST', url, { valor: String(fx.regime.BV01), lojaId: fx.lojas.BV01 }), ['BV01']);
    expect((await call(p, 'POST', `${LOTES}/${fx.loteBv01}/propostas`, { valor: '1' })).statusCode).toBe(404);
    expect(await propostasPorLoja(fx.loteTodas)).toEqual(antes);
    // "every row" is every row of the user's stores
    const todas = await call(p, 'POST', url, { valor: String(fx.regime.BV02) });
    expect(todas.statusCode, todas.body).toBe(200);
    expect(todas.json().atualizados).toBe(fx.produtos);
    expect(await propostasPorLoja(fx.loteTodas)).toEqual({ ...antes, BV02: fx.produtos });
  },
  'POST /api/v1/fiscal/lotes-inconsistencia/{id}/analise': async (p) => {
    recusa403(await call(p, 'POST', `${LOTES}/${fx.loteTodas}/analise`), ['BV01', 'BV03', 'BV04']);
    expect(await statusDe(fx.loteTodas)).toBe('RASCUNHO');
    expect((await call(p, 'POST', `${LOTES}/${fx.loteBv01}/analise`)).statusCode).toBe(404);
  },
  'POST /api/v1/fiscal/lotes-inconsistencia/{id}/finalizacao': async (p) => {
    recusa403(await call(p, 'POST', `${LOTES}/${fx.loteEmAnalise}/finalizacao`), ['BV01', 'BV03', 'BV04']);
    expect(await statusDe(fx.loteEmAnalise)).toBe('EM_ANALISE');
    const [{ n }] = (await q<{ n: number }>(
      'select count(*)::int as n from lote_inconsistencia_alteracao where lote_id = $1',
      [fx.loteEmAnalise],
    )) as [{ n: number }];
    expect(n).toBe(0);
  },
  'POST /api/v1/fiscal/lotes-inconsistencia/{id}/cancelamento': async (p) => {
    recusa403(await call(p, 'POST', `${LOTES}/${fx.loteEmAnalise}/cancelamento`), ['BV01', 'BV03', 'BV04']);
    expect(await statusDe(fx.loteEmAnalise)).toBe('EM_ANALISE');
  },
  'GET /api/v1/fiscal/inconsistencias': async (p) => {
    const items = (await call(p, 'GET', '/api/v1/fiscal/inconsistencias')).json().items as {
      tipoInconsistencia: string;
      quantidade: number;
    }[];
    const [{ n }] = (await q<{ n: number }>(
      `select count(*)::int as n from inconsistencia_produto where tipo = 'SEM_REGIME_ESTADUAL_LOJA'
        and resolvida_em is null and (loja_id is null or loja_id = $1)`,
      [fx.lojas.BV02],
    )) as [{ n: number }];
    expect(items.find((i) => i.tipoInconsistencia === 'SEM_REGIME_ESTADUAL_LOJA')?.quantidade).toBe(n);
  },
  ...casosDeEstoque(),
  ...casosDePedidos(),
  ...casosDeNfce(),
  ...casosDeInventario(),
  ...casosDeRequisicao(),
  ...casosDeFrenteDeLoja(),
  ...casosDeCompras(),
  ...casosDeNfceMonitor(),
  ...casosDePainel(() => ({ call, ana: { nome: 'ana.admin', headers: ana.headers }, lojas: fx.lojas })),
  ...casosDeAcordos(),
  // the sales-upload inconsistencies: a BV02 user neither sees nor reprocesses BV01's pending sales
  'GET /api/v1/pdv/inconsistencias-subida': async (p) => {
    const r = await call(p, 'GET', '/api/v1/pdv/inconsistencias-subida');
    expect(r.statusCode, r.body).toBe(200);
    for (const i of r.json().items as { lojas: number[] }[]) expect(i.lojas).toEqual([fx.lojas.BV02]);
    const bv01 = await call(p, 'GET', `/api/v1/pdv/inconsistencias-subida?lojaId=${fx.lojas.BV01}`);
    expect(bv01.json().items).toEqual([]);
  },
  'GET /api/v1/pdv/inconsistencias-subida/{codigo}/transacoes': async (p) => {
    const url = '/api/v1/pdv/inconsistencias-subida/PRODUTO_NAO_CADASTRADO/transacoes';
    await lista(p, url, ['lojaId']);
    expect((await call(p, 'GET', `${url}?lojaId=${fx.lojas.BV01}`)).json().total).toBe(0);
  },
  'POST /api/v1/pdv/inconsistencias-subida/reprocessamento': async (p) => {
    const ids = (
      await q<{ id: string }>(
        `select id::text from subida_venda_transacao where loja_id = $1 and status = 'PENDENTE'`,
        [fx.lojas.BV01],
      )
    ).map((r) => Number(r.id));
    const r = await call(p, 'POST', '/api/v1/pdv/inconsistencias-subida/reprocessamento', {
      ids: ids.length ? ids : [1],
    });
    expect(r.statusCode, r.body).toBe(422);
    const depois = await q<{ n: number }>(
      `select count(*)::int n from subida_venda_transacao where loja_id = $1 and status = 'PENDENTE'`,
      [fx.lojas.BV01],
    );
    expect(depois[0]!.n).toBe(ids.length);
  },
  'POST /api/v1/pdv/inconsistencias-subida/reprocessamento-codigo': async (p) => {
    const r = await call(p, 'POST', '/api/v1/pdv/inconsistencias-subida/reprocessamento-codigo', {
      tipoErro: 'PRODUTO_NAO_CADASTRADO',
      lojaId: fx.lojas.BV01,
    });
    expect(r.statusCode, r.body).toBe(422);
  },
  // administrators only (they hold every store): a store-scoped user never rebuilds BV01's aggregates
  'POST /api/v1/pdv/resumos-venda/reconstrucao': async (p) => {
    const r = await call(p, 'POST', '/api/v1/pdv/resumos-venda/reconstrucao', {
      lojaId: fx.lojas.BV01,
      dataInicio: '2026-01-01',
      dataFim: '2026-01-31',
    });
    expect(r.statusCode, r.body).toBe(403);
  },
  // a BV01 sale sent by a BV02 user: its own 422 result (the batch has no other: 422), nothing stored
  'POST /api/v1/pdv/vendas': async (p) => {
    const cupom = {
      lojaId: fx.lojas.BV01,
      numeroCaixa: 11,
      sequencial: 990001,
      dataHoraAberturaCupom: '2026-11-20T10:00:00',
      valor: '1.00',
      itensVenda: [{ sequencia: 1, produtoId: 1, quantidadeVenda: '1', valorUnidade: '1', valorTotal: '1.00' }],
    };
    const r = await call(p, 'POST', '/api/v1/pdv/vendas', { cupons: [cupom] });
    expect(r.statusCode, r.body).toBe(422);
    expect(r.body).toContain(String(fx.lojas.BV01));
    const n = await q<{ n: number }>(
      `select (select count(*) from cupom_fiscal_chave where sequencial = 990001)::int
            + (select count(*) from subida_venda_transacao where numero_cupom = 990001)::int as n`,
    );
    expect(n[0]!.n).toBe(0);
  },
  // a BV01 drawer's operation sent by a BV02 user: its own refusal (the batch has no other: 422), nothing stored
  'POST /api/v1/pdv/operacoes-caixa': async (p) => {
    const op = {
      lojaId: fx.lojas.BV01,
      numeroCaixa: 11,
      sequencial: 990002,
      tipo: 'SANGRIA',
      dataHora: '2026-11-20T10:00:00',
      valor: '1.00',
    };
    const r = await call(p, 'POST', '/api/v1/pdv/operacoes-caixa', { operacoes: [op] });
    expect(r.statusCode, r.body).toBe(422);
    expect(r.body).toContain(String(fx.lojas.BV01));
    expect(await q(`select 1 from operacao_caixa_pdv where sequencial = 990002`)).toHaveLength(0);
  },
  'GET /api/v1/pdv/caixas/resumo': async (p) =>
    recusa403(await call(p, 'GET', `/api/v1/pdv/caixas/resumo?lojaId=${fx.lojas.BV01}`), []),
  // settings kit: a store's value, and the tenant's value of a store-scoped parameter (it reaches every store)
  'GET /api/v1/configuracoes': async (p) =>
    recusa403(await call(p, 'GET', `/api/v1/configuracoes?area=estoque&lojaId=${fx.lojas.BV01}`), []),
  'PUT /api/v1/configuracoes/{chave}': async (p) =>
    recusa403(await call(p, 'PUT', '/api/v1/configuracoes/fiscal.prazoCancelamentoNfce', { valor: 10 }), ['BV01']),
  'PUT /api/v1/configuracoes/{chave}/lojas/{lojaId}': async (p) =>
    recusa403(
      await call(p, 'PUT', `/api/v1/configuracoes/fiscal.prazoCancelamentoNfce/lojas/${fx.lojas.BV01}`, { valor: 10 }),
      [],
    ),
  'POST /api/v1/produto/codigos/resolucao': async (p) => {
    const corpo = { lojaId: fx.lojas.BV01, codigos: [String(ex.produto)] };
    recusa403(await call(p, 'POST', '/api/v1/produto/codigos/resolucao', corpo), ['BV01']);
  },
  'POST /api/v1/produto/coletor/leituras': async (p) => {
    const corpo = { lojaId: fx.lojas.BV01, texto: `${ex.produto};1\n` };
    recusa403(await call(p, 'POST', '/api/v1/produto/coletor/leituras', corpo), []);
  },
  'GET /api/v1/pdv/erros-subida-venda': (p) => lista(p, '/api/v1/pdv/erros-subida-venda', ['lojaId']),
  'POST /api/v1/fiscal/cenarios-fiscais/simular': async (p) => {
    const corpo = {
      produtoId: ex.produto,
      lojaId: fx.lojas.BV01,
      tipoOperacao: 'VENDA',
      modelo: '65',
      ufDestino: 'PR',
      data: ex.hoje,
      valor: '100.00',
    };
    recusa403(await call(p, 'POST', '/api/v1/fiscal/cenarios-fiscais/simular', corpo), []);
  },
  'GET /api/v1/fiscal/cenarios-fiscais/cobertura': async (p) => {
    const url = '/api/v1/fiscal/cenarios-fiscais/cobertura';
    recusa403(await call(p, 'GET', `${url}?lojaId=${fx.lojas.BV01}`), []);
    await lista(p, url, ['lojaId']);
  },
};

/** the stock routes: store-pinned commands refused, lists of the user's stores only */
function casosDeEstoque(): Record<string, Caso> {
  const ES = '/api/v1/estoque';
  const daLoja =
    (acao: string, metodo = 'POST', corpo?: (loja: number) => object) =>
    async (p: Quem) =>
      recusa403(await call(p, metodo, `${ES}/lojas/${fx.lojas.BV01}/${acao}`, corpo?.(fx.lojas.BV01!)), []);
  const transferencia = async () =>
    (await q<{ status: string }>('select status from transferencia_estoque where id = $1', [ex.transferencia]))[0]!
      .status;
  const extrato = () => `produtoId=${ex.produto}&lojaId=${fx.lojas.BV01}&de=${ex.hoje}&ate=${ex.hoje}`;
  return {
    'GET /api/v1/estoque/lojas': (p) => lista(p, `${ES}/lojas`, ['lojaId']),
    'GET /api/v1/estoque/lojas/{id}/fechamento': daLoja('fechamento', 'GET'),
    'POST /api/v1/estoque/lojas/{id}/fechamento': daLoja('fechamento', 'POST', (l) => ({
      lojaId: l,
      fechadoAte: '2026-01-01',
    })),
    'POST /api/v1/estoque/lojas/{id}/reabertura': daLoja('reabertura', 'POST', (l) => ({
      lojaId: l,
      fechadoAte: null,
    })),
    'GET /api/v1/estoque/lojas/{id}/configuracao': daLoja('configuracao', 'GET'),
    'POST /api/v1/estoque/lojas/{id}/configuracao': daLoja('configuracao', 'POST', (l) => ({
      lojaId: l,
      permiteSaldoNegativo: false,
    })),
    'POST /api/v1/estoque/lojas/{id}/recalculo-custo-medio': daLoja('recalculo-custo-medio', 'POST', (l) => ({
      lojaId: l,
      desde: ex.hoje,
    })),
    'POST /api/v1/estoque/ajustes': async (p) =>
      recusa403(await call(p, 'POST', `${ES}/ajustes`, ex.corpoAjuste(fx.lojas.BV01!, ex.local.BV01!)), []),
    'GET /api/v1/estoque/ajustes': (p) => lista(p, `${ES}/ajustes`, ['lojaId'], 'lojaId'),
    'GET /api/v1/estoque/ajustes/{id}': async (p) =>
      expect((await call(p, 'GET', `${ES}/ajustes/${ex.ajusteBv01}`)).statusCode).toBe(404),
    'GET /api/v1/estoque/movimentos': (p) => lista(p, `${ES}/movimentos`, ['lojaId'], 'lojaId'),
    'GET /api/v1/estoque/saldos': (p) => lista(p, `${ES}/saldos`, ['lojaId'], 'lojaId'),
    'GET /api/v1/estoque/saldos/totais': async (p) => {
      const r = await call(p, 'GET', `${ES}/saldos/totais`);
      expect(r.statusCode, r.body).toBe(200);
      soDaLoja(r.json().items, ['lojaId'], fx.lojas.BV02!);
      const f = await call(p, 'GET', `${ES}/saldos/totais?q=lojaId=in=(${fx.lojas.BV01},${fx.lojas.BV03})`);
      expect(f.json()).toEqual({ items: [] });
    },
    'GET /api/v1/estoque/extrato': async (p) => recusa403(await call(p, 'GET', `${ES}/extrato?${extrato()}`), []),
    'POST /api/v1/estoque/extrato/relatorio': async (p) =>
      recusa403(await call(p, 'POST', `${ES}/extrato/relatorio?${extrato()}`), []),
    'POST /api/v1/estoque/transferencias': async (p) => {
      const corpo = ex.corpoTransferencia(fx.lojas.BV01!, ex.local.BV01!, fx.lojas.BV02!, ex.local.BV02!);
      recusa403(await call(p, 'POST', `${ES}/transferencias`, corpo), []);
    },
    'GET /api/v1/estoque/transferencias': async (p) => {
      await lista(p, `${ES}/transferencias`, ['lojaOrigemId', 'lojaDestinoId']);
      const ids = (await call(p, 'GET', `${ES}/transferencias?count=1000`))
        .json()
        .items.map((i: { id: number }) => i.id);
      expect(ids).not.toContain(ex.transferencia);
    },
    'GET /api/v1/estoque/transferencias/{id}': async (p) =>
      expect((await call(p, 'GET', `${ES}/transferencias/${ex.transferencia}`)).statusCode).toBe(404),
    'POST /api/v1/estoque/transferencias/{id}/receber': async (p) => {
      const r = await call(p, 'POST', `${ES}/transferencias/${ex.transferencia}/receber`, {});
      expect([403, 404], r.body).toContain(r.statusCode);
      expect(await transferencia()).toBe('EM_TRANSITO');
    },
    'POST /api/v1/estoque/transferencias/{id}/cancelar': async (p) => {
      const r = await call(p, 'POST', `${ES}/transferencias/${ex.transferencia}/cancelar`, {});
      expect([403, 404], r.body).toContain(r.statusCode);
      expect(await transferencia()).toBe('EM_TRANSITO');
    },
  };
}

/** Inventories: a BV01 inventory (made by the administrator) is neither listed, read nor moved by a BV02 user. */
function casosDeInventario(): Record<string, Caso> {
  const IN = '/api/v1/estoque/inventarios';
  let corpo: Record<string, unknown> | undefined;
  let inventario: number | undefined;
  const preparar = async () => {
    if (inventario) return inventario;
    const [l] = await q<{ id: number; agora: string }>(
      `select id, to_char(now() at time zone 'America/Sao_Paulo', 'YYYY-MM-DD"T"HH24:MI:SS') as agora
         from local_estoque where loja_id = $1 and tipo = 'DEPOSITO' and ativo order by id limit 1`,
      [fx.lojas.BV01],
    );
    corpo = { lojaId: fx.lojas.BV01, localId: l!.id, descricao: 'Escopo', tipo: 'GERAL', dataReferencia: l!.agora };
    const r = await call(ana, 'POST', IN, corpo);
    expect(r.statusCode, r.body).toBe(201);
    inventario = r.json().id as number;
    return inventario;
  };
  const status = async () =>
    (await q<{ status: string }>('select status from inventario where id = $1', [inventario]))[0]!.status;
  const mover = (acao: string) => async (p: Quem) => {
    const id = await preparar();
    const r = await call(p, 'POST', `${IN}/${id}/${acao}`, {});
    expect([403, 404], r.body).toContain(r.statusCode);
    expect(await status()).toBe('ABERTO');
  };
  return {
    [`POST ${IN}`]: async (p) => {
      await preparar();
      recusa403(await call(p, 'POST', IN, { ...corpo, descricao: 'outro' }), []);
    },
    [`GET ${IN}`]: async (p) => {
      const id = await preparar();
      await lista(p, IN, ['lojaId'], 'lojaId');
      expect((await call(p, 'GET', `${IN}?count=1000`)).json().items.map((i: { id: number }) => i.id)).not.toContain(
        id,
      );
    },
    [`GET ${IN}/{id}`]: async (p) => expect((await call(p, 'GET', `${IN}/${await preparar()}`)).statusCode).toBe(404),
    ...Object.fromEntries(
      ['iniciar', 'encerrar-contagem', 'recontar', 'finalizar', 'cancelar'].map((a) => [
        `POST ${IN}/{id}/${a}`,
        mover(a),
      ]),
    ),
  };
}

/** Requisitions: a BV01 requisition (both ends BV01, by the administrator) is neither listed, read nor moved. */
function casosDeRequisicao(): Record<string, Caso> {
  const RQ = '/api/v1/estoque/requisicoes';
  let corpo: Record<string, unknown> | undefined;
  let requisicao: number | undefined;
  const preparar = async () => {
    if (requisicao) return requisicao;
    const locais = await q<{ id: number; tipo: string }>(
      `select distinct on (tipo) id, tipo from local_estoque where loja_id = $1 and tipo in ('LOJA', 'DEPOSITO')
          and ativo order by tipo, id`,
      [fx.lojas.BV01],
    );
    const [m] = await q<{ id: number }>('select id from motivo_requisicao where exige_aprovacao and ativo limit 1');
    const [pr] = await q<{ produto_id: number }>('select produto_id from saldo_estoque where loja_id = $1 limit 1', [
      fx.lojas.BV01,
    ]);
    const local = (tipo: string) => locais.find((l) => l.tipo === tipo)!.id;
    corpo = {
      lojaDestinoId: fx.lojas.BV01,
      localDestinoId: local('DEPOSITO'),
      lojaOrigemId: fx.lojas.BV01,
      localOrigemId: local('LOJA'),
      motivoId: m!.id,
      itens: [{ produtoId: pr!.produto_id, quantidade: '1' }],
    };
    const r = await call(ana, 'POST', RQ, corpo);
    expect(r.statusCode, r.body).toBe(201);
    requisicao = r.json().id as number;
    return requisicao;
  };
  const status = async () =>
    (await q<{ status: string }>('select status from requisicao_estoque where id = $1', [requisicao]))[0]!.status;
  const mover = (acao: string) => async (p: Quem) => {
    const id = await preparar();
    const r = await call(p, 'POST', `${RQ}/${id}/${acao}`, {});
    expect([403, 404], r.body).toContain(r.statusCode);
    expect(await status()).toBe('ABERTA');
  };
  return {
    [`POST ${RQ}`]: async (p) => {
      await preparar();
      recusa403(await call(p, 'POST', RQ, corpo), []);
    },
    [`GET ${RQ}`]: async (p) => {
      const id = await preparar();
      await lista(p, RQ, ['lojaOrigemId', 'lojaDestinoId']);
      expect((await call(p, 'GET', `${RQ}?count=1000`)).json().items.map((i: { id: number }) => i.id)).not.toContain(
        id,
      );
    },
    [`GET ${RQ}/{id}`]: async (p) => expect((await call(p, 'GET', `${RQ}/${await preparar()}`)).statusCode).toBe(404),
    ...Object.fromEntries(
      ['aprovar', 'transferir', 'receber', 'cancelar'].map((a) => [`POST ${RQ}/{id}/${a}`, mover(a)]),
    ),
  };
}

/** Sales orders: a BV01 order (made by the administrator) is neither listed, read nor moved by a BV02 user. */
function casosDePedidos(): Record<string, Caso> {
  const PV = '/api/v1/venda/pedidos';
  let corpo: Record<string, unknown> | undefined;
  let pedido: number | undefined;
  const preparar = async () => {
    if (pedido) return pedido;
    const [pr] = await q<{ produto_id: number; preco: string }>(
      `select produto_id, preco_venda1::text as preco from preco where loja_id = $1 and ativo and preco_venda1 > 0
        order by produto_id limit 1`,
      [fx.lojas.BV01],
    );
    const item = { produtoId: pr!.produto_id, quantidadeDeEmbalagem: '1', valor: pr!.preco };
    corpo = { lojaId: fx.lojas.BV01, valorTotal: pr!.preco, itens: [item] };
    const r = await call(ana, 'POST', PV, corpo);
    expect(r.statusCode, r.body).toBe(201);
    pedido = r.json().id as number;
    return pedido;
  };
  const etapa = async () =>
    (await q<{ etapa: string }>('select etapa from pedido_venda where id = $1', [pedido]))[0]!.etapa;
  const mover =
    (acao: string, extra: object = {}) =>
    async (p: Quem) => {
      const id = await preparar();
      const r = await call(p, 'POST', `${PV}/${id}/${acao}`, { ...extra });
      expect([403, 404], r.body).toContain(r.statusCode);
      expect(await etapa()).toBe('NOVO');
    };
  return {
    [`POST ${PV}`]: async (p) => {
      await preparar();
      recusa403(await call(p, 'POST', PV, { ...corpo, idExterno: 'escopo' }), ['BV01']);
    },
    [`GET ${PV}`]: async (p) => {
      const id = await preparar();
      await lista(p, PV, ['lojaId'], 'lojaId');
      expect((await call(p, 'GET', `${PV}?count=1000`)).json().items.map((i: { id: number }) => i.id)).not.toContain(
        id,
      );
    },
    [`GET ${PV}/{id}`]: async (p) => expect((await call(p, 'GET', `${PV}/${await preparar()}`)).statusCode).toBe(404),
    ...Object.fromEntries(
      ['confirmar', 'separar', 'aprontar', 'despachar', 'concluir'].map((a) => [`POST ${PV}/{id}/${a}`, mover(a)]),
    ),
    [`POST ${PV}/{id}/cancelar`]: mover('cancelar', { motivoCancelamentoId: 1 }),
    [`POST ${PV}/{id}/recusar`]: mover('recusar', { motivoCancelamentoId: 1 }),
    [`POST ${PV}/{id}/corrigir-item`]: mover('corrigir-item', { ordem: 1, produtoId: 1 }),
    // BV01's webhook secret (administrators only): neither set nor replaced by a BV02 user
    'POST /api/v1/venda/lojas/{lojaId}/webhook-segredo': async (p) => {
      const antes = await q<{ n: number }>(
        `select count(*)::int as n from segredo_arquivo where finalidade = 'venda.webhook'`,
      );
      const r = await call(p, 'POST', `/api/v1/venda/lojas/${fx.lojas.BV01}/webhook-segredo`, {});
      expect(r.statusCode, r.body).toBe(403);
      expect(await q(`select count(*)::int as n from segredo_arquivo where finalidade = 'venda.webhook'`)).toEqual(
        antes,
      );
    },
  };
}

/** NFC-e actions toward SEFAZ: a BV01 note, range or store is neither consulted, resent, cancelled nor voided. */
function casosDeNfce(): Record<string, Caso> {
  const NF = '/api/v1/fiscal/nfce';
  const chave = montarChaveAcesso({
    cUF: '41',
    aamm: '2611',
    cnpj: '41553872000164',
    modelo: '65',
    serie: 7,
    numero: 77,
    tpEmis: 1,
    cNF: '00000077',
  });
  let pronto = false;
  const preparar = async () => {
    if (pronto) return;
    await q(
      `insert into documento_nfce (chave, cupom_id, data, loja_id, serie, numero, status, protocolo, autorizado_em)
       values ($1, 0, current_date, $2, 7, 77, 'AUTORIZADA', '1', now())`,
      [chave, fx.lojas.BV01],
    );
    pronto = true;
  };
  const eventos = async () => (await q<{ n: number }>(`select count(*)::int as n from evento_nfce`))[0]!.n;
  const naNota =
    (recurso: string, extra: object = {}) =>
    async (p: Quem) => {
      await preparar();
      const antes = await eventos();
      recusa403(await call(p, 'POST', `${NF}/${chave}/${recurso}`, { lojaId: fx.lojas.BV01, ...extra }), ['BV01']);
      // named under the user's own store, the note is not found there
      expect((await call(p, 'POST', `${NF}/${chave}/${recurso}`, { lojaId: fx.lojas.BV02, ...extra })).statusCode).toBe(
        404,
      );
      expect(await eventos()).toBe(antes);
    };
  const segredos = async () =>
    (await q<{ n: number }>(`select count(*)::int as n from segredo_arquivo where finalidade like 'fiscal.nfce%'`))[0]!
      .n;
  return {
    [`POST ${NF}/{chave}/consulta`]: naNota('consulta'),
    [`POST ${NF}/{chave}/reenvio`]: naNota('reenvio'),
    [`POST ${NF}/{chave}/cancelamento`]: naNota('cancelamento', { motivoId: 1 }),
    [`POST ${NF}/inutilizacoes`]: async (p) => {
      const corpo = {
        lojaId: fx.lojas.BV01,
        serie: 7,
        numeroInicial: 900,
        numeroFinal: 901,
        justificativa: 'Falha no PDV da loja',
      };
      recusa403(await call(p, 'POST', `${NF}/inutilizacoes`, corpo), ['BV01']);
      expect(await q(`select 1 from inutilizacao_nfce where numero_inicial = 900`)).toHaveLength(0);
    },
    'POST /api/v1/fiscal/lojas/{lojaId}/nfce-contingencias/reenvio': async (p) =>
      recusa403(await call(p, 'POST', `/api/v1/fiscal/lojas/${fx.lojas.BV01}/nfce-contingencias/reenvio`, {}), [
        'BV01',
      ]),
    // the store's certificate and CSC (administrators only): neither set nor replaced by a BV02 user
    'POST /api/v1/fiscal/lojas/{lojaId}/nfce-csc': async (p) => {
      const antes = await segredos();
      const r = await call(p, 'POST', `/api/v1/fiscal/lojas/${fx.lojas.BV01}/nfce-csc`, {
        cscId: '1',
        token: '0123456789abcdef0123',
      });
      expect(r.statusCode, r.body).toBe(403);
      expect(await segredos()).toBe(antes);
    },
    'POST /api/v1/fiscal/lojas/{lojaId}/nfce-certificado': async (p) => {
      const antes = await segredos();
      const r = await t.app.inject({
        method: 'POST',
        url: `/api/v1/fiscal/lojas/${fx.lojas.BV01}/nfce-certificado?nome=a.pfx`,
        headers: { ...p.headers, 'content-type': 'application/octet-stream', 'x-senha-certificado': 'x' },
        body: Buffer.from('pfx'),
      });
      expect(r.statusCode, r.body).toBe(403);
      expect(await segredos()).toBe(antes);
    },
  };
}

/** Compras: a BV01 invoice and conferência (made by the administrator) are neither listed, read nor moved. */
function casosDeCompras(): Record<string, Caso> {
  const NF = '/api/v1/compra/notas-fiscais';
  const CF = '/api/v1/compra/conferencias';
  let fixo: { corpo: Record<string, unknown>; nota: number; conferida: number; conferencia: number } | undefined;
  const preparar = async () => {
    if (fixo) return fixo;
    const [f] = await q<{ id: number }>('select id from fornecedor where ativo order by id limit 1');
    const [pr] = await q<{ id: number }>('select id from produto where ativo order by id limit 1');
    const corpo = (numeroNota: number) => ({
      lojaId: fx.lojas.BV01,
      fornecedorId: f!.id,
      serie: '9',
      numeroNota,
      dataEmissao: `${hojeNaZona('America/Sao_Paulo')}T08:00:00`,
      itens: [{ produtoId: pr!.id, quantidade: '1', valorTotal: '1.00' }],
    });
    const a = await call(ana, 'POST', NF, corpo(990001));
    expect(a.statusCode, a.body).toBe(201);
    const b = await call(ana, 'POST', NF, corpo(990002));
    expect(b.statusCode, b.body).toBe(201);
    const c = await call(ana, 'POST', `${NF}/${b.json().id}/conferencia`, {});
    expect(c.statusCode, c.body).toBe(201);
    fixo = { corpo: corpo(990003), nota: a.json().id, conferida: b.json().id, conferencia: c.json().id };
    return fixo;
  };
  const status = async (tabela: string, id: number) =>
    (await q<{ status: string }>(`select status from ${tabela} where id = $1`, [id]))[0]!.status;
  return {
    [`POST ${NF}`]: async (p) => recusa403(await call(p, 'POST', NF, (await preparar()).corpo), ['BV01']),
    [`POST ${NF}/xml`]: async (p) => {
      await preparar();
      const r = await t.app.inject({
        method: 'POST',
        url: `${NF}/xml?lojaId=${fx.lojas.BV01}`,
        headers: {
          ...p.headers,
          'content-type': 'application/octet-stream',
          'content-disposition': 'attachment; filename="n.xml"',
        },
        payload: Buffer.from('<nfeProc/>'),
      });
      expect(r.statusCode, r.body).toBe(403);
    },
    [`GET ${NF}`]: async (p) => {
      const { nota } = await preparar();
      await lista(p, NF, ['lojaId'], 'lojaId');
      expect((await call(p, 'GET', `${NF}?count=1000`)).json().items.map((i: { id: number }) => i.id)).not.toContain(
        nota,
      );
    },
    [`GET ${NF}/{id}`]: async (p) =>
      expect((await call(p, 'GET', `${NF}/${(await preparar()).nota}`)).statusCode).toBe(404),
    [`POST ${NF}/{id}/confirmar`]: async (p) => {
      const { nota } = await preparar();
      expect([403, 404]).toContain((await call(p, 'POST', `${NF}/${nota}/confirmar`, {})).statusCode);
      expect(await status('nota_fiscal_compra', nota)).toBe('DIGITADA');
    },
    [`POST ${NF}/{id}/conferencia`]: async (p) => {
      const { nota } = await preparar();
      expect([403, 404]).toContain((await call(p, 'POST', `${NF}/${nota}/conferencia`, {})).statusCode);
      expect(await status('nota_fiscal_compra', nota)).toBe('DIGITADA');
    },
    [`GET ${CF}`]: async (p) => {
      const { conferencia } = await preparar();
      await lista(p, CF, ['lojaId'], 'lojaId');
      expect((await call(p, 'GET', `${CF}?count=1000`)).json().items.map((i: { id: number }) => i.id)).not.toContain(
        conferencia,
      );
    },
    [`GET ${CF}/{id}`]: async (p) =>
      expect((await call(p, 'GET', `${CF}/${(await preparar()).conferencia}`)).statusCode).toBe(404),
    [`POST ${CF}/{id}/fechar`]: async (p) => {
      const { conferencia } = await preparar();
      expect([403, 404]).toContain((await call(p, 'POST', `${CF}/${conferencia}/fechar`, {})).statusCode);
      expect(await status('conferencia_compra', conferencia)).toBe('ABERTA');
    },
  };
}

/**
 * Agreements span stores: one of BV01 + BV02 (made by the administrator) is neither listed, read nor moved by a
 * BV02 user, who cannot register one naming BV01 either (403 naming it).
 */
function casosDeAcordos(): Record<string, Caso> {
  const AC = '/api/v1/compra/acordos';
  let fixo: { corpo: Record<string, unknown>; id: number } | undefined;
  const preparar = async () => {
    if (fixo) return fixo;
    const [f] = await q<{ id: number }>('select id from fornecedor where ativo order by id limit 1');
    const [pr] = await q<{ id: number }>('select id from produto where ativo order by id limit 1');
    const [tp] = await q<{ id: number }>('select id from tipo_acordo where ativo order by id limit 1');
    const hoje = hojeNaZona('America/Sao_Paulo');
    const corpo = {
      tipoAcordoId: tp!.id,
      fornecedorId: f!.id,
      lojas: [fx.lojas.BV01, fx.lojas.BV02],
      escopoTipo: 'PRODUTOS',
      escopoIds: [pr!.id],
      vigenciaInicio: hoje,
      vigenciaFim: hoje,
      dataVencimento: hoje,
      base: 'SELL_IN',
      formaValor: 'PERCENTUAL',
      valor: '1',
      formaRecebimento: 'DEPOSITO',
      valorPrevisto: '10.00',
    };
    const a = await call(ana, 'POST', AC, corpo);
    expect(a.statusCode, a.body).toBe(201);
    fixo = { corpo, id: a.json().id };
    return fixo;
  };
  const intacto = async (id: number) => {
    const [a] = await q<{ status: string; versao: number }>(
      'select status, versao from acordo_comercial where id = $1',
      [id],
    );
    expect(a).toEqual({ status: 'RASCUNHO', versao: 1 });
  };
  const membro =
    (acao: string, corpo: Record<string, unknown> = {}) =>
    async (p: Quem) => {
      const { id } = await preparar();
      const r = await call(p, 'POST', `${AC}/${id}/${acao}`, corpo);
      recusa403(r, ['BV01']);
      await intacto(id);
    };
  return {
    [`POST ${AC}`]: async (p) => recusa403(await call(p, 'POST', AC, (await preparar()).corpo), ['BV01']),
    [`PUT ${AC}/{id}`]: async (p) => {
      const { id, corpo } = await preparar();
      recusa403(await call(p, 'PUT', `${AC}/${id}`, { ...corpo, lojas: [fx.lojas.BV02] }), ['BV01']);
      await intacto(id);
    },
    [`GET ${AC}`]: async (p) => {
      const { id } = await preparar();
      const r = await call(p, 'GET', `${AC}?count=1000`);
      expect(r.statusCode, r.body).toBe(200);
      for (const a of r.json().items as { lojas: number[] }[]) expect(a.lojas).toEqual([fx.lojas.BV02]);
      expect(r.json().items.map((i: { id: number }) => i.id)).not.toContain(id);
    },
    [`GET ${AC}/{id}`]: async (p) =>
      expect((await call(p, 'GET', `${AC}/${(await preparar()).id}`)).statusCode).toBe(404),
    [`POST ${AC}/{id}/aprovacao`]: membro('aprovacao'),
    [`POST ${AC}/{id}/apuracao`]: membro('apuracao'),
    [`POST ${AC}/{id}/recebimentos`]: membro('recebimentos', {
      data: hojeNaZona('America/Sao_Paulo'),
      valor: '1.00',
    }),
    [`POST ${AC}/{id}/cancelamento`]: membro('cancelamento', { motivo: 'fora do escopo' }),
  };
}

/** Frente de loja: BV01's devices, POS functions and change feed are neither read nor changed by a BV02 user. */
function casosDeFrenteDeLoja(): Record<string, Caso> {
  const D = '/api/v1/dispositivos';
  const FL = (loja: number) => `/api/v1/pdv/lojas/${loja}/funcoes`;
  const CARGA = (loja: number) => `/api/v1/pessoa/lojas/${loja}/cargas`;
  const dispositivoBv01 = async () =>
    (
      await q<{ id: number; status: string }>(
        `select id::int, status from dispositivo where loja_id = $1 and status = 'ATIVO' order by id limit 1`,
        [fx.lojas.BV01],
      )
    )[0]!;
  const status = async (id: number) =>
    (await q<{ status: string }>('select status from dispositivo where id = $1', [id]))[0]!.status;
  const versaoBv01 = async () =>
    (
      await q<{ v: number }>('select coalesce(max(versao), 0)::int as v from funcao_pdv_versao where id = $1', [
        fx.lojas.BV01,
      ])
    )[0]!.v;
  const naoMuda = (acao: string) => async (p: Quem) => {
    const d = await dispositivoBv01();
    const r = await call(p, 'POST', `${D}/${d.id}/${acao}`, {});
    expect([403, 404], r.body).toContain(r.statusCode);
    expect(await status(d.id)).toBe('ATIVO');
  };
  return {
    [`GET ${D}`]: async (p) => {
      expect((await call(p, 'GET', `${D}?lojaId=${fx.lojas.BV01}`)).statusCode).toBe(403);
      const r = await call(p, 'GET', `${D}?lojaId=${fx.lojas.BV02}`);
      expect(r.statusCode, r.body).toBe(200);
      soDaLoja(r.json().items, ['lojaId'], fx.lojas.BV02!);
    },
    [`POST ${D}/tokens`]: async (p) => {
      expect((await call(p, 'POST', `${D}/tokens`, { lojaId: fx.lojas.BV01 })).statusCode).toBe(403);
    },
    ...Object.fromEntries(['bloquear', 'desbloquear', 'revogar'].map((a) => [`POST ${D}/{id}/${a}`, naoMuda(a)])),
    'GET /api/v1/pdv/funcoes': async (p) => {
      const r = await call(p, 'GET', '/api/v1/pdv/funcoes');
      expect(r.statusCode, r.body).toBe(200);
      soDaLoja(r.json().items, ['lojaId'], fx.lojas.BV02!);
    },
    'GET /api/v1/pdv/lojas/{lojaId}/funcoes': async (p) => {
      expect((await call(p, 'GET', FL(fx.lojas.BV01!))).statusCode).toBe(403);
    },
    'PUT /api/v1/pdv/lojas/{lojaId}/funcoes': async (p) => {
      const antes = await versaoBv01();
      const atual = (await call(ana, 'GET', FL(fx.lojas.BV01!))).json();
      const r = await call(p, 'PUT', FL(fx.lojas.BV01!), { versao: atual.versao, itens: atual.itens });
      expect(r.statusCode, r.body).toBe(403);
      expect(await versaoBv01()).toBe(antes);
    },
    'POST /api/v1/pdv/lojas/{lojaId}/funcoes/copia': async (p) => {
      const antes = await versaoBv01();
      const r = await call(p, 'POST', `${FL(fx.lojas.BV02!)}/copia`, { lojasDestino: [fx.lojas.BV01] });
      expect(r.statusCode, r.body).toBe(403);
      expect(await versaoBv01()).toBe(antes);
    },
    'POST /api/v1/pessoa/lojas/{lojaId}/cargas': async (p) => {
      expect((await call(p, 'POST', CARGA(fx.lojas.BV01!), {})).statusCode).toBe(403);
      expect((await call(p, 'POST', CARGA(fx.lojas.BV02!), { entidades: ['PRECO'], limite: 50 })).statusCode).toBe(200);
    },
    'POST /api/v1/pessoa/lojas/{lojaId}/cargas/confirmacao': async (p) => {
      const r = await call(p, 'POST', `${CARGA(fx.lojas.BV01!)}/confirmacao`, { marcador: '1:1' });
      expect(r.statusCode, r.body).toBe(403);
    },
  };
}

beforeAll(async () => {
  t = await createRegistersApp();
  ana = await login(t, 'ana.admin');
  fx = await prepararLotes(t, ana.headers);
  // the stores keep São Paulo time: "today" is theirs
  ex = await prepararEstoque(t, ana.headers, fx, hojeNaZona('America/Sao_Paulo'));
  // an administrator holds every store (the session's rights, migration 0081): the scope is an ordinary user's
  const nome = 'escopo.bv02';
  await adminQuery(
    t.ownerUrl,
    `with u as (
       insert into usuario (assinante_id, nome, username, senha_hash, ativo, administrador, tipo_cliente)
       select assinante_id, $2, $2, senha_hash, true, false, tipo_cliente from usuario where username = $1
       returning id, assinante_id),
     l as (insert into usuario_loja (assinante_id, usuario_id, loja_id, principal) select assinante_id, id, $3, true from u),
     g as (insert into grupo (assinante_id, nome) select assinante_id, $2 from u returning id, assinante_id),
     m as (insert into grupo_membro (assinante_id, grupo_id, usuario_id) select g.assinante_id, g.id, u.id from g, u)
     insert into grupo_permissao (assinante_id, grupo_id, permissao) select g.assinante_id, g.id, p.codigo from g, permissao p`,
    ['ana.admin', nome, fx.lojas.BV02],
  );
  quem.push({ nome, headers: (await login(t, nome)).headers });
}, 120_000);
afterAll(() => t?.close());

describe('store-scope matrix', () => {
  it('every route naming a store has a case here or a stated reason', async () => {
    // biome-ignore lint/suspicious/noExplicitAny: the OpenAPI document as served at /api/docs
    const doc = (t.app as any).swagger() as { paths: Record<string, Record<string, unknown>> };
    const semCaso: string[] = [];
    for (const [path, ops] of Object.entries(doc.paths))
      for (const [method, op] of Object.entries(ops)) {
        const rota = `${method.toUpperCase()} ${path}`;
        if (!/"loja\w*"/i.test(JSON.stringify(op))) continue;
        if (!CASOS[rota] && !SEM_LINHAS_DE_LOJA[rota]) semCaso.push(rota);
      }
    expect(semCaso).toEqual([]);
  });

  for (const [rota, caso] of Object.entries(CASOS))
    it(rota, async () => {
      for (const p of quem) await caso(p);
    });
});

/** NFC-e monitor: a BV02 user reads BV02's notes only; naming BV01 is 403, BV01's chave is 404. */
function casosDeNfceMonitor(): Record<string, Caso> {
  const N = '/api/v1/fiscal/nfce';
  const periodo = () => {
    const hoje = hojeNaZona('America/Sao_Paulo');
    const d = new Date(`${hoje}T12:00:00Z`);
    d.setUTCDate(d.getUTCDate() - 29);
    return `dataInicio=${d.toISOString().slice(0, 10)}&dataFim=${hoje}`;
  };
  const chaveBv01 = async () =>
    (await q<{ chave: string }>(`select chave from documento_nfce where loja_id = $1 limit 1`, [fx.lojas.BV01]))[0]
      ?.chave;
  return {
    [`GET ${N}/documentos`]: async (p) => {
      await lista(p, `${N}/documentos?${periodo()}`, ['lojaId']);
      recusa403(await call(p, 'GET', `${N}/documentos?lojas=${fx.lojas.BV01}`), ['BV01']);
    },
    [`GET ${N}/cartoes`]: async (p) => {
      const r = await call(p, 'GET', `${N}/cartoes?${periodo()}`);
      expect(r.statusCode, r.body).toBe(200);
      const [n] = await q<{ n: number }>(
        `select count(*)::int as n from documento_nfce where loja_id = $1 and data >= current_date - 40`,
        [fx.lojas.BV02],
      );
      const soma = (r.json().items as { quantidade: number }[]).reduce((s, c) => s + c.quantidade, 0);
      expect(soma).toBeLessThanOrEqual(n!.n);
      recusa403(await call(p, 'GET', `${N}/cartoes?lojas=${fx.lojas.BV01},${fx.lojas.BV03}`), ['BV01', 'BV03']);
    },
    [`GET ${N}/motivos-rejeicao`]: async (p) => {
      expect((await call(p, 'GET', `${N}/motivos-rejeicao?${periodo()}`)).statusCode).toBe(200);
      recusa403(await call(p, 'GET', `${N}/motivos-rejeicao?lojas=${fx.lojas.BV01}`), ['BV01']);
    },
    [`GET ${N}/faixas`]: async (p) => {
      const r = await call(p, 'GET', `${N}/faixas?${periodo()}`);
      expect(r.statusCode, r.body).toBe(200);
      soDaLoja(r.json().series, ['lojaId'], fx.lojas.BV02!);
      soDaLoja(r.json().items, ['lojaId'], fx.lojas.BV02!);
      recusa403(await call(p, 'GET', `${N}/faixas?lojas=${fx.lojas.BV01}`), ['BV01']);
    },
    [`POST ${N}/documentos/relatorio`]: async (p) => {
      recusa403(await call(p, 'POST', `${N}/documentos/relatorio?lojas=${fx.lojas.BV01}`), ['BV01']);
    },
    [`GET ${N}/opcoes`]: async (p) => {
      const r = await call(p, 'GET', `${N}/opcoes`);
      expect(r.statusCode, r.body).toBe(200);
      soDaLoja(r.json().pdvs, ['lojaId'], fx.lojas.BV02!);
    },
    [`GET ${N}/documentos/{chave}`]: async (p) => {
      const chave = await chaveBv01();
      if (!chave) return;
      expect((await call(p, 'GET', `${N}/documentos/${chave}`)).statusCode).toBe(404);
      expect((await call(p, 'GET', `${N}/documentos/${chave}/xml`)).statusCode).toBe(404);
      expect((await call(p, 'GET', `${N}/documentos/${chave}/danfe`)).statusCode).toBe(404);
    },
  };
}
