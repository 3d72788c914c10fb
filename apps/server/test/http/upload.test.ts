/**
 * Uploads: its own size limit with a Portuguese 413 (the JSON limit stays), sha256 recorded, bytes in a
 * large object (the same sender's same bytes stored once), decoding (Windows-1252 "ç", ISO-8859-1, UTF-8)
 * in one place. Security (permission, quotas, stalled bodies, no dedupe oracle): upload-seguranca.test.ts.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodificarTexto, detectarCodificacao, textoDoArquivo } from '../../src/http/upload';
import { adminQuery, createTestApp, type TestApp } from '../helpers/app';
import { login } from '../helpers/auth';

const LIMITE = 1024 * 1024;
let t: TestApp;
let h: Record<string, string>;

beforeAll(async () => {
  process.env.UPLOAD_LIMIT_BYTES = String(LIMITE);
  t = await createTestApp();
  h = (await login(t, 'diego.estoque')).headers;
});
afterAll(async () => {
  delete process.env.UPLOAD_LIMIT_BYTES;
  await t?.close();
});

const enviar = (payload: Buffer | string, tipo = 'text/csv', url = '/api/v1/arquivos?tipo=coletor&nome=itens.csv') =>
  t.app.inject({ method: 'POST', url, headers: { ...h, 'content-type': tipo }, payload });

// "Ação;Preço\nMaçã;1,50" as Windows-1252 bytes (ç = 0xE7, ã = 0xE3) with a curly quote (0x93, 1252 only)
const CP1252 = Buffer.from([
  0x41, 0xe7, 0xe3, 0x6f, 0x3b, 0x50, 0x72, 0x65, 0xe7, 0x6f, 0x0a, 0x4d, 0x61, 0xe7, 0xe3, 0x3b, 0x93, 0x31, 0x2c,
  0x35, 0x30, 0x94,
]);

describe('POST /api/v1/arquivos', () => {
  it('stores the bytes with their sha256; the same bytes twice are two records of one content', async () => {
    const a = await enviar(CP1252);
    expect(a.statusCode).toBe(201);
    const body = a.json();
    expect(body).toMatchObject({ tamanho: CP1252.length, tipo: 'coletor', expiraEm: expect.any(String) });
    expect(body.sha256).toBe(crypto.createHash('sha256').update(CP1252).digest('hex'));
    expect(a.headers.location).toBe(`/api/v1/arquivos/${body.id}`);
    const b = await enviar(CP1252, 'text/plain', '/api/v1/arquivos?tipo=coletor&nome=outro-nome.csv');
    expect(b.statusCode).toBe(201);
    expect(b.json().id).not.toBe(body.id);
    const { rows } = await adminQuery<{ nome: string; bytes: Buffer }>(
      t.ownerUrl,
      `select e.nome, lo_get(c.objeto) as bytes from arquivo_enviado e
         join arquivo_conteudo c on c.remetente = e.conteudo_remetente and c.sha256 = e.sha256 order by e.enviado_em`,
    );
    expect(rows.map((r) => r.nome)).toEqual(['itens.csv', 'outro-nome.csv']);
    expect(Buffer.compare(rows[0]!.bytes, CP1252)).toBe(0);
    expect(await contar('arquivo_conteudo')).toBe(1);
  });

  it("streams one's own file back", async () => {
    const bytes = Buffer.alloc(600 * 1024, 0x61); // three large-object chunks
    const { id } = (await enviar(bytes, 'text/plain', '/api/v1/arquivos?tipo=coletor&nome=longo.txt')).json();
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/arquivos/${id}`, headers: h });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain');
    expect(res.headers['content-disposition']).toBe("attachment; filename*=UTF-8''longo.txt");
    expect(Buffer.compare(res.rawPayload, bytes)).toBe(0);
    const nada = await t.app.inject({
      method: 'GET',
      url: '/api/v1/arquivos/00000000-0000-0000-0000-000000000000',
      headers: h,
    });
    expect(nada.statusCode).toBe(404);
  });

  it('reads the stored Windows-1252 file as text with its "ç"', async () => {
    const { id } = (await enviar(Buffer.concat([CP1252, Buffer.from([0x0a])]))).json();
    const assinanteId = await tenantId();
    const lido = await t.db.withTenant(assinanteId, (trx) => textoDoArquivo(trx, id));
    expect(lido).toMatchObject({ codificacao: 'windows-1252', texto: 'Ação;Preço\nMaçã;“1,50”\n' });
  });

  it('answers a Portuguese 413 above its own limit, while the JSON body limit is untouched', async () => {
    const grande = await enviar(Buffer.alloc(LIMITE + 1, 0x41));
    expect(grande.statusCode).toBe(413);
    expect(grande.json().message).toBe('O arquivo excede o tamanho máximo permitido de 1 MB.');
    expect((await enviar(Buffer.alloc(LIMITE, 0x42))).statusCode).toBe(201);
  });

  it('takes a JSON body as bytes, refuses an empty body, a name its kind does not take and no kind', async () => {
    expect((await enviar('{"a": 1}', 'application/json', '/api/v1/arquivos?tipo=coletor&nome=a.csv')).statusCode).toBe(
      201,
    );
    const json = await enviar('{"a": 1}', 'application/json', '/api/v1/arquivos?tipo=coletor&nome=a.json');
    expect(json.statusCode).toBe(415);
    expect(json.json().message).toBe(
      'Este tipo de arquivo não é aceito como arquivo de coletor. Envie um arquivo .txt, .csv, .xlsx.',
    );
    expect((await enviar('x', 'text/plain', '/api/v1/arquivos?nome=a.csv')).statusCode).toBe(400);
    expect((await enviar('', 'text/plain')).statusCode).toBe(422);
  });

  it('needs a signed-in caller', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/arquivos?tipo=coletor',
      headers: { host: 'localhost', 'content-type': 'text/plain' },
      payload: 'x',
    });
    expect(res.statusCode).toBe(401);
  });
});

const LIMITE_MP = 'multipart/form-data; boundary=fronteira';
/** A multipart/form-data body: a text field and/or a file part (Buffer values are files). */
function formulario(partes: Record<string, string | { nome: string; tipo: string; bytes: Buffer }>): Buffer {
  const blocos = Object.entries(partes).flatMap(([campo, v]) =>
    typeof v === 'string'
      ? [Buffer.from(`--fronteira\r\nContent-Disposition: form-data; name="${campo}"\r\n\r\n${v}\r\n`)]
      : [
          Buffer.from(
            `--fronteira\r\nContent-Disposition: form-data; name="${campo}"; filename="${v.nome}"\r\n` +
              `Content-Type: ${v.tipo}\r\n\r\n`,
          ),
          v.bytes,
          Buffer.from('\r\n'),
        ],
  );
  return Buffer.concat([...blocos, Buffer.from('--fronteira--\r\n')]);
}
const enviarForm = (corpo: Buffer, url = '/api/v1/arquivos?tipo=coletor') =>
  t.app.inject({ method: 'POST', url, headers: { ...h, 'content-type': LIMITE_MP }, payload: corpo });
const contar = async (tabela: string) =>
  Number((await adminQuery<{ n: string }>(t.ownerUrl, `select count(*) as n from ${tabela}`)).rows[0]!.n);
const contarArquivos = () => contar('arquivo_enviado');

describe('POST /api/v1/arquivos, multipart/form-data (field `arquivo`)', () => {
  it('stores the file, hashing it while streaming', async () => {
    const bytes = Buffer.from('codigo;descricao\n1;Feijão\n', 'utf8');
    const a = await enviarForm(formulario({ obs: 'x', arquivo: { nome: 'feijao.csv', tipo: 'text/csv', bytes } }));
    expect(a.statusCode).toBe(201);
    const sha256 = crypto.createHash('sha256').update(bytes).digest('hex');
    expect(a.json()).toEqual({
      id: expect.any(String),
      sha256,
      tamanho: bytes.length,
      tipo: 'coletor',
      expiraEm: expect.any(String),
    });
    const { rows } = await adminQuery<{ nome: string; tipo_conteudo: string; bytes: Buffer }>(
      t.ownerUrl,
      `select e.nome, e.tipo_conteudo, lo_get(c.objeto) as bytes from arquivo_enviado e
         join arquivo_conteudo c on c.remetente = e.conteudo_remetente and c.sha256 = e.sha256
        where e.sha256 = '${sha256}'`,
    );
    expect(rows).toEqual([{ nome: 'feijao.csv', tipo_conteudo: 'text/csv', bytes }]);
  });

  it('answers a Portuguese 413 above the upload limit and stores nothing', async () => {
    const antes = await contarArquivos();
    const bytes = Buffer.alloc(LIMITE + 1, 0x43);
    const res = await enviarForm(formulario({ arquivo: { nome: 'grande.txt', tipo: 'text/plain', bytes } }));
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('O arquivo excede o tamanho máximo permitido de 1 MB.');
    expect(await contarArquivos()).toBe(antes);
    const limite = formulario({ arquivo: { nome: 'ok.txt', tipo: 'text/plain', bytes: bytes.subarray(1) } });
    expect((await enviarForm(limite)).statusCode).toBe(201);
  });

  it('answers 422 naming the field when there is no `arquivo` part', async () => {
    const antes = await contarArquivos();
    for (const corpo of [
      formulario({ nome: 'x.csv' }),
      formulario({ outro: { nome: 'x.csv', tipo: 'text/csv', bytes: Buffer.from('a') } }),
      formulario({ arquivo: { nome: 'vazio.csv', tipo: 'text/csv', bytes: Buffer.alloc(0) } }),
    ]) {
      const res = await enviarForm(corpo);
      expect(res.statusCode).toBe(422);
      expect(res.json().erros).toEqual([{ campo: 'arquivo', mensagem: expect.any(String) }]);
    }
    expect(await contarArquivos()).toBe(antes);
  });

  it('decodes a Windows-1252 CSV sent as a form with its "ç"', async () => {
    const bytes = Buffer.concat([CP1252, Buffer.from('\r\n')]);
    const res = await enviarForm(formulario({ arquivo: { nome: 'precos.csv', tipo: 'text/csv', bytes } }));
    expect(res.statusCode).toBe(201);
    const lido = await t.db.withTenant(await tenantId(), (trx) => textoDoArquivo(trx, res.json().id));
    expect(lido).toMatchObject({ nome: 'precos.csv', codificacao: 'windows-1252' });
    expect(lido!.texto).toBe('Ação;Preço\nMaçã;“1,50”\r\n');
  });

  it('a malformed form (no boundary) is a 400, not a 500 (found by the hostile-write test)', async () => {
    const res = await enviar('{"descricao":"x"}', 'multipart/form-data', '/api/v1/arquivos?tipo=coletor');
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toMatch(/malformado/);
  });

  it('is parsed only here: elsewhere a multipart body is still refused', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/notificacoes/lidas',
      headers: { ...h, 'content-type': LIMITE_MP },
      payload: formulario({ a: 'b' }),
    });
    expect(res.statusCode).toBe(415);
  });
});

async function tenantId(): Promise<number> {
  const { rows } = await adminQuery<{ id: number }>(
    t.ownerUrl,
    `select assinante_id as id from usuario where username = 'diego.estoque'`,
  );
  return rows[0]!.id;
}

describe('decoding in one place', () => {
  it.each([
    [Buffer.from('Maçã', 'utf8'), 'utf-8', 'Maçã'],
    [Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('Ação', 'utf8')]), 'utf-8', 'Ação'],
    [Buffer.from([0x4d, 0x61, 0xe7, 0xe3]), 'iso-8859-1', 'Maçã'],
    [Buffer.from([0x80, 0x20, 0xe7]), 'windows-1252', '€ ç'],
  ])('%j → %s', (bytes, codificacao, texto) => {
    expect(detectarCodificacao(bytes)).toBe(codificacao);
    expect(decodificarTexto(bytes)).toEqual({ codificacao, texto });
  });

  it('a declared charset wins', () => {
    expect(decodificarTexto(Buffer.from([0x80]), 'iso-8859-1').texto).toBe('\u0080');
    expect(decodificarTexto(Buffer.from([0x80]), 'windows-1252').texto).toBe('€');
  });
});
