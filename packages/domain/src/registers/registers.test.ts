import { describe, expect, it } from 'vitest';
import { gtinComDigito, gtinValido, padCodigo14 } from './codigos';
import { normalizeScalar } from './normalize';
import { REGISTERS } from './registry';
import { schemaFor, validateRecord } from './schema';
import { f } from './fields';

describe('field normalisers', () => {
  it('money and rates stay decimal strings, never floats', () => {
    expect(normalizeScalar(f.money('v', 'Valor'), 19.9)).toEqual({ ok: true, value: '19.9' });
    expect(normalizeScalar(f.money('v', 'Valor'), '1234,56')).toEqual({ ok: true, value: '1234.56' });
    expect(normalizeScalar(f.money('v', 'Valor'), '1.234')).toMatchObject({ ok: false });
    expect(normalizeScalar(f.percent('p', 'P'), '100.0001')).toMatchObject({ ok: false });
    expect(normalizeScalar(f.money('v', 'Valor'), '1e5')).toMatchObject({ ok: false });
  });

  it('documents, codes and GTIN check digits', () => {
    expect(normalizeScalar(f.cnpj('c', 'CNPJ'), '12.ABC.345/01DE-35')).toEqual({ ok: true, value: '12ABC34501DE35' });
    expect(normalizeScalar(f.cpfCnpj('c', 'Doc'), '529.982.247-25')).toEqual({ ok: true, value: '52998224725' });
    expect(normalizeScalar(f.cpf('c', 'CPF'), '111.111.111-11')).toMatchObject({ ok: false });
    expect(normalizeScalar(f.ncm('n', 'NCM'), '3303.00.20')).toEqual({ ok: true, value: '33030020' });
    expect(gtinValido('2000000000015')).toBe(true);
    expect(gtinValido('2000000000016')).toBe(false);
    expect(gtinComDigito('789100000001')).toHaveLength(13);
    expect(padCodigo14('15')).toBe('00000000000015');
  });

  it('text is trimmed, bounded and free of control characters', () => {
    expect(normalizeScalar(f.text('d', 'D'), '  Aurora  ')).toEqual({ ok: true, value: 'Aurora' });
    expect(normalizeScalar(f.text('d', 'D'), 'a'.repeat(61))).toMatchObject({
      ok: false,
      message: 'Deve ter no máximo 60 caracteres.',
    });
    expect(normalizeScalar(f.text('d', 'D'), 'a\u0000b')).toMatchObject({ ok: false });
  });
});

describe('declarations', () => {
  it('keys, tables and paths are unique; every register has pt-BR labels and the standard fields', () => {
    const keys = REGISTERS.map((r) => r.key);
    expect(new Set(keys).size).toBe(keys.length);
    const paths = REGISTERS.flatMap((r) => r.paths.map((p) => p.path));
    expect(new Set(paths).size).toBe(paths.length);
    for (const r of REGISTERS) {
      for (const n of ['id', 'idExterno', 'ativo', 'criadoEm', 'alteradoEm', 'versao'])
        expect(
          r.fields.some((x) => x.name === n),
          `${r.key}.${n}`,
        ).toBe(true);
      expect(r.label.singular.length).toBeGreaterThan(1);
      expect(r.paths[0]!.path).toMatch(/^\/v1\//);
    }
  });

  it('create requires what is required; update keeps what is left out; zod schema mirrors it', () => {
    const marca = REGISTERS.find((r) => r.key === 'marca')!;
    expect(validateRecord(marca, {}, 'create')).toMatchObject({
      ok: false,
      issues: [{ path: 'descricao', message: 'Campo obrigatório.' }],
    });
    expect(validateRecord(marca, { id: 9, criadoEm: 'x', versao: 3 }, 'update')).toEqual({
      ok: true,
      value: { versao: 3 },
      issues: [],
    });
    const z = schemaFor(marca, 'create').safeParse({ descricao: '' });
    expect(z.success).toBe(false);
    expect(z.error?.issues[0]?.message).toBe('Campo obrigatório.');
  });
});
