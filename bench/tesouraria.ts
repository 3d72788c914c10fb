/**
 * Treasury figures (issue #30 "Measured"), printed, not asserted (a shared, busy machine: read them as such):
 *  1. the OFX reader over a 50 000-line SGML 1252 file (the preview's parsing share), median of 5;
 *  2. auto-match suggestions 50 000 lines × 50 000 entries (1:1 + bounded 1:N / N:1), once;
 *  3. 20 reconciliation rules over 50 000 lines (the pure engine), median of 5;
 *  4. through the real app (embedded PostgreSQL, fresh DATA_DIR): POST /api/v1/financeiro/extratos of that file,
 *     preview (rolled back) then import (?confirmar=true), as beatriz.fin on the demo's BB account.
 *  5. the same file as a job (?tarefa=true): 202 → the job's end, its result the import's answer;
 *  6. Conciliar in headless Chromium (needs `npm run build`): 5 000 statement lines × 5 000 entries in one month of
 *     the Itaú account; select a line, select its entry, Enter → the pair gone from both lists, painted; p95 of 20
 *     (the screen removes the pair before the command answers and puts it back on a refusal: the command's answer,
 *     from the same first click, is printed beside it).
 * Targets: preview ≤ 1 s, import ≤ 2 s, auto-match 1:1 ≤ 2 s (bounded ≤ 10 s), 20 rules ≤ 2 s, Conciliar ≤ 100 ms p95.
 * Usage: cd bench && npx tsx tesouraria.ts        (TESOURARIA_LINHAS=50000, TESOURARIA_SEM_APP=1 skips parts 4–6,
 *                                                  TESOURARIA_SEM_NAVEGADOR=1 skips part 6, TESOURARIA_PORTA=4411)
 */
import {
  aplicarRegras,
  centavosDe,
  type LinhaDoMotor,
  lerOfx,
  type RegraDoMotor,
  sugerirConciliacoes,
} from '@retaguarda/domain';
import os from 'node:os';
import v8 from 'node:v8';
import vm from 'node:vm';
import { abrirNavegador, entrarNaTela, p95 } from './lib/navegador';
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

// "memory flat" is judged on the heap after a full collection (rss keeps what the allocator once took)
v8.setFlagsFromString('--expose-gc');
const coletar = vm.runInNewContext('gc') as () => void;
function memoria(gc = true) {
  if (gc) coletar();
  const m = process.memoryUsage();
  return { rss: (m.rss / 1e6).toFixed(0), heap: (m.heapUsed / 1e6).toFixed(0) };
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
  `Tesouraria — ${N} linhas, arquivo OFX SGML 1252 de ${(bytes.length / 1e6).toFixed(1)} MB (máquina compartilhada; carga ${os
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(' ')})`,
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
        // the synchronous import is measured here (a 7 MB file would go to a job by itself: part 5)
        url: `/api/v1/financeiro/extratos${confirmar ? '?confirmar=true&tarefa=false' : ''}`,
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
    const antes = memoria();
    await enviar(false); // warm-up (JIT, caches), rolled back
    const previas = [];
    for (let i = 0; i < 3; i++) previas.push((await enviar(false)).t);
    console.log(`4a. prévia pela API: ${ms(mediana(previas))} (mediana de 3)`);
    const imp = await enviar(true);
    console.log(`4b. importação pela API: ${ms(imp.t)} (${imp.e.novas} novas, ${imp.e.futuras} futuras)`);
    const de = await enviar(true);
    console.log(`4c. reimportação (nada novo): ${ms(de.t)} (${de.e.repetidas} repetidas)`);
    const pico = memoria(false);
    const depois = memoria();
    console.log(
      `    memória (MB; heap após GC): antes da 4 rss ${antes.rss} heap ${antes.heap} · depois de 5 envios de 7,2 MB rss ${pico.rss} heap ${pico.heap} sem GC, heap ${depois.heap} após GC (rss ${depois.rss})`,
    );

    // 5. as a job: the account's lines are all there already, so this measures the job's own path (keep the file,
    // enqueue, read it back, run the import) around an import that finds nothing new
    const t5 = performance.now();
    const job = await rt.app.inject({
      method: 'POST',
      url: '/api/v1/financeiro/extratos?confirmar=true&tarefa=true',
      headers: {
        ...auth,
        'content-type': 'application/octet-stream',
        'content-disposition': 'attachment; filename="bench.ofx"',
      },
      payload: bytes,
    });
    if (job.statusCode !== 202) throw new Error(`${job.statusCode} ${job.body.slice(0, 300)}`);
    let fim: { status: string; resultado?: { extratos: { repetidas: number }[] } } = { status: 'PENDENTE' };
    while (['PENDENTE', 'PROCESSANDO'].includes(fim.status)) {
      await new Promise((r) => setTimeout(r, 100));
      fim = (await rt.app.inject({ url: `/api/v1/tarefas/${job.json().tarefaId}`, headers: auth })).json();
    }
    console.log(
      `5.  importação como tarefa (202 → ${fim.status}): ${ms(performance.now() - t5)} (${fim.resultado?.extratos[0]?.repetidas} repetidas)`,
    );

    if (!process.env.TESOURARIA_SEM_NAVEGADOR) await conciliarNoNavegador(rt, auth);
  } finally {
    await rt.close();
  }
}

/**
 * 6. Conciliar, 5 000 × 5 000 (the size): August on the Itaú account gets 5 000 credit lines and 5 000
 * entries posted by the bank ledger's own function; 40 pairs of the 1st match exactly (they lead both lists), the
 * rest cannot (the other entries are debits). In the page: click the line, click its entry, Enter on the list →
 * the moment both are gone and the frame is painted (the page's own clock; the driver's waits are not counted).
 */
async function conciliarNoNavegador(
  rt: Awaited<ReturnType<typeof import('../apps/server/src/runtime')['startRuntime']>>,
  auth: Record<string, string>,
) {
  const { sql } = await import('kysely');
  const { lancarNoBanco } = await import('../apps/server/src/modules/financeiro');
  const { DEMO_ASSINANTES } = await import('../apps/server/db/seed/demo-data');
  const M = 5000;
  const PARES = 40;
  const a = (await rt.db.resolveAssinante(DEMO_ASSINANTES[0]!.hosts[0]!))!;
  const conta = await rt.db.withTenant(a.id, async (trx) => {
    const { rows } = await sql<{ id: number; lojaId: number }>`
      select id, loja_id from conta_corrente where descricao = 'Itaú Londrina'`.execute(trx);
    return rows[0]!;
  });
  const dia = (i: number) => `2026-08-${String(1 + (i < PARES ? 0 : i % 31)).padStart(2, '0')}`;
  const reais = (c: number) => `${Math.floor(c / 100)}.${String(c % 100).padStart(2, '0')}`;
  const trn = Array.from({ length: M }, (_, i) => {
    const c = 1000 + 3 * i;
    return `<STMTTRN><TRNTYPE>CREDIT<DTPOSTED>${dia(i).replaceAll('-', '')}<TRNAMT>${reais(c).replace('.', ',')}<FITID>CB${i}<MEMO>PIX RECEBIDO CLIENTE ${i}</STMTTRN>\n`;
  }).join('');
  const ofx = Buffer.from(
    `OFXHEADER:100\nDATA:OFXSGML\nVERSION:102\nCHARSET:1252\n\n<OFX><SIGNONMSGSRSV1><SONRS><STATUS><CODE>0<SEVERITY>INFO</STATUS><DTSERVER>20260831235959<LANGUAGE>POR</SONRS></SIGNONMSGSRSV1><BANKMSGSRSV1><STMTTRNRS><TRNUID>1<STMTRS><CURDEF>BRL<BANKACCTFROM><BANKID>0341<BRANCHID>0457<ACCTID>12345-3<ACCTTYPE>CHECKING</BANKACCTFROM><BANKTRANLIST><DTSTART>20260801<DTEND>20260831\n${trn}</BANKTRANLIST><LEDGERBAL><BALAMT>0,00<DTASOF>20260831</LEDGERBAL></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>\n`,
    'latin1',
  );
  const imp = await rt.app.inject({
    method: 'POST',
    url: `/api/v1/financeiro/extratos?confirmar=true&tarefa=false&contaCorrenteId=${conta.id}`,
    headers: {
      ...auth,
      'content-type': 'application/octet-stream',
      'content-disposition': 'attachment; filename="conciliar.ofx"',
    },
    payload: ofx,
  });
  if (imp.statusCode !== 200) throw new Error(`${imp.statusCode} ${imp.body.slice(0, 300)}`);
  await rt.db.withTenant(a.id, (trx) =>
    lancarNoBanco(
      trx,
      Array.from({ length: M }, (_, i) => ({
        contaCorrenteId: conta.id,
        lojaId: conta.lojaId,
        data: dia(i),
        tipo: i < PARES ? ('CREDITO' as const) : ('DEBITO' as const),
        valor: reais(i < PARES ? 1000 + 3 * i : 1001 + 3 * i),
        origem: 'MANUAL' as const,
        complemento: `Lançamento ${i}`,
        historicoPadraoId: null,
        numeroDocumento: null,
      })),
      null,
    ),
  );
  const porta = Number(process.env.TESOURARIA_PORTA ?? 4411);
  await rt.app.listen({ port: porta, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${porta}`;
  const browser = await abrirNavegador();
  try {
    const page = await browser.newPage({ viewport: { width: 1600, height: 1000 }, locale: 'pt-BR' });
    await entrarNaTela(page, base, 'beatriz.fin');
    const url = `${base}/app/#/conciliacaoContaCorrente/conciliar?conta=${conta.id}&inicio=2026-08-01&fim=2026-08-31`;
    const t0 = performance.now();
    await page.goto(url);
    await page.locator('[data-cy=conc-extrato]').getByText(`pendentes: ${M}`).waitFor({ timeout: 120_000 });
    await page.locator('[data-cy=conc-sistema]').getByText(`pendentes: ${M}`).waitFor({ timeout: 120_000 });
    const abrir = performance.now() - t0;
    const painel = (
      await rt.app.inject({
        url: `/api/v1/financeiro/contas-correntes/${conta.id}/conciliacao?inicio=2026-08-01&fim=2026-08-31`,
        headers: auth,
      })
    ).json() as { sugestoes: { linhas: string[]; lancamentos: string[] }[] };
    const pares = painel.sugestoes.filter((s) => s.linhas.length === 1 && s.lancamentos.length === 1).slice(0, 21);
    const tempos: number[] = [];
    const servidor: number[] = [];
    for (const [k, s] of pares.entries()) {
      const t = (await page.evaluate(
        `(async ([l, e]) => {
          const tick = () => new Promise((r) => setTimeout(r, 0));
          const achar = (lado, id) => document.getElementById('conc-' + lado + '-' + id);
          const linha = achar('Extrato do banco', l);
          const entrada = achar('Lançamentos do sistema', e);
          if (!linha || !entrada) throw new Error('par fora da tela: ' + l + ' / ' + e);
          const t0 = performance.now();
          linha.click();
          await tick();
          entrada.click();
          await tick();
          entrada.closest('[role=listbox]').dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
          await new Promise((ok, falha) => {
            const feito = () => !achar('Extrato do banco', l) && !achar('Lançamentos do sistema', e);
            const obs = new MutationObserver(() => { if (feito()) { obs.disconnect(); ok(); } });
            obs.observe(document.body, { childList: true, subtree: true });
            setTimeout(() => { obs.disconnect(); falha(new Error('o par não saiu das listas em 10 s')); }, 10000);
          });
          await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
          const tela = performance.now() - t0;
          // the command's answer (the screen removes the pair before it: a refusal would put it back)
          const resposta = await new Promise((ok, falha) => {
            const achou = () => performance.getEntriesByType('resource')
              .find((x) => x.name.endsWith('/conciliacoes') && x.startTime >= t0 && x.responseEnd > 0);
            const espera = () => { const x = achou(); if (x) ok(x.responseEnd - t0); else setTimeout(espera, 5); };
            setTimeout(() => falha(new Error('o comando não respondeu em 10 s')), 10000);
            espera();
          });
          return [tela, resposta];
        })(${JSON.stringify([s.linhas[0], s.lancamentos[0]])})`,
      )) as [number, number];
      if (k > 0) {
        // the first pair warms the command's path
        tempos.push(t[0]);
        servidor.push(t[1]);
      }
      await page.waitForTimeout(400); // as between a user's clicks
    }
    const r = p95(tempos);
    const c = p95(servidor);
    console.log(
      `6.  Conciliar no Chromium (${M} linhas × ${M} lançamentos; tela aberta em ${ms(abrir)}): selecionar e confirmar um par p50 ${r.p50} ms, p95 ${r.p95} ms, máx ${r.max} ms (${r.n} pares)`,
    );
    console.log(`    resposta do comando (desde o clique na linha): p50 ${c.p50} ms, p95 ${c.p95} ms, máx ${c.max} ms`);
  } finally {
    await browser.close();
  }
}
