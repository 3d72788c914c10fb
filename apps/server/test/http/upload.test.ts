/**
 * Raw uploads: its own size limit with a Portuguese 413 (the JSON limit stays), sha256 recorded and the
 * same file recognised, bytes in PostgreSQL, decoding (Windows-1252 "ç", ISO-8859-1, UTF-8) in one place.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodificarTexto, detectarCodificacao, textoDoArquivo } from '../../src/http/upload';
import { adminQuery, createTestApp, type TestApp } from '../helpers/app';
import { login } from '../helpers/auth';

const LIMITE = 64 * 1024;
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

const enviar = (payload: Buffer | string, tipo = 'text/csv', url = '/api/v1/arquivos?nome=itens.csv') =>
  t.app.inject({ method: 'POST', url, headers: { ...h, 'content-type': tipo }, payload });

// "Ação;Preço\nMaçã;1,50" as Windows-1252 bytes (ç = 0xE7, ã = 0xE3) with a curly quote (0x93, 1252 only)
const CP1252 = Buffer.from([
  0x41, 0xe7, 0xe3, 0x6f, 0x3b, 0x50, 0x72, 0x65, 0xe7, 0x6f, 0x0a, 0x4d, 0x61, 0xe7, 0xe3, 0x3b, 0x93, 0x31, 0x2c,
  0x35, 0x30, 0x94,
]);

describe('POST /api/v1/arquivos', () => {
  it('stores the bytes with their sha256 and recognises the same file twice', async () => {
    const a = await enviar(CP1252);
    expect(a.statusCode).toBe(201);
    const body = a.json();
    expect(body).toMatchObject({ tamanho: CP1252.length, repetido: false });
    expect(body.sha256).toMatch(/^[0-9a-f]{64}$/);
    const b = await enviar(CP1252, 'text/plain', '/api/v1/arquivos?nome=outro-nome.csv');
    expect(b.statusCode).toBe(200);
    expect(b.json()).toEqual({ ...body, repetido: true });
    const { rows } = await adminQuery<{ nome: string; conteudo: Buffer }>(
      t.ownerUrl,
      'select nome, conteudo from arquivo_enviado',
    );
    expect(rows).toHaveLength(1);
    expect(Buffer.compare(rows[0]!.conteudo, CP1252)).toBe(0);
    expect(rows[0]!.nome).toBe('itens.csv');
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
    expect(grande.json().message).toBe('O arquivo excede o tamanho máximo permitido de 0,1 MB.');
    expect((await enviar(Buffer.alloc(LIMITE, 0x42))).statusCode).toBe(201);
  });

  it('takes a .json file as bytes, refuses an empty body', async () => {
    expect((await enviar('{"a": 1}', 'application/json', '/api/v1/arquivos?nome=a.json')).statusCode).toBe(201);
    expect((await enviar('', 'text/plain')).statusCode).toBe(422);
  });

  it('needs a signed-in caller', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/arquivos',
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
const enviarForm = (corpo: Buffer, url = '/api/v1/arquivos') =>
  t.app.inject({ method: 'POST', url, headers: { ...h, 'content-type': LIMITE_MP }, payload: corpo });
const contarArquivos = async () =>
  Number((await adminQuery<{ n: string }>(t.ownerUrl, 'select count(*) as n from arquivo_enviado')).rows[0]!.n);

describe('POST /api/v1/arquivos, multipart/form-data (field `arquivo`)', () => {
  it('stores the file, hashing it while streaming, and recognises it twice', async () => {
    const bytes = Buffer.from('codigo;descricao\n1;Feijão\n', 'utf8');
    const a = await enviarForm(formulario({ obs: 'x', arquivo: { nome: 'feijao.csv', tipo: 'text/csv', bytes } }));
    expect(a.statusCode).toBe(201);
    const sha256 = crypto.createHash('sha256').update(bytes).digest('hex');
    expect(a.json()).toEqual({ id: expect.any(String), sha256, tamanho: bytes.length, repetido: false });
    const b = await enviarForm(formulario({ arquivo: { nome: 'copia.csv', tipo: 'text/plain', bytes } }));
    expect(b.statusCode).toBe(200);
    expect(b.json()).toEqual({ ...a.json(), repetido: true });
    const { rows } = await adminQuery<{ nome: string; tipo_conteudo: string; conteudo: Buffer }>(
      t.ownerUrl,
      `select nome, tipo_conteudo, conteudo from arquivo_enviado where sha256 = '${sha256}'`,
    );
    expect(rows).toEqual([{ nome: 'feijao.csv', tipo_conteudo: 'text/csv', conteudo: bytes }]);
  });

  it('answers a Portuguese 413 above the upload limit and stores nothing', async () => {
    const antes = await contarArquivos();
    const bytes = Buffer.alloc(LIMITE + 1, 0x43);
    const res = await enviarForm(formulario({ arquivo: { nome: 'grande.bin', tipo: 'application/pdf', bytes } }));
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('O arquivo excede o tamanho máximo permitido de 0,1 MB.');
    expect(await contarArquivos()).toBe(antes);
    const limite = formulario({ arquivo: { nome: 'ok.bin', tipo: 'application/pdf', bytes: bytes.subarray(1) } });
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
    const res = await enviar('{"descricao":"x"}', 'multipart/form-data', '/api/v1/arquivos');
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
