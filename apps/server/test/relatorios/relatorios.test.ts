/** Reports: request → processing → ready → notification → file; who may read it; a dead instance's job retried. */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mudancas } from '../../src/modules/relatorios/historico';
import { expirarRelatorios } from '../../src/modules/relatorios/relatorios.fila';
import { adminQuery, createTestApp, type TestApp } from '../helpers/app';
import { type LoginResult, login } from '../helpers/auth';

let t: TestApp;
let elisa: LoginResult;
let gabi: LoginResult;
let ana: LoginResult;
let carlos: LoginResult;
let marta: LoginResult;
let marcaId: number;

const inject = (method: 'GET' | 'POST' | 'PUT', url: string, headers: Record<string, string>, payload?: unknown) =>
  t.app.inject({ method, url, headers, payload: payload as never });

async function pronto(id: string, headers: Record<string, string>, esperado = 'PRONTO') {
  for (let i = 0; i < 200; i++) {
    const r = (await inject('GET', `/api/v1/relatorios/${id}`, headers)).json();
    if (r.status !== 'PROCESSANDO') {
      expect(r.status, r.mensagemErro).toBe(esperado);
      return r;
    }
    await new Promise((ok) => setTimeout(ok, 100));
  }
  throw new Error(`relatório ${id} não terminou`);
}

/** pdfkit writes one page-tree root with the page count. */
const paginas = (pdf: Buffer) => Number(/\/Type \/Pages\s*\/Count (\d+)/.exec(pdf.toString('latin1'))?.[1] ?? 0);

beforeAll(async () => {
  process.env.JOBS_SUPERVISAO_S = '1'; // a dead instance's job is noticed within seconds
  t = await createTestApp();
  elisa = await login(t, 'elisa.compras');
  gabi = await login(t, 'gabi.consulta');
  ana = await login(t, 'ana.admin');
  carlos = await login(t, 'carlos.fiscal');
  marta = await login(t, 'marta.admin', 'mercadao.localhost');
  const criada = await inject('POST', '/api/v1/produto/marcas', elisa.headers, { descricao: 'Zeta Relatório Ação' });
  expect(criada.statusCode).toBe(201);
  marcaId = criada.json().id;
  const alterada = await inject('PUT', `/api/v1/produto/marcas/${marcaId}`, elisa.headers, {
    ...(criada.json() as object),
    descricao: 'Zeta Relatório Ação 2',
  });
  expect(alterada.statusCode).toBe(200);
});
afterAll(async () => t?.close());

describe('relatório de lista de cadastro (Imprimir)', () => {
  let id: string;

  it('aceita na hora (202, PROCESSANDO), gera em segundo plano e avisa o dono', async () => {
    const res = await inject(
      'POST',
      '/api/v1/produto/marcas/relatorio?q=descricao==*Zeta*&sort=-descricao',
      elisa.headers,
    );
    expect(res.statusCode).toBe(202);
    const body = res.json();
    expect(body).toMatchObject({ status: 'PROCESSANDO', tipo: 'LISTA_CADASTRO', formato: 'PDF', titulo: 'Marcas' });
    expect(res.headers.location).toBe(`/api/v1/relatorios/${body.id}`);
    expect(body.link).toBe(`/visualizacao-relatorio/${body.id}`);
    id = body.id;
    const emProcessamento = (await inject('GET', '/api/v1/relatorios?status=PROCESSANDO', elisa.headers)).json();
    const terminado = await pronto(id, elisa.headers);
    expect(terminado).toMatchObject({ nomeArquivo: 'Marcas.pdf', mimeType: 'application/pdf' });
    expect(terminado.tamanho).toBeGreaterThan(1000);
    // it was listed as processing unless it had already finished
    expect(emProcessamento.items.every((r: { status: string }) => r.status === 'PROCESSANDO')).toBe(true);
    const recentes = (await inject('GET', '/api/v1/notificacoes/recentes', elisa.headers)).json();
    expect(recentes.items[0]).toMatchObject({
      titulo: 'Relatório pronto',
      link: `/visualizacao-relatorio/${id}`,
      lida: false,
    });
    expect(recentes.items[0].corpo).toContain('Marcas');
  });

  it('o arquivo é um PDF de verdade, em linha ou como anexo', async () => {
    const res = await inject('GET', `/api/v1/relatorios/${id}/arquivo`, elisa.headers);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe('inline; filename="Marcas.pdf"');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(paginas(res.rawPayload)).toBe(1);
    const anexo = await inject('GET', `/api/v1/relatorios/${id}/arquivo?download=true`, elisa.headers);
    expect(anexo.headers['content-disposition']).toBe('attachment; filename="Marcas.pdf"');
  });

  it('só o dono ou um administrador do assinante leem; os demais recebem 404', async () => {
    for (const url of [`/api/v1/relatorios/${id}`, `/api/v1/relatorios/${id}/arquivo`]) {
      expect((await inject('GET', url, gabi.headers)).statusCode).toBe(404);
      expect((await inject('GET', url, marta.headers)).statusCode).toBe(404);
      expect((await inject('GET', url, ana.headers)).statusCode).toBe(200);
    }
    expect((await inject('GET', `/api/v1/relatorios/${id}`, {})).statusCode).toBe(401);
    expect((await inject('GET', '/api/v1/relatorios/nao-e-um-uuid', elisa.headers)).statusCode).toBe(404);
    const meus = (await inject('GET', '/api/v1/relatorios', gabi.headers)).json();
    expect(meus.items.some((r: { id: string }) => r.id === id)).toBe(false);
  });

  it('exige a permissão de acesso do cadastro e valida filtro, ordenação e formato na hora', async () => {
    const negado = await inject('POST', '/api/v1/produto/marcas/relatorio', carlos.headers);
    expect(negado.statusCode).toBe(403);
    expect(negado.json().message).toBe('Você não tem permissão para acessar ou alterar marcas.');
    const filtro = await inject('POST', '/api/v1/produto/marcas/relatorio?q=inexistente==1', elisa.headers);
    expect(filtro.statusCode).toBe(400);
    const ordem = await inject('POST', '/api/v1/produto/marcas/relatorio?sort=senha', elisa.headers);
    expect(ordem.statusCode).toBe(400);
    const formato = await inject('POST', '/api/v1/produto/marcas/relatorio?formato=doc', elisa.headers);
    expect(formato.json().message).toBe('Formato de relatório inválido: use pdf ou xlsx.');
    const param = await inject('POST', '/api/v1/produto/marcas/relatorio?qq=1', elisa.headers);
    expect(param.statusCode).toBe(400);
  });

  it('XLSX: planilha com cabeçalho, filtros e as linhas filtradas', async () => {
    const res = await inject(
      'POST',
      '/api/v1/produto/marcas/relatorio?formato=xlsx&q=descricao==*Zeta*',
      elisa.headers,
    );
    expect(res.statusCode).toBe(202);
    const r = await pronto(res.json().id, elisa.headers);
    expect(r.nomeArquivo).toBe('Marcas.xlsx');
    const arq = await inject('GET', `/api/v1/relatorios/${r.id}/arquivo`, elisa.headers);
    expect(arq.headers['content-disposition']).toContain('attachment');
    expect(arq.rawPayload.subarray(0, 2).toString()).toBe('PK');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(arq.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    const textos = ws.getSheetValues().flatMap((linha) => (Array.isArray(linha) ? linha.map(String) : []));
    expect(textos).toContain('Bela Vida');
    expect(textos).toContain('Marcas');
    expect(textos).toContain('Filtros: Descrição contém "Zeta"');
    expect(textos).toContain('Zeta Relatório Ação 2');
    expect(textos).toContain('1 registro.');
  });
});

describe('filtros com nomes (#27.13)', () => {
  it('a loja do filtro sai pelo nome, não pelo id: "Loja em (1 - Shopping Curitiba, 2 - Londrina)"', async () => {
    const { rows } = await adminQuery<{ id: number; nome: string }>(
      t.ownerUrl,
      `select l.id, coalesce(l.fantasia, l.sigla) as nome from loja l join assinante a on a.id = l.assinante_id
        where a.id = (select assinante_id from usuario where username = 'ana.admin' limit 1) order by l.id limit 2`,
    );
    const ids = rows.map((r) => r.id).join(',');
    const res = await inject(
      'POST',
      `/api/v1/estoque/locais-estoque/relatorio?formato=xlsx&q=${encodeURIComponent(`lojaId=in=(${ids})`)}`,
      ana.headers,
    );
    expect(res.statusCode, res.body).toBe(202);
    const r = await pronto(res.json().id, ana.headers);
    const arq = await inject('GET', `/api/v1/relatorios/${r.id}/arquivo`, ana.headers);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(arq.rawPayload as unknown as ArrayBuffer);
    const textos = wb.worksheets[0]!.getSheetValues().flatMap((l) => (Array.isArray(l) ? l.map(String) : []));
    const filtro = textos.find((x) => x.startsWith('Filtros: Loja em ('));
    expect(filtro, textos.join(' | ')).toBeDefined();
    for (const l of rows) expect(filtro).toContain(`${l.id} - ${l.nome}`);
    expect(filtro).not.toMatch(/\(\d+(, \d+)*\)/);
  });
});

describe('limite por usuário', () => {
  it('com 5 relatórios em processamento, o sexto pedido é recusado (429)', async () => {
    await adminQuery(
      t.ownerUrl,
      `insert into relatorio (assinante_id, usuario_id, tipo, titulo, formato)
       select assinante_id, id, 'LISTA_CADASTRO', 'Marcas', 'PDF' from usuario, generate_series(1, 5)
        where username = 'gabi.consulta' and assinante_id = (select id from assinante where 'localhost' = any (hosts))`,
    );
    const res = await inject('POST', '/api/v1/produto/marcas/relatorio', gabi.headers);
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toBe(
      'Você já tem 5 relatórios em processamento. Aguarde a conclusão deles para solicitar outro.',
    );
    // others are not held back by it
    expect((await inject('POST', '/api/v1/produto/marcas/relatorio', elisa.headers)).statusCode).toBe(202);
    await adminQuery(t.ownerUrl, `delete from relatorio where status = 'PROCESSANDO' and instancia is null`);
  });
});

describe('histórico de alterações de um registro', () => {
  it('gera o PDF da trilha de auditoria; registro inexistente é 404; sem permissão 403', async () => {
    const res = await inject('POST', `/api/v1/produto/marcas/${marcaId}/historico`, gabi.headers);
    expect(res.statusCode).toBe(202);
    expect(res.json().titulo).toBe(`Histórico de alterações — Marca ${marcaId} - Zeta Relatório Ação 2`);
    const r = await pronto(res.json().id, gabi.headers);
    const arq = await inject('GET', `/api/v1/relatorios/${r.id}/arquivo`, gabi.headers);
    expect(arq.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await inject('POST', '/api/v1/produto/marcas/999999/historico', gabi.headers)).statusCode).toBe(404);
    expect((await inject('POST', `/api/v1/produto/marcas/${marcaId}/historico`, carlos.headers)).statusCode).toBe(403);
  });

  it('descreve inclusão e alteração campo a campo (de antes para depois)', () => {
    const campos = new Map([
      ['descricao', { name: 'descricao', type: 'text' as const, label: 'Descrição' }],
      ['preco', { name: 'preco', type: 'money' as const, label: 'Preço' }],
      ['ativo', { name: 'ativo', type: 'boolean' as const, label: 'Ativo' }],
    ]);
    expect(mudancas(campos, null, { id: 1, descricao: 'A', preco: '10.5', ativo: true, versao: 1 })).toEqual([
      'Descrição: A',
      'Preço: R$ 10,50',
      'Ativo: Sim',
    ]);
    expect(
      mudancas(
        campos,
        { descricao: 'A', preco: '1234.5', ativo: true, versao: 1 },
        { descricao: 'B', preco: '1234.5', ativo: false, versao: 2 },
      ),
    ).toEqual(['Descrição: de A para B', 'Ativo: de Sim para Não']);
  });
});

describe('trabalho de uma instância que morreu', () => {
  // Before the job engine, such a report became ERRO ('servidor reiniciado'); now it is retried.
  it('o relatório cuja instância parou de pulsar é gerado de novo por outra; os antigos expiram', async () => {
    const { rows } = await adminQuery<{ id: string; assinanteId: number; usuarioId: number }>(
      t.ownerUrl,
      `insert into relatorio (assinante_id, usuario_id, tipo, titulo, formato, parametros)
       select assinante_id, id, 'HISTORICO_REGISTRO', 'Histórico órfão', 'PDF',
              jsonb_build_object('cadastro', 'marca', 'id', '${marcaId}', 'registro', 'órfão')
         from usuario where username = 'elisa.compras' and assinante_id = (select id from assinante where 'localhost' = any (hosts))
       returning id, assinante_id as "assinanteId", usuario_id as "usuarioId"`,
    );
    const { id, assinanteId, usuarioId } = rows[0]!;
    await adminQuery(
      t.ownerUrl,
      `insert into tarefa (assinante_id, id, usuario_id, tipo, fila, titulo, status, tentativas)
       values ($1, $2, $3, 'relatorio', 'relatorio', 'Histórico órfão', 'PROCESSANDO', 1)`,
      [assinanteId, id, usuarioId],
    );
    // the job as a dead instance left it: active, its last heartbeat long ago
    await t.app.tarefas.boss.send(
      'relatorio',
      { tarefaId: id, tipo: 'relatorio', assinanteId, usuarioId, dados: { relatorioId: id } },
      { id, group: { id: String(assinanteId) }, startAfter: 3600 },
    );
    await adminQuery(
      t.ownerUrl,
      `update pgboss.job set state = 'active', start_after = now(), started_on = now() - interval '1 hour',
         heartbeat_on = now() - interval '1 hour' where id = $1`,
      [id],
    );
    const { rows: velhos } = await adminQuery<{ id: string }>(
      t.ownerUrl,
      `insert into relatorio (assinante_id, usuario_id, tipo, titulo, formato, status, criado_em)
       select assinante_id, id, 'LISTA_CADASTRO', 'Marcas', 'PDF', 'ERRO', now() - interval '8 days'
         from usuario where username = 'elisa.compras' and assinante_id = (select id from assinante where 'localhost' = any (hosts)) returning id`,
    );
    const r = await pronto(id, elisa.headers);
    expect(r.tamanho).toBeGreaterThan(1000);
    // the file is stored first; the job's record is settled right after, by the engine, in its own transaction
    await expect
      .poll(async () => (await inject('GET', `/api/v1/tarefas/${id}`, elisa.headers)).json(), { timeout: 10_000 })
      .toMatchObject({ status: 'CONCLUIDO', tipo: 'relatorio', tentativas: 2 });
    const recentes = (await inject('GET', '/api/v1/notificacoes/recentes', elisa.headers)).json();
    const aviso = (recentes.items as { titulo: string; link: string }[]).find(
      (n) => n.link === `/visualizacao-relatorio/${id}`,
    );
    expect(aviso).toMatchObject({ titulo: 'Relatório pronto' });
    // and the reports finished more than 7 days ago go at the next expiry (an hourly pg-boss schedule: see
    // test/jobs/agendas.test.ts for the schedule itself)
    expect(await expirarRelatorios(t.db)).toBeGreaterThanOrEqual(1);
    expect((await inject('GET', `/api/v1/relatorios/${velhos[0]!.id}`, elisa.headers)).statusCode).toBe(404);
  });
});
