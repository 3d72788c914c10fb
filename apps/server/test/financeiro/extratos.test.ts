/**
 * OFX import through the real app (domain §2.3): preview unless confirmed, identity of lines (a re-import
 * adds nothing, two identical fee lines stay two), future lines, the account found by bank + branch + account
 * or forced, store scope, the delete rule, and bad input as Portuguese 422/413 with nothing imported.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminQuery, createTestApp, type TestApp } from '../helpers/app';
import { login } from '../helpers/auth';

let t: TestApp;
let fin: Record<string, string>;
let consulta: Record<string, string>;
let contas: Record<string, number>;
let assinanteId: number;

const trn = (tipo: string, data: string, valor: string, fit: string, memo: string) =>
  `<STMTTRN><TRNTYPE>${tipo}<DTPOSTED>${data}<TRNAMT>${valor}<FITID>${fit}<MEMO>${memo}</STMTTRN>\n`;
const ofx = (trns: string, conta = '<BANKID>001<BRANCHID>1234-3<ACCTID>56789-2', servidor = '20260531120000') =>
  Buffer.from(
    `OFXHEADER:100\nDATA:OFXSGML\nVERSION:102\nCHARSET:1252\n\n<OFX><SIGNONMSGSRSV1><SONRS><STATUS><CODE>0<SEVERITY>INFO</STATUS>` +
      `<DTSERVER>${servidor}<LANGUAGE>POR</SONRS></SIGNONMSGSRSV1><BANKMSGSRSV1><STMTTRNRS><TRNUID>1<STMTRS><CURDEF>BRL` +
      `<BANKACCTFROM>${conta}<ACCTTYPE>CHECKING</BANKACCTFROM><BANKTRANLIST><DTSTART>20260501<DTEND>20260531\n${trns}` +
      `</BANKTRANLIST><LEDGERBAL><BALAMT>1000,00<DTASOF>20260531</LEDGERBAL></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>\n`,
    'latin1',
  );
const TAR = trn('FEE', '20260510', '-12,90', '', 'TAR PACOTE MAIO');
const MAIO =
  trn('CREDIT', '20260505', '1500,00', 'P1', 'PIX RECEBIDO MARIA') +
  TAR +
  TAR +
  trn('DEBIT', '20260512', '-830,45', 'B7', 'PAGTO BOLETO FORNECEDOR') +
  trn('DEBIT', '20260602', '-50,00', 'F1', 'AGENDADO');

const importar = (corpo: Buffer, query = '', headers = fin) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/financeiro/extratos${query}`,
    headers: {
      ...headers,
      'content-type': 'application/octet-stream',
      'content-disposition': 'attachment; filename="maio.ofx"',
    },
    payload: corpo,
  });

beforeAll(async () => {
  t = await createTestApp();
  fin = (await login(t, 'beatriz.fin')).headers; // Financeiro, BV01 + BV02
  consulta = (await login(t, 'gabi.consulta')).headers;
  const { rows } = await adminQuery<{ descricao: string; id: number; assinante_id: number }>(
    t.ownerUrl,
    `select c.descricao, c.id, c.assinante_id from conta_corrente c where c.descricao in ('BB Shopping Curitiba', 'Itaú Londrina')`,
  );
  contas = Object.fromEntries(rows.map((r) => [r.descricao, r.id]));
  assinanteId = rows[0]!.assinante_id;
});
afterAll(() => t?.close());

/** the imports of the BB account made by this file (the demo's June on BB and its Itaú imports are its own) */
const lista = async (conta?: number, comDemo = false) =>
  (
    await t.app.inject({
      url: `/api/v1/financeiro/extratos?contaCorrenteId=${conta ?? contas['BB Shopping Curitiba']}`,
      headers: fin,
    })
  )
    .json()
    .items.filter((e: { nomeArquivo: string | null }) => comDemo || !DEMO.includes(e.nomeArquivo ?? ''));
const DEMO = ['bb-junho-2026.ofx', 'itau-maio-2026.ofx', 'itau-junho-2026.ofx'];

describe('OFX import', () => {
  it('previews without writing, then imports; identical fee lines stay two; lines after DTSERVER are future', async () => {
    const previa = await importar(ofx(MAIO));
    expect(previa.statusCode).toBe(200);
    expect(previa.headers.previa).toBe('true');
    expect(previa.json().extratos).toEqual([
      expect.objectContaining({
        id: null,
        contaCorrenteId: contas['BB Shopping Curitiba'],
        banco: '001',
        conta: '56789-2',
        inicio: '2026-05-01',
        fim: '2026-05-31',
        saldo: '1000.00',
        linhas: 5,
        novas: 4,
        futuras: 1,
        repetidas: 0,
        creditos: '1500.00',
        debitos: '906.25',
      }),
    ]);
    expect(await lista()).toEqual([]);

    const ok = await importar(ofx(MAIO), '?confirmar=true');
    expect(ok.statusCode, ok.body).toBe(200);
    const [e] = ok.json().extratos;
    expect(e).toMatchObject({ novas: 4, futuras: 1, repetidas: 0 });
    expect(e.id).toEqual(expect.any(Number));
    const [item] = await lista();
    expect(item).toMatchObject({ id: e.id, nomeArquivo: 'maio.ofx', linhas: 5, conciliadas: 0, status: 'IMPORTADO' });
    const linhas = (await t.app.inject({ url: `/api/v1/financeiro/extratos/${e.id}/linhas`, headers: fin })).json()
      .items;
    expect(linhas.map((l: { valor: string; futura: boolean }) => [l.valor, l.futura])).toEqual([
      ['1500.00', false],
      ['-12.90', false],
      ['-12.90', false],
      ['-830.45', false],
      ['-50.00', true],
    ]);
    expect(linhas[0]).toMatchObject({
      fitId: 'P1',
      tipo: 'CREDIT',
      descricao: 'PIX RECEBIDO MARIA',
      conciliado: false,
    });
  });

  it('a re-import adds nothing; the same file with one more fee adds only it', async () => {
    const de = await importar(ofx(MAIO), '?confirmar=true');
    expect(de.json().extratos[0]).toMatchObject({ id: null, novas: 0, futuras: 0, repetidas: 5 });
    expect(await lista()).toHaveLength(1);
    const mais = await importar(ofx(MAIO + TAR), '?confirmar=true');
    expect(mais.json().extratos[0]).toMatchObject({ novas: 1, repetidas: 5 });
    expect(await lista()).toHaveLength(2);
  });

  it('multipart works too', async () => {
    const b = '----x';
    const corpo = Buffer.concat([
      Buffer.from(
        `--${b}\r\nContent-Disposition: form-data; name="arquivo"; filename="junho.ofx"\r\nContent-Type: application/x-ofx\r\n\r\n`,
      ),
      ofx(trn('CREDIT', '20260520', '10.00', 'MP', 'DEP')),
      Buffer.from(`\r\n--${b}--\r\n`),
    ]);
    const r = await t.app.inject({
      method: 'POST',
      url: '/api/v1/financeiro/extratos',
      headers: { ...fin, 'content-type': `multipart/form-data; boundary=${b}` },
      payload: corpo,
    });
    expect(r.statusCode).toBe(200);
    expect(r.json().extratos[0]).toMatchObject({ novas: 1, contaCorrenteId: contas['BB Shopping Curitiba'] });
  });

  it('an unknown account: the preview offers the accounts, confirming asks for one, ?contaCorrenteId= forces it', async () => {
    const outra = ofx(trn('CREDIT', '20260520', '10', 'U1', 'X'), '<BANKID>033<BRANCHID>1<ACCTID>999');
    const p = await importar(outra);
    expect(p.json().extratos[0]).toMatchObject({ contaCorrenteId: null });
    expect(p.json().extratos[0].contasPossiveis.map((c: { id: number }) => c.id)).toContain(contas['Itaú Londrina']);
    const c = await importar(outra, '?confirmar=true');
    expect(c.statusCode).toBe(422);
    expect(c.json().erros[0]).toMatchObject({ campo: 'contaCorrenteId' });
    expect(c.json().erros[0].mensagem).toMatch(/nenhuma conta corrente sua corresponde/i);
    const f = await importar(outra, `?confirmar=true&contaCorrenteId=${contas['Itaú Londrina']}`);
    expect(f.json().extratos[0]).toMatchObject({ contaCorrenteId: contas['Itaú Londrina'], novas: 1 });
  });

  it("another store's account is neither listed nor imported into", async () => {
    const itau = contas['Itaú Londrina']!;
    await adminQuery(
      t.ownerUrl,
      `update conta_corrente c set loja_id = l.id from loja l where l.assinante_id = c.assinante_id and l.sigla = 'BV03' and c.id = $1`,
      [itau],
    );
    try {
      const todas = (await t.app.inject({ url: '/api/v1/financeiro/extratos', headers: fin })).json().items;
      expect(todas.length).toBeGreaterThan(0);
      expect(todas.some((e: { contaCorrenteId: number }) => e.contaCorrenteId === itau)).toBe(false);
      expect(await lista(itau, true)).toEqual([]);
      const r = await importar(
        ofx(trn('CREDIT', '20260521', '5', 'S1', 'X'), '<BANKID>341<BRANCHID>0457<ACCTID>12345-3'),
        '?confirmar=true',
      );
      expect(r.statusCode).toBe(422);
      const f = await importar(
        ofx(trn('CREDIT', '20260521', '5', 'S1', 'X')),
        `?confirmar=true&contaCorrenteId=${itau}`,
      );
      expect(f.json().erros[0]).toMatchObject({
        campo: 'contaCorrenteId',
        mensagem: expect.stringMatching(/conta corrente não encontrada/i),
      });
    } finally {
      await adminQuery(
        t.ownerUrl,
        `update conta_corrente c set loja_id = l.id from loja l where l.assinante_id = c.assinante_id and l.sigla = 'BV02' and c.id = $1`,
        [itau],
      );
    }
  });

  it.each([
    ['not OFX', Buffer.from('Data;Valor\n01/05/2026;10,00\n'), /não é um extrato OFX/],
    ['truncated', ofx(MAIO).subarray(0, 400), /incompleto/],
    ['three decimals', ofx(trn('DEBIT', '20260505', '-1,005', 'Z', 'X')), /Linha \d+: valor com mais de duas casas/],
  ])('refuses %s: a Portuguese 422 on the file, nothing imported', async (_caso, corpo, msg) => {
    const antes = (await lista()).length;
    const r = await importar(corpo, '?confirmar=true');
    expect(r.statusCode).toBe(422);
    expect(r.json().erros[0].campo).toBe('arquivo');
    expect(r.json().erros[0].mensagem).toMatch(msg);
    expect(await lista()).toHaveLength(antes);
  });

  it('refuses a file above the import limit (413) and a user without the permission (403)', async () => {
    expect((await importar(Buffer.alloc(20 * 1024 * 1024 + 10, 32))).statusCode).toBe(413);
    expect((await importar(ofx(MAIO), '?confirmar=true', consulta)).statusCode).toBe(403);
  });

  it('the limit is the tenant setting financeiro.extratoLimiteMb (20 MB by default, at most the uploads 50)', async () => {
    const limite = (valor: number) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/v1/configuracoes/financeiro.extratoLimiteMb',
        headers: fin,
        payload: { valor },
      });
    expect((await limite(1)).statusCode).toBe(200);
    const grande = await importar(Buffer.alloc(1024 * 1024 + 100 * 1024, 32));
    expect(grande.statusCode).toBe(413);
    expect(grande.json().message).toMatch(/1 MB|1,0 MB|1MB/);
    expect((await limite(51)).statusCode).toBe(422);
    expect((await limite(20)).statusCode).toBe(200);
  });

  it('deletes an import only while none of its lines is reconciled', async () => {
    const [ultimo] = await lista();
    const { rows } = await adminQuery<{ id: string }>(
      t.ownerUrl,
      `select id::text from extrato_linha where extrato_id = $1`,
      [ultimo.id],
    );
    const c = await adminQuery<{ id: string }>(
      t.ownerUrl,
      `insert into conciliacao (assinante_id, conta_corrente_id) values ($1, $2) returning id::text`,
      [assinanteId, ultimo.contaCorrenteId],
    );
    await adminQuery(
      t.ownerUrl,
      `insert into conciliacao_linha (assinante_id, conciliacao_id, linha_id) values ($1, $2, $3)`,
      [assinanteId, c.rows[0]!.id, rows[0]!.id],
    );
    const del = () => t.app.inject({ method: 'DELETE', url: `/api/v1/financeiro/extratos/${ultimo.id}`, headers: fin });
    const recusa = await del();
    expect(recusa.statusCode).toBe(409);
    expect(recusa.json().message).toMatch(/desconcilie/);
    expect((await lista())[0].status).toBe('CONCILIADO');
    await adminQuery(t.ownerUrl, `update conciliacao_linha set ativo = false where conciliacao_id = $1`, [
      c.rows[0]!.id,
    ]);
    expect((await del()).statusCode).toBe(200);
    expect((await lista()).some((e: { id: number }) => e.id === ultimo.id)).toBe(false);
    // its lines go with it (deleted explicitly: they hold no reference to the header, 0424)
    const sobra = await adminQuery<{ n: number }>(
      t.ownerUrl,
      `select count(*)::int as n from extrato_linha where extrato_id = $1`,
      [ultimo.id],
    );
    expect(sobra.rows[0]!.n).toBe(0);
  });
});

describe('bank reconciliation', () => {
  const bb = () => contas['BB Shopping Curitiba']!;
  const painel = async (inicio = '2026-05-01', fim = '2026-05-31') =>
    t.app.inject({
      url: `/api/v1/financeiro/contas-correntes/${bb()}/conciliacao?inicio=${inicio}&fim=${fim}`,
      headers: fin,
    });
  const post = (resto: string, payload: object) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/financeiro/contas-correntes/${bb()}/conciliacoes${resto}`,
      headers: fin,
      payload,
    });
  const lancar = (payload: object) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/financeiro/contas-correntes/${bb()}/lancamentos`,
      headers: fin,
      payload,
    });

  it('suggests 1:1 pairs (same sign, cents, ±3 days), confirms them all, locks both sides, generates a fee entry, undoes', async () => {
    const credito = (
      await lancar({ data: '2026-05-06', tipo: 'CREDITO', valor: '1500.00', complemento: 'PIX Maria' })
    ).json();
    const debito = (await lancar({ data: '2026-05-14', tipo: 'DEBITO', valor: '830.45' })).json();
    await lancar({ data: '2026-05-25', tipo: 'DEBITO', valor: '830.45' }); // outside the window of the boleto
    const p = await painel();
    expect(p.statusCode).toBe(200);
    const { linhas, sugestoes, janelaDias } = p.json();
    expect(janelaDias).toBe(3);
    const pix = linhas.find((l: { descricao: string }) => l.descricao === 'PIX RECEBIDO MARIA');
    const boleto = linhas.find((l: { descricao: string }) => l.descricao === 'PAGTO BOLETO FORNECEDOR');
    const tarifas = linhas.filter((l: { descricao: string }) => l.descricao === 'TAR PACOTE MAIO');
    expect(sugestoes).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ linhas: [pix.id], lancamentos: [credito.id], tipo: '1:1' }),
        expect.objectContaining({ linhas: [boleto.id], lancamentos: [debito.id], tipo: '1:1' }),
      ]),
    );

    // a manual match with a wrong sum is refused; confirming all suggestions reconciles them at once
    const errada = await post('', { grupos: [{ linhas: [pix.id], lancamentos: [debito.id] }] });
    expect(errada.statusCode).toBe(422);
    expect(errada.json().erros[0].mensagem).toMatch(
      /soma das linhas \(1500.00\) é diferente da soma dos lançamentos \(-830.45\)/,
    );
    const ok = await post('', {
      grupos: sugestoes.map((s: { linhas: string[]; lancamentos: string[] }) => ({
        linhas: s.linhas,
        lancamentos: s.lancamentos,
      })),
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().conciliacoes).toHaveLength(sugestoes.length);
    expect((await post('', { grupos: [{ linhas: [pix.id], lancamentos: [credito.id] }] })).statusCode).toBe(409);
    const depois = (await painel()).json();
    expect(depois.linhas.map((l: { id: string }) => l.id)).not.toContain(pix.id);
    // a reconciled entry is locked: no reversal
    const est = await t.app.inject({
      method: 'POST',
      url: `/api/v1/financeiro/contas-correntes/${bb()}/lancamentos/${credito.id}/estorno`,
      headers: fin,
      payload: {},
    });
    expect(est.statusCode).toBe(409);

    // "Gerar lançamento" from an unmatched fee line: posted as TARIFA on the line's date, reconciled at once
    const { rows: h } = await adminQuery<{ id: number }>(
      t.ownerUrl,
      `select id from historico_padrao where assinante_id = $1 and codigo = 2`,
      [assinanteId],
    );
    const gerado = await post('/gerar-lancamento', { linhaId: tarifas[0].id, historicoPadraoId: h[0]!.id });
    expect(gerado.statusCode, gerado.body).toBe(200);
    expect(gerado.json().lancamento).toMatchObject({
      data: '2026-05-10',
      tipo: 'DEBITO',
      valor: '12.90',
      origem: 'TARIFA',
      conciliado: true,
    });
    expect((await post('/gerar-lancamento', { linhaId: tarifas[0].id, historicoPadraoId: h[0]!.id })).statusCode).toBe(
      409,
    );

    // Desconciliar undoes: the line is pending again; twice is refused
    const conc = ok.json().conciliacoes.find((c: { linhas: string[] }) => c.linhas.includes(pix.id));
    expect((await post(`/${conc.id}/desfazer`, {})).statusCode).toBe(200);
    expect((await painel()).json().linhas.map((l: { id: string }) => l.id)).toContain(pix.id);
    expect((await post(`/${conc.id}/desfazer`, {})).statusCode).toBe(409);
  });

  it('the panel compares the system balance with the statement and refuses a period over 31 days', async () => {
    const p = (await painel()).json();
    expect(p.saldoExtrato).toBe('1000.00');
    expect(p.diferenca).toBe((Number(p.saldoSistema) - 1000).toFixed(2));
    const longo = await painel('2026-05-01', '2026-06-01');
    expect(longo.statusCode).toBe(422);
    expect(longo.json().erros[0].campo).toBe('fim');
  });
});

describe('demo treasury', () => {
  it("the Itaú account holds May's 14 lines and June's new ones (3 FITIDs repeated), and suggestions 1:1 and 1:N", async () => {
    // run first in a fresh app this would be the seed alone; here the file's other tests touched only BB (and
    // one forced line, moved back), so the demo imports are the first two of the account
    const itau = contas['Itaú Londrina']!;
    const imports = (await lista(itau, true)).filter((e: { nomeArquivo: string }) =>
      e.nomeArquivo?.startsWith('itau-'),
    );
    expect(imports.map((e: { nomeArquivo: string; linhas: number }) => [e.nomeArquivo, e.linhas])).toEqual([
      ['itau-junho-2026.ofx', 3],
      ['itau-maio-2026.ofx', 14],
    ]);
    const p = (
      await t.app.inject({
        url: `/api/v1/financeiro/contas-correntes/${itau}/conciliacao?inicio=2026-05-01&fim=2026-05-31`,
        headers: fin,
      })
    ).json();
    const tipos = p.sugestoes.map((s: { tipo: string }) => s.tipo);
    expect(tipos).toContain('1:N');
    expect(p.sugestoes.find((s: { mesmoDocumento: boolean }) => s.mesmoDocumento)).toBeTruthy();
    expect(p.linhas.length).toBeGreaterThan(5);
  });

  it("the BB account holds June's 8 lines: a PIX, a boleto by its document, a Cielo 1:N, a fee for the rule", async () => {
    const bb = contas['BB Shopping Curitiba']!;
    const [junho] = (await lista(bb, true)).filter(
      (e: { nomeArquivo: string }) => e.nomeArquivo === 'bb-junho-2026.ofx',
    );
    expect(junho).toMatchObject({ linhas: 8, saldo: '17065.19', fim: '2026-06-30' });
    const p = (
      await t.app.inject({
        url: `/api/v1/financeiro/contas-correntes/${bb}/conciliacao?inicio=2026-06-01&fim=2026-06-30`,
        headers: fin,
      })
    ).json();
    const s = p.sugestoes as { tipo: string; mesmoDocumento: boolean }[];
    expect(s.filter((x) => x.tipo === '1:1')).toHaveLength(4); // PIX, boleto, TED, deposit
    expect(s.filter((x) => x.tipo === '1:N')).toHaveLength(1); // Cielo = two títulos
    expect(s.some((x) => x.mesmoDocumento)).toBe(true);
    expect(p.linhas.map((l: { descricao: string }) => l.descricao)).toEqual(
      expect.arrayContaining(['TAR PACOTE SERVICOS', 'TAR PIX', 'PAGTO AGUA SANEPAR']),
    );
  });
});

describe('a large statement as a job', () => {
  const tarefa = async (id: string) => {
    for (let i = 0; i < 240; i++) {
      const r = (await t.app.inject({ url: `/api/v1/tarefas/${id}`, headers: fin })).json();
      if (!['PENDENTE', 'PROCESSANDO'].includes(r.status)) return r;
      await new Promise((ok) => setTimeout(ok, 250));
    }
    throw new Error('a tarefa não terminou');
  };
  // July on BB: no other test reads this month
  const JULHO =
    trn('CREDIT', '20260703', '77,00', 'J1', 'PIX RECEBIDO JULHO') + trn('FEE', '20260704', '-7,70', 'J2', 'TAR JULHO');

  it('past the synchronous limit the import answers 202 and a job whose result is the same answer', async () => {
    // whitespace between tags is read as nothing: the file passes 2 MB with the same two lines
    const corpo = Buffer.concat([ofx(JULHO, undefined, '20260731120000'), Buffer.alloc(2_200_000, '\n')]);
    const previa = await importar(corpo);
    expect(previa.statusCode, previa.body).toBe(200); // the preview stays synchronous
    expect(previa.json().extratos[0]).toMatchObject({ id: null, novas: 2 });
    const r = await importar(corpo, '?confirmar=true');
    expect(r.statusCode, r.body).toBe(202);
    expect(r.headers.location).toBe(`/api/v1/tarefas/${r.json().tarefaId}`);
    const fim = await tarefa(r.json().tarefaId);
    expect(fim).toMatchObject({ status: 'CONCLUIDO', progresso: { feito: 3, total: 3 } });
    const [e] = fim.resultado.extratos;
    expect(e).toMatchObject({ contaCorrenteId: contas['BB Shopping Curitiba'], novas: 2, repetidas: 0 });
    expect(e.id).toEqual(expect.any(Number));
    expect((await lista()).some((x: { id: number }) => x.id === e.id)).toBe(true);

    // ?tarefa=false keeps it synchronous: the same file again adds nothing
    const de = await importar(corpo, '?confirmar=true&tarefa=false');
    expect(de.statusCode).toBe(200);
    expect(de.json().extratos[0]).toMatchObject({ id: null, novas: 0, repetidas: 2 });
  });

  it('a refused file ends the job in error with the Portuguese reason, nothing imported', async () => {
    const antes = (await lista()).length;
    const r = await importar(Buffer.from('isto não é um OFX'), '?confirmar=true');
    expect(r.statusCode).toBe(422); // small and synchronous: refused at once
    const emTarefa = await t.app.inject({
      method: 'POST',
      url: '/api/v1/financeiro/extratos/tarefa',
      headers: {
        ...fin,
        'content-type': 'application/octet-stream',
        'content-disposition': 'attachment; filename="ruim.ofx"',
      },
      payload: Buffer.from('isto não é um OFX'),
    });
    expect(emTarefa.statusCode, emTarefa.body).toBe(202);
    const fim = await tarefa(emTarefa.json().tarefaId);
    expect(fim.status).toBe('ERRO');
    expect(fim.erro).toMatch(/O arquivo não foi importado/);
    expect(await lista()).toHaveLength(antes);
  });

  it('the job runs as its owner: a read-only user cannot start it', async () => {
    const r = await t.app.inject({
      method: 'POST',
      url: '/api/v1/financeiro/extratos/tarefa',
      headers: {
        ...consulta,
        'content-type': 'application/octet-stream',
        'content-disposition': 'attachment; filename="julho.ofx"',
      },
      payload: ofx(JULHO),
    });
    expect(r.statusCode).toBe(403);
  });
});
