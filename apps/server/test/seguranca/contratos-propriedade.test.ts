/**
 * Property test over EVERY contract (issue 26, finding 3): each command and write (POST/PUT/PATCH/DELETE,
 * workflows declared with defineWorkflow included) and each list's query, enumerated from the server's
 * own OpenAPI document (built from the zod contracts), gets arbitrary strings, numbers, nulls, arrays,
 * objects and huge values in every field it declares — nested items too. The answer is always a 2xx or a
 * 4xx in the error shape with a Portuguese message; never a 500, never seconds of CPU.
 * CONTRATOS_CASOS sets the runs per endpoint (default 10; commands of one field run fewer).
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';
import { DEMO_SENHA } from '../helpers/auth';
import { type Esquema, corpoArb, queryArb, respostaEmPortugues } from './contratos-arbitrarios';

const CASOS = Number(process.env.CONTRATOS_CASOS ?? 10);
/** Report requests start a PDF/XLSX job when accepted: fewer runs there. */
const RELATORIO = /\/(relatorio|historico|exportacao|export)$/;
/** Answers the spec gives for features this test server does not configure. */
const NAO_CONFIGURADO: Record<string, number[]> = {
  '/api/v1/administracao/self-update': [503],
  '/api/auth/sso': [501],
  '/api/auth/sso/renovar': [501],
  '/api/auth/recaptcha': [501],
};
/** GETs that are not lists: documents, files, streams and single records. */
const NAO_LISTA = /\/(docs|arquivo|export|eventos|realtime|ws)(\/|$)|\}$/;
/** The slowest answer allowed (a huge value must be refused at once, not after seconds of CPU). */
const LENTO_MS = 2_000;

interface Operacao {
  metodo: string;
  caminho: string;
  corpo?: Esquema;
  consulta: Record<string, Esquema>;
}

let t: TestApp;
let admin: Record<string, string>;
let ip = 0;
let operacoes: Operacao[] = [];

async function entrar() {
  ip++;
  const xff = `10.9.${ip >> 8}.${ip & 255}`;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth',
    headers: { host: 'localhost', 'x-forwarded-for': xff },
    payload: { username: 'ana.admin', password: DEMO_SENHA },
  });
  if (res.statusCode !== 200) throw new Error(`login: ${res.statusCode} ${res.body}`);
  admin = { host: 'localhost', authorization: `Bearer ${res.json().accessToken}`, 'x-forwarded-for': xff };
}

type DocOpenApi = {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: { in: string; name: string; schema?: Esquema }[];
        requestBody?: { content?: Record<string, { schema?: Esquema }> };
      }
    >
  >;
};

/** Every write and every list of /api, from the OpenAPI document the contracts generate. */
function operacoesDoDocumento(doc: DocOpenApi): Operacao[] {
  const out: Operacao[] = [];
  for (const [caminho, metodos] of Object.entries(doc.paths)) {
    if (!caminho.startsWith('/api/')) continue;
    for (const [m, op] of Object.entries(metodos)) {
      const metodo = m.toUpperCase();
      const consulta = Object.fromEntries(
        (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => [p.name, p.schema ?? {}]),
      );
      // a list: any GET of a collection (the register engine's lists do not document start/count/q/sort)
      const lista = metodo === 'GET' && !NAO_LISTA.test(caminho);
      if (!['POST', 'PUT', 'PATCH', 'DELETE'].includes(metodo) && !lista) continue;
      const corpo = op.requestBody?.content?.['application/json']?.schema;
      out.push({ metodo, caminho, corpo, consulta });
    }
  }
  return out;
}

beforeAll(async () => {
  t = await createTestApp();
  await entrar();
  operacoes = operacoesDoDocumento(t.app.swagger() as unknown as DocOpenApi);
}, 120_000);
afterAll(async () => t?.close());

describe('every command and list contract answers 2xx or a Portuguese 4xx, never a 500', () => {
  it('enumerates the commands (workflows included) and the lists', () => {
    const comandos = operacoes.filter((o) => o.metodo !== 'GET');
    expect(comandos.length).toBeGreaterThan(150);
    expect(operacoes.filter((o) => o.metodo === 'GET').length).toBeGreaterThan(80);
    // the workflows of issue 26's findings are among them, with their contracts' fields
    const por = (c: string) => operacoes.find((o) => o.metodo === 'POST' && o.caminho === c);
    expect(Object.keys(por('/api/v1/estoque/ajustes')?.corpo?.properties ?? {})).toContain('dataDaMovimentacao');
    expect(Object.keys(por('/api/v1/fiscal/cenarios-fiscais/simular')?.corpo?.properties ?? {})).toContain('valor');
    expect(por('/api/v1/estoque/transferencias/{id}/receber')).toBeDefined();
  });

  it(`arbitrary values in every field (${CASOS} runs per endpoint)`, async () => {
    const inicio = performance.now();
    const status: Record<number, number> = {};
    let total = 0;
    let lento = { ms: 0, o: '' };
    for (const op of operacoes) {
      const permitidos = NAO_CONFIGURADO[op.caminho] ?? [];
      const runs = RELATORIO.test(op.caminho) ? 3 : CASOS;
      await fc.assert(
        fc.asyncProperty(
          op.corpo ? corpoArb(op.corpo) : fc.constant(undefined),
          queryArb(op.consulta),
          async (corpo, qs) => {
            // an id no row has: a write that passes validation finds nothing, so the demo data stays
            const url = `${op.caminho.replace(/\{[^}]+\}/g, '987654')}${qs}`;
            const t0 = performance.now();
            const res = await t.app.inject({
              method: op.metodo as 'POST',
              url,
              headers: { ...admin, ...(corpo === undefined ? {} : { 'content-type': 'application/json' }) },
              ...(corpo === undefined ? {} : { payload: JSON.stringify(corpo) }),
            });
            const ms = performance.now() - t0;
            total++;
            status[res.statusCode] = (status[res.statusCode] ?? 0) + 1;
            const o = `${op.metodo} ${url.slice(0, 300)} ${(JSON.stringify(corpo) ?? '').slice(0, 400)}`;
            if (ms > lento.ms) lento = { ms, o: o.slice(0, 160) };
            expect(
              res.statusCode < 500 || permitidos.includes(res.statusCode),
              `${o} → ${res.statusCode} ${res.body}`,
            ).toBe(true);
            expect(ms, `${o} → ${ms.toFixed(0)} ms`).toBeLessThan(LENTO_MS);
            if (res.statusCode >= 400) {
              const falha = respostaEmPortugues(res);
              expect(falha, `${o} → ${res.statusCode} ${res.body.slice(0, 500)}`).toBeUndefined();
            }
            if (res.statusCode === 401) {
              // a command that ends every session (forced logout) ran: sign in again
              if ((await t.app.inject({ url: '/api/v1/eumesmo', headers: admin })).statusCode === 401) await entrar();
            }
          },
        ),
        { numRuns: runs, endOnFailure: true },
      );
    }
    console.log(
      `[contratos] ${total} casos em ${operacoes.length} operações, ${((performance.now() - inicio) / 1000).toFixed(1)} s; respostas: ${JSON.stringify(status)}; mais lenta: ${lento.ms.toFixed(0)} ms (${lento.o})`,
    );
  }, 300_000);
});
