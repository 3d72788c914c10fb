/**
 * Secret files (A1 certificates): AES-256-GCM at rest, key from SEGREDOS_CHAVE or generated once into
 * DATA_DIR/secrets.json (the embedded server's passwords kept), apart from the upload table; a wrong key
 * is named, a row moved to another purpose or tenant does not open.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chaveDeSegredos, guardarSegredo, lerSegredo } from '../../src/http/upload';
import { abrirSelado, selar } from '../../src/http/upload/segredos';
import { adminQuery, createTestApp, type TestApp } from '../helpers/app';

const pasta = fs.mkdtempSync(path.join(os.tmpdir(), 'segredos-'));
afterAll(() => fs.rmSync(pasta, { recursive: true, force: true }));

describe('the key', () => {
  it('comes from SEGREDOS_CHAVE (hex or base64, 32 bytes) and refuses anything else', () => {
    const hex = 'ab'.repeat(32);
    expect(chaveDeSegredos(pasta, { SEGREDOS_CHAVE: hex }).chave).toEqual(Buffer.from(hex, 'hex'));
    const b64 = crypto.randomBytes(32).toString('base64');
    expect(chaveDeSegredos(pasta, { SEGREDOS_CHAVE: b64 }).chave.toString('base64')).toBe(b64);
    expect(() => chaveDeSegredos(pasta, { SEGREDOS_CHAVE: 'curta' })).toThrow(/32 bytes/);
  });

  it('else is generated once into secrets.json (mode 0600), keeping what the file held', () => {
    const arquivo = path.join(pasta, 'secrets.json');
    fs.writeFileSync(arquivo, JSON.stringify({ superPassword: 's', appPassword: 'a' }), { mode: 0o600 });
    const a = chaveDeSegredos(pasta, {});
    const b = chaveDeSegredos(pasta, {});
    expect(b).toEqual(a);
    const salvo = JSON.parse(fs.readFileSync(arquivo, 'utf8'));
    expect(salvo).toMatchObject({ superPassword: 's', appPassword: 'a', segredosChave: a.chave.toString('base64') });
    expect(fs.statSync(arquivo).mode & 0o777).toBe(0o600);
  });
});

describe('AES-256-GCM', () => {
  const chave = crypto.randomBytes(32);
  it('opens what it sealed, with the same context only', () => {
    const conteudo = crypto.randomBytes(4000);
    const s = selar(chave, conteudo, '1:x:certificado-a1');
    expect(s.cifrado.equals(conteudo)).toBe(false);
    expect(abrirSelado(chave, s, '1:x:certificado-a1')).toEqual(conteudo);
    expect(() => abrirSelado(chave, s, '2:x:certificado-a1')).toThrow();
    expect(() => abrirSelado(crypto.randomBytes(32), s, '1:x:certificado-a1')).toThrow();
    const adulterado = { ...s, cifrado: Buffer.from(s.cifrado) };
    adulterado.cifrado[0]! ^= 1;
    expect(() => abrirSelado(chave, adulterado, '1:x:certificado-a1')).toThrow();
  });
});

describe('segredo_arquivo', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it('keeps only ciphertext in the database and reads the file back with the key', async () => {
    const chave = chaveDeSegredos(pasta, { SEGREDOS_CHAVE: crypto.randomBytes(32).toString('hex') });
    const pfx = Buffer.concat([Buffer.from('certificado A1 de teste '), crypto.randomBytes(3000)]);
    const { rows } = await adminQuery<{ id: number }>(t.ownerUrl, `select id from assinante order by id limit 1`);
    const assinanteId = rows[0]!.id;
    const id = await t.db.withTenant(assinanteId, (trx) =>
      guardarSegredo(trx, chave, { finalidade: 'certificado-a1', nome: 'loja1.pfx', conteudo: pfx, criadoPor: null }),
    );
    const banco = await adminQuery<{ cifrado: Buffer; chave_id: string }>(
      t.ownerUrl,
      `select cifrado, chave_id from segredo_arquivo where id = '${id}'`,
    );
    expect(banco.rows[0]!.cifrado.includes(Buffer.from('certificado A1'))).toBe(false);
    expect(banco.rows[0]!.chave_id).toBe(chave.id);
    expect(await adminQuery(t.ownerUrl, `select 1 from arquivo_enviado`)).toMatchObject({ rows: [] });
    const lido = await t.db.withTenant(assinanteId, (trx) => lerSegredo(trx, chave, id));
    expect(lido).toEqual({ nome: 'loja1.pfx', finalidade: 'certificado-a1', conteudo: pfx });
    const outra = chaveDeSegredos(pasta, { SEGREDOS_CHAVE: crypto.randomBytes(32).toString('hex') });
    await expect(t.db.withTenant(assinanteId, (trx) => lerSegredo(trx, outra, id))).rejects.toThrow(/outra chave/);
    // moved to another purpose: authentication fails
    await adminQuery(t.ownerUrl, `update segredo_arquivo set finalidade = 'outra' where id = '${id}'`);
    await expect(t.db.withTenant(assinanteId, (trx) => lerSegredo(trx, chave, id))).rejects.toThrow();
  });
});
