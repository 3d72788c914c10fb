/**
 * Issue #26.4 through HTTP: read-only users refused before a byte is read, each kind's own permission,
 * quotas per user (429) and per tenant (413), no dedupe oracle (another user's same bytes are a record
 * of one's own, their id never named), a multipart body cut before its closing boundary answered 408 on a
 * real socket within BODY_TIMEOUT_MS, and the retention sweep (rows, contents and large objects go).
 */
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liberarArquivos, varrerArquivos, vincularArquivo } from '../../src/http/upload';
import { adminQuery, createTestApp, type TestApp } from '../helpers/app';
import { login } from '../helpers/auth';

const CORPO_MS = 400;
const COTA_USUARIO = 300_000;
const COTA_ASSINANTE = 700_000;
const AMBIENTE = {
  BODY_TIMEOUT_MS: String(CORPO_MS),
  UPLOAD_COTA_USUARIO_BYTES: String(COTA_USUARIO),
  UPLOAD_COTA_ASSINANTE_BYTES: String(COTA_ASSINANTE),
};
let t: TestApp;
const h: Record<string, Record<string, string>> = {};

beforeAll(async () => {
  Object.assign(process.env, AMBIENTE);
  t = await createTestApp();
  for (const u of ['diego.estoque', 'gabi.consulta', 'ana.admin', 'beatriz.fin', 'elisa.compras'])
    h[u] = (await login(t, u)).headers;
});
afterAll(async () => {
  for (const k of Object.keys(AMBIENTE)) delete process.env[k];
  await t?.close();
});

const enviar = (quem: string, bytes: Buffer | string, tipo = 'coletor', nome = 'itens.csv') =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/arquivos?tipo=${tipo}&nome=${nome}`,
    headers: { ...h[quem], 'content-type': 'text/csv' },
    payload: bytes,
  });
const contar = async (sql: string) => Number((await adminQuery<{ n: string }>(t.ownerUrl, sql)).rows[0]!.n);

describe('who may upload', () => {
  it('a read-only user is refused with 403, nothing stored', async () => {
    const res = await enviar('gabi.consulta', 'a;b\n');
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Você não tem permissão para acessar ou alterar arquivos.');
    expect(await contar('select count(*) as n from arquivo_enviado')).toBe(0);
  });

  it("each kind asks its own workflow's permission", async () => {
    expect((await enviar('beatriz.fin', 'OFXHEADER:100', 'extrato-bancario', 'extrato.ofx')).statusCode).toBe(201);
    const coletor = await enviar('beatriz.fin', '789;1\n');
    expect(coletor.statusCode).toBe(403);
    expect(coletor.json().message).toBe('Você não tem permissão para acessar ou alterar arquivo de coletor.');
    expect((await enviar('diego.estoque', 'OFXHEADER:100', 'extrato-bancario', 'extrato.ofx')).statusCode).toBe(403);
  });
});

describe('dedupe without an oracle', () => {
  it("another user's exact bytes make that user's own record; the first id is never named", async () => {
    const bytes = Buffer.from('7891234567895;3\n7891234567896;1\n');
    const deDiego = await enviar('diego.estoque', bytes);
    expect(deDiego.statusCode).toBe(201);
    const deAna = await enviar('ana.admin', bytes);
    expect(deAna.statusCode).toBe(201);
    const corpo = deAna.json();
    expect(Object.keys(corpo).sort()).toEqual(['expiraEm', 'id', 'sha256', 'tamanho', 'tipo']);
    expect(corpo.id).not.toBe(deDiego.json().id);
    expect(deAna.body).not.toContain(deDiego.json().id);
    // and one cannot read the other's file by its id
    const alheio = await t.app.inject({
      method: 'GET',
      url: `/api/v1/arquivos/${deDiego.json().id}`,
      headers: h['ana.admin'],
    });
    expect(alheio.statusCode).toBe(404);
    // stored once per sender: no timing difference tells that someone else holds the bytes
    const sha = corpo.sha256;
    expect(await contar(`select count(*) as n from arquivo_conteudo where sha256 = '${sha}'`)).toBe(2);
  });
});

/** Sends `cabecalho` + `corpo` on a real socket and resolves with what the server answers and when. */
function enviarParado(porta: number, cabecalho: string, corpo: Buffer): Promise<{ resposta: string; ms: number }> {
  return new Promise((resolve, reject) => {
    const inicio = Date.now();
    let resposta = '';
    const s = net.connect(porta, '127.0.0.1', () => s.write(Buffer.concat([Buffer.from(cabecalho), corpo])));
    s.on('data', (d) => {
      resposta += d.toString('utf8');
    });
    s.on('close', () => resolve({ resposta, ms: Date.now() - inicio }));
    s.on('error', reject);
    // a guard, not a wait: today's server never answers, the test must end
    setTimeout(() => {
      s.destroy();
      resolve({ resposta: resposta || '(sem resposta)', ms: Date.now() - inicio });
    }, CORPO_MS + 8_000).unref();
  });
}

describe('a stalled body is answered', () => {
  let porta: number;
  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    porta = (t.app.server.address() as net.AddressInfo).port;
  });

  it('a multipart body cut before its closing boundary, with a correct Content-Length → 408 in the error shape', async () => {
    const parte = Buffer.from(
      '--fronteira\r\nContent-Disposition: form-data; name="arquivo"; filename="c.csv"\r\n' +
        'Content-Type: text/csv\r\n\r\n789;1\r\n',
    );
    const fim = Buffer.from('--fronteira--\r\n');
    const cabecalho =
      `POST /api/v1/arquivos?tipo=coletor HTTP/1.1\r\nHost: localhost\r\n` +
      `Authorization: ${h['diego.estoque']!.authorization}\r\n` +
      `Content-Type: multipart/form-data; boundary=fronteira\r\nContent-Length: ${parte.length + fim.length}\r\n\r\n`;
    const { resposta, ms } = await enviarParado(porta, cabecalho, parte);
    expect(resposta).toMatch(/^HTTP\/1\.1 408/);
    expect(resposta.toLowerCase()).toContain('connection: close');
    const json = JSON.parse(resposta.slice(resposta.indexOf('\r\n\r\n') + 4));
    expect(json.message).toBe('O envio da requisição parou por mais de 0,4 segundos e foi encerrado. Tente novamente.');
    expect(ms).toBeGreaterThanOrEqual(CORPO_MS);
    expect(ms).toBeLessThan(CORPO_MS + 3_000);
    console.log(`[upload] corpo multipart cortado: 408 em ${ms} ms (BODY_TIMEOUT_MS=${CORPO_MS})`);
  });

  it('so is a JSON body that stops half-way on any route', async () => {
    const corpo = Buffer.from('{"username":"diego.estoque",');
    const cabecalho =
      `POST /api/auth HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n` +
      `Content-Length: ${corpo.length + 30}\r\n\r\n`;
    const { resposta, ms } = await enviarParado(porta, cabecalho, corpo);
    expect(resposta).toMatch(/^HTTP\/1\.1 408/);
    expect(ms).toBeLessThan(CORPO_MS + 3_000);
  });
});

describe('retention', () => {
  it("an upload no document took goes after its kind's days; one a document holds stays until let go", async () => {
    const solto = (await enviar('diego.estoque', 'solto;1\n')).json();
    const preso = (await enviar('diego.estoque', 'preso;1\n')).json();
    const assinanteId = await contar(`select assinante_id as n from usuario where username = 'diego.estoque'`);
    await t.db.withTenant(assinanteId, (trx) => vincularArquivo(trx, preso.id, 'inventario:1'));
    // both are older than any retention now
    await adminQuery(
      t.ownerUrl,
      `update arquivo_enviado set enviado_em = now() - interval '400 days',
      expira_em = case when documento is null then now() - interval '1 day' end where id in ('${solto.id}', '${preso.id}')`,
    );
    const objetos = await contar('select count(*) as n from pg_largeobject_metadata');
    const v = await varrerArquivos(t.db);
    expect(v.arquivos).toBeGreaterThanOrEqual(1);
    expect(await contar(`select count(*) as n from arquivo_enviado where id = '${solto.id}'`)).toBe(0);
    expect(await contar(`select count(*) as n from arquivo_enviado where id = '${preso.id}'`)).toBe(1);
    expect(await contar(`select count(*) as n from arquivo_conteudo where sha256 = '${solto.sha256}'`)).toBe(0);
    expect(await contar('select count(*) as n from pg_largeobject_metadata')).toBe(objetos - 1);
    // the document is done: kept its kind's 90 days more, then swept
    await t.db.withTenant(assinanteId, (trx) => liberarArquivos(trx, 'inventario:1'));
    const dias = await contar(
      `select round(extract(epoch from expira_em - now()) / 86400) as n from arquivo_enviado where id = '${preso.id}'`,
    );
    expect(dias).toBe(90);
  });
});

describe('quotas', () => {
  it('per user in 24 hours (429) and per tenant (413), in Portuguese, nothing stored past them', async () => {
    expect((await enviar('diego.estoque', Buffer.alloc(200_000, 0x31))).statusCode).toBe(201);
    const usuario = await enviar('diego.estoque', Buffer.alloc(150_000, 0x32));
    expect(usuario.statusCode).toBe(429);
    expect(usuario.json().message).toBe(
      'Você atingiu o limite de envio de arquivos (0,3 MB em 24 horas). Tente novamente mais tarde.',
    );
    expect((await enviar('ana.admin', Buffer.alloc(250_000, 0x33))).statusCode).toBe(201);
    const antes = await contar('select count(*) as n from arquivo_enviado');
    const assinante = await enviar('elisa.compras', Buffer.alloc(250_000, 0x34), 'pedido-compra', 'pedido.csv');
    expect(assinante.statusCode).toBe(413);
    expect(assinante.json().message).toMatch(/^O espaço para arquivos desta empresa está esgotado \(0,7 MB\)/);
    expect(await contar('select count(*) as n from arquivo_enviado')).toBe(antes);
  });
});
