import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dataDaApi, dataDaTela, hojeNaLoja, zonaDe } from './datas';

// 2026-11-21T03:30Z: 23:30 in Manaus and 22:30 in Rio Branco on the 20th; 00:30 in São Paulo and 01:30
// in Noronha on the 21st. The session's stores carry their zone; an older session only its UF.
const SAO_PAULO = { zona: 'America/Sao_Paulo', uf: 'SP' };
const MANAUS = { zona: 'America/Manaus', uf: 'AM' };
const RIO_BRANCO = { zona: 'America/Rio_Branco', uf: 'AC' };
const NORONHA = { zona: 'America/Noronha', uf: 'PE' };

describe('hojeNaLoja: the date a form proposes, in the store zone', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-21T03:30:00Z') });
  });
  afterEach(() => vi.useRealTimers());

  it("a Manaus store's adjustment form at 23:30 Manaus time proposes that store's today", () => {
    expect(hojeNaLoja(MANAUS)).toBe('20/11/2026');
  });

  it.each([
    [SAO_PAULO, '21/11/2026'],
    [MANAUS, '20/11/2026'],
    [RIO_BRANCO, '20/11/2026'],
    [NORONHA, '21/11/2026'],
  ])('%j → %s', (loja, hoje) => expect(hojeNaLoja(loja)).toBe(hoje));

  it('by UF when the session has no zone, by name, and Brasília time for no store', () => {
    expect(hojeNaLoja({ uf: 'AC' })).toBe('20/11/2026');
    expect(hojeNaLoja('America/Manaus')).toBe('20/11/2026');
    expect(hojeNaLoja(undefined)).toBe('21/11/2026');
    expect(zonaDe({ uf: 'MT' })).toBe('America/Cuiaba');
  });
});

describe('dates typed on screen', () => {
  it.each([
    ['20/11/2026', '2026-11-20'],
    ['5/1/26', '2026-01-05'],
    [' 31/02/2026 ', '31/02/2026'],
    ['ontem', 'ontem'],
  ])('%j → %j', (tela, api) => expect(dataDaTela(tela)).toBe(api));

  it('shows API dates as dd/MM/yyyy', () => {
    expect(dataDaApi('2026-11-20')).toBe('20/11/2026');
    expect(dataDaApi('2026-11-20T23:30:00')).toBe('20/11/2026');
  });
});
