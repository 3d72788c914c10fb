import { describe, expect, it } from 'vitest';
import { lerDataBr } from './data-br';

describe('lerDataBr: the one dd/MM/yyyy reader', () => {
  it.each([
    ['31/12/2026', '2026-12-31'],
    [' 01/02/2026 ', '2026-02-01'],
    ['1/2/2026', '2026-02-01'],
    ['29/02/2028', '2028-02-29'],
    ['29/02/2000', '2000-02-29'],
    // two-digit years are of this century (nothing before 2000 exists here)
    ['15/03/26', '2026-03-15'],
    ['15/03/00', '2000-03-15'],
    ['15/03/99', '2099-03-15'],
  ])('%s → %s', (texto, iso) => expect(lerDataBr(texto)).toBe(iso));

  it.each([
    '31/02/2026',
    '29/02/2026',
    '29/02/2100',
    '31/04/2026',
    '00/01/2026',
    '01/00/2026',
    '01/13/2026',
    '32/01/2026',
    '01/01/026',
    '01/01/20266',
    '2026-01-01',
    '01-01-2026',
    '01.01.2026',
    '1/1',
    '',
    'ontem',
    '010/01/2026',
  ])('refuses %j', (texto) => expect(lerDataBr(texto)).toBeNull());
});
