/**
 * A long export: the stock user asks the Extrato de movimentações in Excel over a day with 200 000
 * movements; while it runs, the header's files in processing show it with a real progress bar (phase and
 * percentage from the job), and when it ends the bar goes away and the bell's notice opens the result in
 * the viewer. An adjustment takes each product on one line and at most 1 000 lines, so the journey first
 * creates 1 000 products (two register batches: the envelope posted to the register's path), then posts entry/exit pairs of them through the
 * adjustments API on the first day of last month, so the store's balances end where they were.
 */
import { expect, test } from '@playwright/test';
import { entrar, SENHA } from './shell-helpers';

const ITENS = 1_000;
const PARES = 100;

test('exportação longa: barra de progresso no cabeçalho, aviso no sino e planilha no visualizador', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const auth = await (await request.post('/api/auth', { data: { username: 'diego.estoque', password: SENHA } })).json();
  const admin = await (await request.post('/api/auth', { data: { username: 'ana.admin', password: SENHA } })).json();
  const headers = { authorization: `Bearer ${auth.accessToken}` };
  const get = async (url: string) => (await request.get(url, { headers })).json();
  const lojaId = (await get('/api/v1/eumesmo')).lojasUsuario[0].id as number;
  const locais = await get('/api/v1/estoque/locais-estoque?count=1000&q=ativo==true');
  const local = locais.items.find((l: { lojaId: number; tipo: string }) => l.lojaId === lojaId && l.tipo === 'LOJA');
  const tipos = await get('/api/v1/estoque/tipos-ajuste?count=200&q=ativo==true');
  const tipo = (op: string) =>
    tipos.items.find((t: { tipo: string; exigeObservacao: boolean }) => t.tipo === op && !t.exigeObservacao) ??
    tipos.items.find((t: { tipo: string }) => t.tipo === op);
  // products of this journey only, with the unit of an integer-unit demo product
  const modelo = (await get('/api/v1/produto/produtos?count=50&sort=id&q=ativo==true')).items[5];
  const produtoIds: number[] = [];
  for (let lote = 0; lote < ITENS / 500; lote++) {
    const r = await request.post('/api/v1/produto/produtos', {
      headers: { authorization: `Bearer ${admin.accessToken}` },
      timeout: 60_000,
      data: {
        items: Array.from({ length: 500 }, (_, i) => ({
          locator: String(lote * 500 + i),
          entity: {
            descricao: `Exportação longa ${lote * 500 + i}`,
            codigoInterno: `77${String(lote * 500 + i).padStart(5, '0')}`,
            ncmId: '3303.00.20',
            unidadeDeVendaId: modelo.unidadeDeVendaId,
          },
        })),
      },
    });
    const corpo = await r.json();
    expect(corpo.errors, JSON.stringify(corpo.errors?.slice(0, 3))).toEqual([]);
    for (const s of corpo.successes as { location: string }[]) produtoIds.push(Number(s.location.split('/').at(-1)));
  }
  const hoje = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
  const [ano, mes] = hoje.split('-').map(Number) as [number, number];
  const dia = mes === 1 ? `${ano - 1}-12-01` : `${ano}-${String(mes - 1).padStart(2, '0')}-01`;
  const naTela = `${dia.slice(8, 10)}/${dia.slice(5, 7)}/${dia.slice(0, 4)}`;

  for (let i = 0; i < PARES * 2; i++) {
    const op = i % 2 ? 'SAIDA' : 'ENTRADA';
    const r = await request.post('/api/v1/estoque/ajustes', {
      headers,
      timeout: 60_000,
      data: {
        lojaId,
        localId: local.id,
        tipoDeOperacao: op,
        tipoDeAjusteId: tipo(op).id,
        dataDaMovimentacao: dia,
        observacao: 'Jornada da exportação longa',
        itens: produtoIds.map((produtoId) => ({ produtoId, quantidade: '1' })),
      },
    });
    expect(r.status(), await r.text()).toBe(201);
  }

  await page.goto('/app/#/login?redirectFrom=%2Festoque%2Fextrato-movimentacoes');
  await entrar(page, 'diego.estoque');
  await expect(page.getByRole('heading', { name: 'Extrato de movimentações', level: 1 })).toBeVisible();
  await page.locator('[data-cy=filtro-de]').fill(naTela);
  await page.locator('[data-cy=filtro-ate]').fill(naTela);
  await page.locator('[data-cy=gerar-excel]').click();
  const pedido = page.locator('[data-cy=toast]').filter({ hasText: 'Extrato de movimentações' });
  await expect(pedido).toBeVisible();
  // the toast covers the header's corner (and a pointer resting on it keeps it open): close it first
  await pedido.getByRole('button', { name: 'Ok' }).click();
  await expect(pedido).toHaveCount(0);

  // while it runs: the header's list holds it with the job's real progress (phase · percentage)
  const indicador = page.locator('[data-cy=arquivos-em-processamento]');
  await expect(indicador).toBeVisible();
  await indicador.click();
  const item = page.locator('[data-cy=arquivo-em-processamento]').filter({ hasText: 'Extrato de movimentações' });
  await expect(item.getByRole('progressbar')).toBeVisible({ timeout: 30_000 });
  await expect(item).toContainText(/(Lendo os dados|Montando o arquivo|Gravando o arquivo).* · \d+%/);
  await page.screenshot({ path: 'test-results/exportacao-longa-progresso.png' });

  // the end: the item leaves the list and the bell tells; its notice opens the spreadsheet in the viewer
  await expect(indicador).toHaveCount(0, { timeout: 180_000 });
  const sino = page.locator('[data-cy=sino]');
  const aviso = page
    .locator('[data-cy=sino-item]')
    .filter({ hasText: 'Relatório pronto' })
    .filter({ hasText: 'Extrato de movimentações (XLSX)' });
  await expect(async () => {
    if (!(await aviso.first().isVisible())) await sino.click();
    await expect(aviso.first()).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await aviso.first().click();
  await expect(page).toHaveURL(/#\/visualizacao-relatorio\/[0-9a-f-]{36}$/);
  await expect(page.getByText('A planilha está pronta.')).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('[data-cy=relatorio-baixar]')).toBeEnabled();
});
