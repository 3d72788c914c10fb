/**
 * Treasury figures (issue #30 "Measured"), printed, not asserted (a shared, busy machine: read them as such):
 *  1. the OFX reader over a 50 000-line SGML 1252 file (the preview's parsing share), median of 5;
 *  2. auto-match suggestions 50 000 lines × 50 000 entries (1:1 + bounded 1:N / N:1), once;
 *  3. 20 reconciliation rules over 50 000 lines (the pure engine), median of 5;
 *  4. through the real app (embedded PostgreSQL, fresh DATA_DIR): POST /api/v1/financeiro/extratos of that file,
 *     preview (rolled back) then import (?confirmar=true), as beatriz.fin on the demo's BB account.
 * Targets: preview ≤ 1 s, import ≤ 2 s, auto-match 1:1 ≤ 2 s (bounded ≤ 10 s), 20 rules ≤ 2 s.
 * Usage: cd bench && npx tsx tesouraria.ts        (TESOURARIA_LINHAS=50000, TESOURARIA_SEM_APP=1 skips part 4)
 */
import {
  aplicarRegras,
  centavosDe,
  type LinhaDoMotor,
  lerOfx,
  type RegraDoMotor,
  sugerirConciliacoes,
} from '@retaguarda/domain';
import { pastaDeDados, usarPastaDeDados } from './lib/pasta-dados';

const N = Number(process.env.TESOURARIA_LINHAS ?? 50_000);
const MEMOS = [
  'PIX RECEBIDO CLIENTE',
  'TAR PACOTE SERVICOS',
  'PAGTO BOLETO FORNEC',
  'CIELO LIQUIDACAO',
  'TED ENVIADA',
  'DEP DINHEIRO',
  'SAQUE ATM',
  'REND APLIC',
];
const dia = (i: number) => new Date(Date.UTC(2026, 0, 1 + (i % 120))).toISOString().slice(0, 10);
const valor = (i: number) => {
  const c = ((i * 7919) % 500_000) + 100;
  return `${i % 3 === 0 ? '-' : ''}${Math.floor(c / 100)}.${String(c % 100).padStart(2, '0')}`;
};

function arquivo(): Buffer {
  const partes: string[] = [
    'OFXHEADER:100\nDATA:OFXSGML\nVERSION:102\nSECURITY:NONE\nENCODING:USASCII\nCHARSET:1252\n\n<OFX>\n<SIGNONMSGSRSV1><SONRS><STATUS><CODE>0<SEVERITY>INFO</STATUS><DTSERVER>20260501120000[-3:BRT]<LANGUAGE>POR</SONRS></SIGNONMSGSRSV1>\n',
    '<BANKMSGSRSV1><STMTTRNRS><TRNUID>1<STMTRS><CURDEF>BRL<BANKACCTFROM><BANKID>001<BRANCHID>1234-3<ACCTID>56789-2<ACCTTYPE>CHECKING</BANKACCTFROM>\n<BANKTRANLIST><DTSTART>20260101<DTEND>20260430\n',
  ];
  for (let i = 0; i < N; i++) {
    const v = valor(i).replace('.', ',');
    partes.push(
      `<STMTTRN>\n<TRNTYPE>${v.startsWith('-') ? 'DEBIT' : 'CREDIT'}\n<DTPOSTED>${dia(i).replaceAll('-', '')}100000[-3:BRT]\n<TRNAMT>${v}\n<FITID>F${i}\n<CHECKNUM>${i}\n<MEMO>${MEMOS[i % MEMOS.length]} ${i} Ç\n</STMTTRN>\n`,
    );
  }
  partes.push(
    '</BANKTRANLIST><LEDGERBAL><BALAMT>1000,00<DTASOF>20260430</LEDGERBAL></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>\n',
  );
  return Buffer.from(partes.join(''), 'latin1');
}

const mediana = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const tempo = (f: () => unknown) => {
  const t0 = performance.now();
  f();
  return performance.now() - t0;
};
const ms = (x: number) => `${x.toFixed(0)} ms`;

const bytes = arquivo();
console.log(
  `Tesouraria — ${N} linhas, arquivo OFX SGML 1252 de ${(bytes.length / 1e6).toFixed(1)} MB (máquina compartilhada)`,
);

// 1. the reader
let lido = lerOfx(bytes);
const leituras = Array.from({ length: 5 }, () => tempo(() => (lido = lerOfx(bytes))));
console.log(`1. leitor OFX: ${ms(mediana(leituras))} (mediana de 5; ${lido.extratos[0]!.linhas.length} linhas)`);

// 2. suggestions: every line has its entry 0..2 days later (one in 20 split in two, one in 20 two lines into one)
const linhas = lido.extratos[0]!.linhas.map((l, i) => ({
  id: `L${i}`,
  data: l.data,
  centavos: centavosDe(l.valor),
  numeroDocumento: l.numeroDocumento,
}));
const lancs = linhas
  .flatMap((l, i) => {
    const data = new Date(Date.parse(`${l.data}T00:00:00Z`) + (i % 3) * 86_400_000).toISOString().slice(0, 10);
    if (i % 20 === 5 && l.centavos > 1n) {
      const a = l.centavos / 2n;
      return [
        { id: `E${i}a`, data, centavos: a },
        { id: `E${i}b`, data, centavos: l.centavos - a },
      ];
    }
    return [{ id: `E${i}`, data, centavos: l.centavos, numeroDocumento: i % 2 ? l.numeroDocumento : null }];
  })
  .slice(0, N);
let sugestoes = 0;
const tSug = tempo(() => (sugestoes = sugerirConciliacoes(linhas, lancs, { janelaDias: 3 }).length));
console.log(
  `2. sugestões ${linhas.length} × ${lancs.length}: ${ms(tSug)} (${sugestoes} sugestões, 1:1 e 1:N/N:1 limitados)`,
);

// 3. 20 rules (contains, starts with, regex, ranges, weekdays; 2 of them match rules) over the lines
const regras: RegraDoMotor[] = Array.from({ length: 20 }, (_, i) => ({
  id: i + 1,
  prioridade: i,
  contaCorrenteId: null,
  confirmarAutomatico: true,
  condicoes:
    i % 4 === 0
      ? { sinal: 'DEBITO', memoContem: `${MEMOS[i % 8]!.split(' ')[0]} X${i}` }
      : i % 4 === 1
        ? { sinal: 'AMBOS', memoComecaCom: `${MEMOS[i % 8]!} 9${i}`, valorMinimo: '1.00' }
        : i % 4 === 2
          ? {
              sinal: 'AMBOS',
              memoRegex: `^${MEMOS[i % 8]!.split(' ')[0]}\\s+\\w+\\s+\\w+\\s+7${i}`,
              diasSemana: [1, 2, 3],
            }
          : { sinal: 'CREDITO', memoContem: MEMOS[i % 8]!, valorMaximo: String(i * 10) },
  acao:
    i >= 18
      ? { tipo: 'CONCILIAR', origem: 'MANUAL', janelaDias: 3 }
      : { tipo: 'GERAR_LANCAMENTO', historicoPadraoId: 1, complemento: '{memo} {data}' },
}));
const linhasMotor: LinhaDoMotor[] = lido.extratos[0]!.linhas.map((l, i) => ({
  id: `L${i}`,
  contaCorrenteId: 1,
  data: l.data,
  centavos: centavosDe(l.valor),
  descricao: l.descricao,
  numeroDocumento: l.numeroDocumento,
}));
const lancsMotor = lancs.map((e) => ({ ...e, origem: 'MANUAL' }));
let decisoes = 0;
const tRegras = Array.from({ length: 5 }, () =>
  tempo(() => (decisoes = aplicarRegras(regras, linhasMotor, lancsMotor).length)),
);
console.log(
  `3. 20 regras × ${linhasMotor.length} linhas: ${ms(mediana(tRegras))} (mediana de 5; ${decisoes} linhas tomadas)`,
);

// 4. through the app
if (!process.env.TESOURARIA_SEM_APP) {
  usarPastaDeDados(pastaDeDados('retaguarda-bench-tesouraria-'));
  const { loadConfig } = await import('../apps/server/src/config');
  const { startRuntime } = await import('../apps/server/src/runtime');
  const rt = await startRuntime({ ...loadConfig(), logLevel: 'warn' }, () => {});
  try {
    const login = await rt.app.inject({
      method: 'POST',
      url: '/api/auth',
      payload: { username: 'beatriz.fin', password: 'Demo@1234' },
    });
    const auth = { authorization: `Bearer ${login.json().accessToken}` };
    const enviar = async (confirmar: boolean) => {
      const t0 = performance.now();
      const r = await rt.app.inject({
        method: 'POST',
        url: `/api/v1/financeiro/extratos${confirmar ? '?confirmar=true' : ''}`,
        headers: {
          ...auth,
          'content-type': 'application/octet-stream',
          'content-disposition': 'attachment; filename="bench.ofx"',
        },
        payload: bytes,
      });
      const t = performance.now() - t0;
      if (r.statusCode !== 200) throw new Error(`${r.statusCode} ${r.body.slice(0, 300)}`);
      return { t, e: r.json().extratos[0] };
    };
    await enviar(false); // warm-up (JIT, caches), rolled back
    const previas = [];
    for (let i = 0; i < 3; i++) previas.push((await enviar(false)).t);
    console.log(`4a. prévia pela API: ${ms(mediana(previas))} (mediana de 3)`);
    const imp = await enviar(true);
    console.log(`4b. importação pela API: ${ms(imp.t)} (${imp.e.novas} novas, ${imp.e.futuras} futuras)`);
    const de = await enviar(true);
    console.log(`4c. reimportação (nada novo): ${ms(de.t)} (${de.e.repetidas} repetidas)`);
    console.log(`    memória: rss ${(process.memoryUsage().rss / 1e6).toFixed(0)} MB`);
  } finally {
    await rt.close();
  }
}
