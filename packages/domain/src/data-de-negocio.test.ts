/** The one business date of the contracts (issue 26): bounded to 2000–2099, no impossible date or time. */
import { describe, expect, it } from 'vitest';
import { dataDeNegocio, falhaDaData, falhaDaDataAntiga, umAnoAntes } from './contrato';

describe('dataDeNegocio', () => {
  const data = dataDeNegocio();
  const comHora = dataDeNegocio({ comHora: true });

  it.each([
    ['2026-03-01', '2026-03-01'],
    [' 2000-01-01 ', '2000-01-01'],
    ['2099-12-31', '2099-12-31'],
    ['2024-02-29', '2024-02-29'],
  ])('%s is taken as %s', (v, d) => {
    expect(data.parse(v)).toBe(d);
  });

  it.each([
    ['0001-01-01', 'a data deve ser a partir de 01/01/2000.'],
    ['1900-01-01', 'a data deve ser a partir de 01/01/2000.'],
    ['1999-12-31', 'a data deve ser a partir de 01/01/2000.'],
    ['2100-01-01', 'a data deve ser até 31/12/2099.'],
    ['2025-02-29', 'data inexistente.'],
    ['2026-13-01', 'data inexistente.'],
    ['2026-00-10', 'data inexistente.'],
    ['x', 'informe a data no formato AAAA-MM-DD.'],
    ['', 'informe a data no formato AAAA-MM-DD.'],
    ['\u0000', 'informe a data no formato AAAA-MM-DD.'],
    ['NaN', 'informe a data no formato AAAA-MM-DD.'],
    ['99999-01-01', 'informe a data no formato AAAA-MM-DD.'],
    ['2026-11-27T10:00', 'informe a data no formato AAAA-MM-DD.'],
    [`2026-01-01${'0'.repeat(100_000)}`, 'informe a data no formato AAAA-MM-DD.'],
  ])('%s is refused: %s', (v, msg) => {
    expect(data.safeParse(v).error?.issues[0]?.message).toBe(msg);
  });

  it('a local date and time keeps the date; impossible times are refused', () => {
    expect(comHora.parse('2026-11-27T10:00:00')).toBe('2026-11-27');
    expect(falhaDaData('2026-11-27T99:00', true)).toBe('hora inexistente.');
    expect(falhaDaData('2026-11-27T23:60', true)).toBe('hora inexistente.');
    expect(falhaDaData('2026-11-27T23:59:60', true)).toBe('hora inexistente.');
  });

  it('refuses non-text values with the given message', () => {
    expect(dataDeNegocio({ informe: 'informe a data.' }).safeParse(5).error?.issues[0]?.message).toBe(
      'informe a data.',
    );
  });
});

describe('a date more than a year back asks for confirmation', () => {
  it('one year before today (29/02 → 28/02)', () => {
    expect(umAnoAntes('2026-05-10')).toBe('2025-05-10');
    expect(umAnoAntes('2024-02-29')).toBe('2023-02-28');
  });

  it('refused unless confirmed', () => {
    expect(falhaDaDataAntiga('2025-05-10', '2026-05-10', undefined)).toBeUndefined();
    expect(falhaDaDataAntiga('2025-05-09', '2026-05-10', undefined)).toBe(
      'a data é anterior a 10/05/2025 (mais de um ano atrás): confirme o lançamento retroativo (confirmarDataAntiga: true).',
    );
    expect(falhaDaDataAntiga('2025-05-09', '2026-05-10', true)).toBeUndefined();
  });
});
