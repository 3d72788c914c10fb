import { describe, expect, it } from 'vitest';
import { autorizacaoDoEnvio } from './status-documento';

const xml = (dh: string) =>
  `<nfeProc versao="4.00"><NFe><infNFe Id="NFe1"><ide><dhEmi>2026-11-20T10:14:00-03:00</dhEmi></ide></infNFe></NFe><protNFe versao="4.00"><infProt><chNFe>1</chNFe><dhRecbto>${dh}</dhRecbto><nProt>141260000000001</nProt></infProt></protNFe></nfeProc>`;

describe('autorizacaoDoEnvio (the cancel deadline’s start)', () => {
  it.each([
    ['the POS’s dhRecbto, with its offset', { dhRecbto: '2026-11-20T10:15:00-03:00' }, '2026-11-20T13:15:00.000Z'],
    ['a Manaus store’s offset', { dhRecbto: '2026-11-20T10:15:00-04:00' }, '2026-11-20T14:15:00.000Z'],
    ['the protocol of the nfeProc XML', { xml: xml('2026-11-20T10:15:30-03:00') }, '2026-11-20T13:15:30.000Z'],
    [
      'the POS’s field before the XML',
      { dhRecbto: '2026-11-20T10:16:00-03:00', xml: xml('2026-11-20T10:15:30-03:00') },
      '2026-11-20T13:16:00.000Z',
    ],
    ['neither (the deadline counts from the upload)', { xml: '<NFe><infNFe/></NFe>' }, null],
    ['a date without its offset', { dhRecbto: '2026-11-20T10:15:00' }, null],
    ['a Brazilian-formatted date', { dhRecbto: '20/11/2026 10:15' }, null],
    ['an impossible date', { dhRecbto: '2026-13-40T10:15:00-03:00' }, null],
  ])('%s', (_, envio, esperado) => {
    expect(autorizacaoDoEnvio(envio)).toBe(esperado);
  });
});
