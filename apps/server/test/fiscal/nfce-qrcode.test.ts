/**
 * The NFC-e QR code URL without the note's XML (NT 2015.002, QR code v2, online form): the hash checked
 * against values computed by hand, outside this code (`printf '%s' 'chave|2|2|1<token>' | sha1sum`).
 */
import { describe, expect, it } from 'vitest';
import { urlQrCodeNfce } from '../../src/modules/fiscal/nfce-qrcode';

const CHAVE = '41261141553872000164650010000005011000005011';
const PR = 'http://www.fazenda.pr.gov.br/nfce/qrcode';

describe('urlQrCodeNfce', () => {
  it('hashes chave|2|tpAmb|cIdToken with the CSC (SHA-1, upper-case hex), the id without leading zeros', () => {
    const url = urlQrCodeNfce({
      chave: CHAVE,
      uf: 'PR',
      ambiente: 2,
      xml: null,
      tpEmis: 1,
      csc: { id: '000001', token: '0123456789ABCDEF0123456789ABCDEF' },
    });
    // printf '%s' "$CHAVE|2|2|10123456789ABCDEF0123456789ABCDEF" | sha1sum
    expect(url).toBe(`${PR}?p=${CHAVE}|2|2|1|B8ED33D0D59370A45483ECB0AECEB8BCAEAC8FFB`);
  });

  it('production with another CSC: its own hash and the UF’s production portal', () => {
    const url = urlQrCodeNfce({
      chave: CHAVE,
      uf: 'SP',
      ambiente: 1,
      xml: null,
      tpEmis: 1,
      csc: { id: '123', token: 'TOKENDOCSC-DE-PRODUCAO-123' },
    });
    expect(url).toBe(
      `https://www.nfce.fazenda.sp.gov.br/NFCeConsultaPublica/Paginas/ConsultaQRCode.aspx?p=${CHAVE}|2|1|123|E98E306267955315B6D932669C0182A1C2CDD8B0`,
    );
  });

  it('without a CSC, or for a contingency note (offline form needs its XML), only chave|2|tpAmb', () => {
    expect(urlQrCodeNfce({ chave: CHAVE, uf: 'PR', ambiente: 2, xml: null, tpEmis: 1, csc: null })).toBe(
      `${PR}?p=${CHAVE}|2|2`,
    );
    expect(
      urlQrCodeNfce({
        chave: CHAVE,
        uf: 'PR',
        ambiente: 2,
        xml: null,
        tpEmis: 9,
        csc: { id: '1', token: 'x'.repeat(16) },
      }),
    ).toBe(`${PR}?p=${CHAVE}|2|2`);
  });

  it('the XML’s own QR code wins', () => {
    const qr = `${PR}?p=${CHAVE}|2|2|1|${'A'.repeat(40)}`;
    const xml = `<NFe><infNFeSupl><qrCode><![CDATA[${qr}]]></qrCode></infNFeSupl></NFe>`;
    expect(urlQrCodeNfce({ chave: CHAVE, uf: 'PR', ambiente: 2, xml, csc: { id: '1', token: 'y'.repeat(16) } })).toBe(
      qr,
    );
  });
});
