/**
 * The OFX reader over our own hand-written corpus (table-driven: every quirk Brazilian banks send), the
 * account matching, the line identity, and a property test: garbage never escapes as anything but a
 * Portuguese ErroOfx, and amounts round-trip exactly.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { contasDoExtrato, ErroOfx, identidadesDasLinhas, lerOfx, lerValorOfx } from './leitor';

const SGML = (corpo: string, cab = 'CHARSET:1252') =>
  `OFXHEADER:100\r\nDATA:OFXSGML\r\nVERSION:102\r\nSECURITY:NONE\r\nENCODING:USASCII\r\n${cab}\r\nCOMPRESSION:NONE\r\nOLDFILEUID:NONE\r\nNEWFILEUID:NONE\r\n\r\n${corpo}`;
const envelope = (stmts: string, servidor = '20260531120000[-3:BRT]') =>
  `<OFX><SIGNONMSGSRSV1><SONRS><STATUS><CODE>0<SEVERITY>INFO</STATUS><DTSERVER>${servidor}<LANGUAGE>POR</SONRS></SIGNONMSGSRSV1>
<BANKMSGSRSV1>${stmts}</BANKMSGSRSV1></OFX>`;
const stmt = (trns: string, conta = '<BANKID>001<BRANCHID>1234-3<ACCTID>56789-2<ACCTTYPE>CHECKING') =>
  `<STMTTRNRS><TRNUID>1<STMTRS><CURDEF>BRL<BANKACCTFROM>${conta}</BANKACCTFROM>
<BANKTRANLIST><DTSTART>20260501<DTEND>20260531
${trns}
</BANKTRANLIST><LEDGERBAL><BALAMT>1500,25<DTASOF>20260531</LEDGERBAL></STMTRS></STMTTRNRS>`;
const trn = (tipo: string, data: string, valor: string, fit: string, memo: string) =>
  `<STMTTRN>\n<TRNTYPE>${tipo}\n<DTPOSTED>${data}\n<TRNAMT>${valor}\n<FITID>${fit}\n<MEMO>${memo}\n</STMTTRN>`;

const latin1 = (t: string) => Uint8Array.from([...t].map((c) => c.charCodeAt(0)));
const utf8 = (t: string) => new TextEncoder().encode(t);

const XML = `<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<?OFX OFXHEADER="200" VERSION="211" SECURITY="NONE" OLDFILEUID="NONE" NEWFILEUID="NONE"?>
<OFX><SIGNONMSGSRSV1><SONRS><STATUS><CODE>0</CODE><SEVERITY>INFO</SEVERITY></STATUS><DTSERVER>20260531</DTSERVER></SONRS></SIGNONMSGSRSV1>
<BANKMSGSRSV1><STMTTRNRS><TRNUID>1</TRNUID><STMTRS><CURDEF>BRL</CURDEF>
<BANKACCTFROM><BANKID>341</BANKID><BRANCHID>0457</BRANCHID><ACCTID>12345-3</ACCTID><ACCTTYPE>CHECKING</ACCTTYPE></BANKACCTFROM>
<BANKTRANLIST><DTSTART>20260501</DTSTART><DTEND>20260531</DTEND>
<STMTTRN><TRNTYPE>CREDIT</TRNTYPE><DTPOSTED>20260503100000</DTPOSTED><TRNAMT>250.00</TRNAMT><FITID>A1</FITID><NAME>PIX RECEBIDO &amp; CIA</NAME><MEMO><![CDATA[PIX RECEBIDO <JOAO>]]></MEMO></STMTTRN>
<STMTTRN><TRNTYPE>DEBIT</TRNTYPE><DTPOSTED>20260504</DTPOSTED><TRNAMT>-80.1</TRNAMT><FITID>A2</FITID><MEMO/></STMTTRN>
</BANKTRANLIST><LEDGERBAL><BALAMT>170.10</BALAMT><DTASOF>20260531</DTASOF></LEDGERBAL></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>`;

describe('OFX reader: the corpus', () => {
  const fee = trn('FEE', '20260510', '-12,90', '', 'TAR PACOTE');
  it.each([
    {
      caso: 'SGML 1.x without closing tags, CHARSET 1252 bytes, comma decimals',
      bytes: latin1(SGML(envelope(stmt(trn('DEBIT', '20260505', '-1.234,56', '77', 'TARIFA MANUTENÇÃO'))))),
      linhas: [
        { data: '2026-05-05', valor: '-1234.56', descricao: 'TARIFA MANUTENÇÃO', fitId: '77', tipoTransacao: 'DEBIT' },
      ],
    },
    {
      caso: 'SGML with closing tags, ISO-8859-1, dates with seconds and milliseconds',
      bytes: latin1(
        SGML(
          envelope(
            stmt(
              '<STMTTRN><TRNTYPE>CREDIT</TRNTYPE><DTPOSTED>20260506235959.123</DTPOSTED><TRNAMT>10.5</TRNAMT><FITID>X</FITID><MEMO>DEPÓSITO</MEMO></STMTTRN>',
            ),
          ),
          'CHARSET:ISO-8859-1',
        ),
      ),
      linhas: [{ data: '2026-05-06', valor: '10.50', descricao: 'DEPÓSITO' }],
    },
    {
      caso: 'UTF-8, a [-3:BRT] zone late at night keeps the date the bank meant, HHMM without seconds',
      bytes: utf8(
        SGML(
          envelope(
            stmt(
              `${trn('CREDIT', '20260507233000[-3:BRT]', '99', '1', 'PIX RECEBIDO JOÃO')}${trn('CREDIT', '202605081200', '1', '2', 'X')}`,
            ),
          ),
          'CHARSET:NONE\r\nENCODING:UTF-8',
        ),
      ),
      linhas: [
        { data: '2026-05-07', valor: '99.00', descricao: 'PIX RECEBIDO JOÃO' },
        { data: '2026-05-08', valor: '1.00' },
      ],
    },
    {
      caso: 'OFX 2.x XML with prolog, entities, CDATA and an empty element',
      bytes: utf8(XML),
      linhas: [
        { data: '2026-05-03', valor: '250.00', descricao: 'PIX RECEBIDO <JOAO>' },
        { data: '2026-05-04', valor: '-80.10', descricao: null },
      ],
    },
    {
      caso: 'empty FITIDs and two identical fee lines stay two; a zero line is dropped',
      bytes: latin1(SGML(envelope(stmt(`${fee}${fee}${trn('OTHER', '20260510', '0,00', '', 'SALDO')}`)))),
      linhas: [
        { valor: '-12.90', fitId: null, descricao: 'TAR PACOTE' },
        { valor: '-12.90', fitId: null, descricao: 'TAR PACOTE' },
      ],
    },
    {
      caso: 'an empty MEMO leaf does not swallow its siblings',
      bytes: latin1(
        SGML(envelope(stmt('<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20260511<MEMO><TRNAMT>-5<FITID>M</STMTTRN>'))),
      ),
      linhas: [{ valor: '-5.00', fitId: 'M', descricao: null }],
    },
  ])('$caso', ({ bytes, linhas }) => {
    const r = lerOfx(bytes);
    expect(r.extratos[0]!.linhas).toMatchObject(linhas);
  });

  it('reads header data: account, period, LEDGERBAL, DTSERVER, the version', () => {
    const r = lerOfx(latin1(SGML(envelope(stmt(trn('DEBIT', '20260505', '-1', '7', 'A'))))));
    expect(r).toMatchObject({ versao: 1, servidor: '2026-05-31' });
    expect(r.extratos[0]).toMatchObject({
      banco: '001',
      agencia: '1234-3',
      conta: '56789-2',
      inicio: '2026-05-01',
      fim: '2026-05-31',
      saldo: '1500.25',
      dataSaldo: '2026-05-31',
    });
    expect(lerOfx(XML)).toMatchObject({
      versao: 2,
      servidor: '2026-05-31',
      extratos: [{ banco: '341', saldo: '170.10' }],
    });
  });

  it('reads several statements in one file', () => {
    const dois = envelope(
      stmt(trn('DEBIT', '20260505', '-1', '7', 'A')) +
        stmt(trn('CREDIT', '20260506', '2', '8', 'B'), '<BANKID>341<ACCTID>12345-3'),
    );
    const r = lerOfx(SGML(dois));
    expect(r.extratos.map((e) => [e.banco, e.conta, e.linhas.length])).toEqual([
      ['001', '56789-2', 1],
      ['341', '12345-3', 1],
    ]);
  });

  it.each([
    ['not OFX', 'Data;Valor;Histórico\n01/05/2026;10,00;PIX', /não é um extrato OFX/],
    ['empty', '   ', /vazio/],
    ['truncated', SGML(envelope(stmt(trn('DEBIT', '20260505', '-1', '7', 'A')))).slice(0, 600), /incompleto/],
    [
      'three decimals',
      SGML(envelope(stmt(trn('DEBIT', '20260505', '-1.005', '7', 'A')))),
      /Linha \d+: valor com mais de duas casas/,
    ],
    [
      'an impossible date',
      SGML(envelope(stmt(trn('DEBIT', '20260231', '-1', '7', 'A')))),
      /Linha \d+: data da transação .* inválida/,
    ],
    ['no amount', SGML(envelope(stmt('<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20260505<FITID>1</STMTTRN>'))), /sem valor/],
    ['XML closing out of order', XML.replace('</FITID><NAME>', '</NAME><FITID>'), /Linha 7: <\/NAME>/],
    [
      'no statement',
      SGML('<OFX><SIGNONMSGSRSV1><SONRS><DTSERVER>20260531</SONRS></SIGNONMSGSRSV1></OFX>'),
      /nenhum extrato/,
    ],
  ])('refuses %s in Portuguese, naming the line where it can', (_caso, texto, msg) => {
    expect(() => lerOfx(texto)).toThrow(ErroOfx);
    expect(() => lerOfx(texto)).toThrow(msg);
  });
});

describe('line identity and account matching', () => {
  it('two identical lines get two identities; the same lines again the same ones; never the place in the file', () => {
    const a = { fitId: null, data: '2026-05-10', valor: '-12.90', descricao: 'TAR PACOTE' };
    const b = { fitId: '9', data: '2026-05-11', valor: '5.00', descricao: 'PIX' };
    const ids = identidadesDasLinhas([a, b, a]);
    expect(new Set(ids).size).toBe(3);
    expect(identidadesDasLinhas([b, a, a]).sort()).toEqual([...ids].sort());
  });

  const contas = [
    { id: 1, codigoBanco: '001', agencia: '1234', agenciaDigito: '3', numeroConta: '56789', numeroContaDigito: '2' },
    { id: 2, codigoBanco: '341', agencia: '0457', agenciaDigito: null, numeroConta: '12345', numeroContaDigito: '3' },
    { id: 3, codigoBanco: '237', agencia: '1590', agenciaDigito: null, numeroConta: '0123456', numeroContaDigito: 'X' },
  ];
  it.each([
    [{ banco: '001', agencia: '1234-3', conta: '56789-2' }, [1]],
    [{ banco: '1', agencia: '01234', conta: '0000567892' }, [1]],
    [{ banco: '0341', agencia: null, conta: '12345-3' }, [2]],
    [{ banco: '341', agencia: '0457', conta: '0457123453' }, [2]],
    [{ banco: '237', agencia: '1590', conta: '123456-X' }, [3]],
    [{ banco: '001', agencia: '9999', conta: '56789-2' }, []],
    [{ banco: '033', agencia: '1234', conta: '56789-2' }, []],
  ])('%o → %o', (e, ids) => expect(contasDoExtrato(e, contas).map((c) => c.id)).toEqual(ids));
});

describe('OFX reader: properties', () => {
  it('garbage never escapes as anything but a Portuguese ErroOfx', () => {
    const pedacos = fc.constantFrom(
      '<OFX>',
      '</OFX>',
      '<STMTRS>',
      '</STMTRS>',
      '<STMTTRN>',
      '<TRNAMT>',
      '<DTPOSTED>',
      '<BANKACCTFROM>',
      '<ACCTID>',
      '<?xml version="1.0"?>',
      '</BANKTRANLIST>',
      '<BANKTRANLIST>',
      '<![CDATA[',
      ']]>',
      '&amp;',
      '20260505',
      '-1,5',
    );
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(
            fc.string(),
            pedacos,
            fc.uint8Array().map((b) => new TextDecoder('latin1').decode(b)),
          ),
        ),
        (partes) => {
          try {
            lerOfx(partes.join(''));
          } catch (e) {
            expect(e).toBeInstanceOf(ErroOfx);
            expect((e as Error).message).toMatch(/[a-zà-ú]/);
          }
        },
      ),
      { numRuns: 400 },
    );
  });

  it('amounts round-trip exactly, with point or comma decimals', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: -(10n ** 13n), max: 10n ** 13n }).filter((c) => c !== 0n),
        fc.boolean(),
        (centavos, virgula) => {
          const neg = centavos < 0n;
          const abs = neg ? -centavos : centavos;
          const texto = `${neg ? '-' : ''}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
          const enviado = virgula ? texto.replace('.', ',') : texto;
          expect(lerValorOfx(enviado)).toBe(texto);
          const r = lerOfx(SGML(envelope(stmt(trn('OTHER', '20260505', enviado, '1', 'X')))));
          expect(r.extratos[0]!.linhas[0]!.valor).toBe(texto);
        },
      ),
      { numRuns: 300 },
    );
  });
});
