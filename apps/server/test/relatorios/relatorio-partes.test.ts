/**
 * Report files stored in parts (migration 0240): a file of several parts — from memory or from the
 * generator's temporary file — downloads byte for byte as generated; a file stored whole in the row
 * (before 0240) still downloads.
 */
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { concluirRelatorio, criarRelatorio, TAMANHO_PARTE } from '../../src/modules/relatorios/relatorios.store';
import type { Arquivo } from '../../src/modules/relatorios/relatorios.fila';
import { adminQuery, createTestApp, type TestApp } from '../helpers/app';
import { type LoginResult, login } from '../helpers/auth';

let t: TestApp;
let ana: LoginResult;
let assinante: number;
let usuario: number;

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

beforeAll(async () => {
  t = await createTestApp();
  ana = await login(t, 'ana.admin');
  const { rows } = await adminQuery<{ assinante: number; usuario: number }>(
    t.ownerUrl,
    `select assinante_id as assinante, id as usuario from usuario where username = 'ana.admin'
      order by id limit 1`,
  );
  ({ assinante, usuario } = rows[0]!);
});
afterAll(async () => t?.close());

/** A report stored by the framework's own path (the job's last step) with the given file. */
async function armazenado(conteudo: Arquivo['conteudo'], formato: 'PDF' | 'XLSX') {
  return t.db.withTenant(assinante, async (trx) => {
    const r = await criarRelatorio(trx, {
      assinanteId: assinante,
      usuarioId: usuario,
      tipo: 'EXTRATO_MOVIMENTACOES',
      titulo: 'Extrato de movimentações',
      formato,
      parametros: {},
      instancia: crypto.randomUUID(),
    });
    const nome = `Extrato de movimentações.${formato.toLowerCase()}`;
    const mimeType = formato === 'PDF' ? 'application/pdf' : XLSX;
    expect(await concluirRelatorio(trx, r.id, { nome, mimeType, conteudo })).toBe(true);
    return r.id;
  });
}

const baixar = (id: string, download = true) =>
  t.app.inject({
    method: 'GET',
    url: `/api/v1/relatorios/${id}/arquivo${download ? '?download=true' : ''}`,
    headers: ana.headers,
  });

describe('arquivo do relatório em partes', () => {
  it('um XLSX de várias partes, gravado do arquivo temporário, baixa idêntico byte a byte', async () => {
    // 2.5 parts, random bytes (nothing to compress), written to disk as the stock reports' generator does
    const bytes = crypto.randomBytes(TAMANHO_PARTE * 2 + TAMANHO_PARTE / 2);
    const pasta = await fs.mkdtemp(path.join(os.tmpdir(), 'relatorio-partes-'));
    const caminho = path.join(pasta, 'relatorio.xlsx');
    await fs.writeFile(caminho, bytes);
    const id = await armazenado(
      { caminho, tamanho: bytes.length, descartar: () => fs.rm(pasta, { recursive: true, force: true }) },
      'XLSX',
    );
    await fs.rm(pasta, { recursive: true, force: true });

    const { rows } = await adminQuery<{ n: number }>(
      t.ownerUrl,
      'select count(*)::int as n from relatorio_parte where relatorio_id = $1',
      [id],
    );
    expect(rows[0]!.n).toBe(3);
    const status = await t.app.inject({ method: 'GET', url: `/api/v1/relatorios/${id}`, headers: ana.headers });
    expect(status.json()).toMatchObject({ status: 'PRONTO', tamanho: bytes.length, formato: 'XLSX' });

    const res = await baixar(id);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(XLSX);
    expect(res.headers['content-length']).toBe(String(bytes.length));
    expect(res.headers['content-disposition']).toBe('attachment; filename="Extrato de movimentações.xlsx"');
    expect(res.rawPayload.equals(bytes)).toBe(true);
  });

  it('um PDF de várias partes, gravado da memória, abre no visualizador idêntico', async () => {
    const bytes = Buffer.concat([Buffer.from('%PDF-1.7\n'), crypto.randomBytes(TAMANHO_PARTE + 10)]);
    const id = await armazenado(bytes, 'PDF');
    const res = await baixar(id, false);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe('inline; filename="Extrato de movimentações.pdf"');
    expect(res.rawPayload.equals(bytes)).toBe(true);
  });

  it('um relatório gravado inteiro na linha (antes das partes) ainda baixa', async () => {
    const bytes = crypto.randomBytes(4096);
    const { rows } = await adminQuery<{ id: string }>(
      t.ownerUrl,
      `insert into relatorio (assinante_id, usuario_id, tipo, titulo, formato, status, nome_arquivo, mime_type,
                              tamanho, conteudo, concluido_em)
       values ($1, $2, 'SALDO_ESTOQUE', 'Saldo de estoque', 'XLSX', 'PRONTO', 'Saldo de estoque.xlsx', $3, $4, $5, now())
       returning id`,
      [assinante, usuario, XLSX, bytes.length, bytes],
    );
    const res = await baixar(rows[0]!.id);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-length']).toBe(String(bytes.length));
    expect(res.rawPayload.equals(bytes)).toBe(true);
  });

  it('apagar o relatório apaga as partes', async () => {
    const id = await armazenado(crypto.randomBytes(TAMANHO_PARTE + 1), 'XLSX');
    await adminQuery(t.ownerUrl, 'delete from relatorio where id = $1', [id]);
    const { rows } = await adminQuery<{ n: number }>(
      t.ownerUrl,
      'select count(*)::int as n from relatorio_parte where relatorio_id = $1',
      [id],
    );
    expect(rows[0]!.n).toBe(0);
  });
});
