/**
 * Hostile input on EVERY write endpoint (POST/PUT/DELETE, registers and the others, public ones
 * included), generated from the server's registered routes: random and malicious bodies, query
 * strings, headers and path parameters. Never a 5xx, always the error shape, and a refused write
 * leaves the touched tables exactly as they were (row counts + checksums). HOSTIL_CASOS sets the
 * total number of cases (default 20 000; `npm run fuzz -w bench` runs more).
 */
import fc from 'fast-check';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RouteDeclaration, routeDeclarations } from '../../src/plugins/auth';
import type { TestApp } from '../helpers/app';
import { DEMO_SENHA } from '../helpers/auth';
import { bodyArb, type HostileBody, headersArb, paramArb, queryArb } from './hostil-arbitrarios';
import { registerOf } from './matriz-support';
import { SAMPLES } from '../registers/samples';
import { createRegistersApp, fixtures, resolve } from '../registers/support';

const TOTAL = Number(process.env.HOSTIL_CASOS ?? 20_000);
/** Report requests start a PDF/XLSX job per accepted case: fewer cases there, the rest spread over the others. */
const RELATORIO = /\/(relatorio|historico)$/;
const CASOS_RELATORIO = 12;
/** Answers the spec gives for features this test server does not configure. */
const NAO_CONFIGURADO: Record<string, number[]> = {
  'POST /api/v1/administracao/self-update': [503],
  'POST /api/auth/sso': [501],
  'POST /api/auth/sso/renovar': [501],
};
/** Tables the non-register endpoints write (sessions and login failures change on every request by design). */
const TABELAS_ADMIN = [
  'usuario',
  'usuario_loja',
  'usuario_contato',
  'grupo',
  'grupo_membro',
  'grupo_permissao',
  'chave_integracao',
  'avatar',
  'configuracao_sessao',
  'meu_menu',
  'notificacao',
  'sessao_mensagem',
  'atualizacao_sistema',
  'recurso_aprendizagem',
  'recurso_aprendizagem_dispensa',
  'auditoria',
];

/** Registers served by a view: the table a write lands in. */
const VIEW_BASE: Record<string, string> = { ncm_cadastro: 'ncm_local' };

let t: TestApp;
let owner: pg.Pool;
let admin: Record<string, string>;
let fx: Record<string, string>;
const ids: Record<string, string> = {};
let ip = 0;

/** Signs the administrator in from a fresh address (hostile logins may have throttled the previous one). */
async function signIn() {
  ip++;
  const xff = `10.0.${ip >> 8}.${ip & 255}`;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth',
    headers: { host: 'localhost', 'x-forwarded-for': xff },
    payload: { username: 'ana.admin', password: DEMO_SENHA },
  });
  if (res.statusCode !== 200) throw new Error(`login: ${res.statusCode} ${res.body}`);
  admin = { host: 'localhost', authorization: `Bearer ${res.json().accessToken}`, 'x-forwarded-for': xff };
}

beforeAll(async () => {
  t = await createRegistersApp();
  owner = new pg.Pool({ connectionString: t.ownerUrl, max: 2 });
  await signIn();
  fx = await fixtures(t, admin);
  const q = async (sql: string) => String((await owner.query(sql)).rows[0]?.id ?? '999999');
  ids.usuario = await q(`select id from usuario where username = 'gabi.consulta'`);
  // a group of its own: hostile writes to the administrators' group would strip the signed-in admin
  ids.grupo = await q(
    `insert into grupo (assinante_id, nome) select assinante_id, 'Grupo alvo' from usuario where username = 'ana.admin' returning id`,
  );
}, 120_000);
afterAll(async () => {
  await owner.end();
  await t.close();
});

/**
 * Rows written in the background by report jobs accepted earlier ('Relatório pronto' notifications
 * and their audit entries): they land whenever the job ends, so they are left out of the comparison.
 */
const SEGUNDO_PLANO: Record<string, string> = {
  notificacao: `where link not like '/visualizacao-relatorio/%'`,
  auditoria: `where not (entidade = 'notificacao' and depois->>'link' like '/visualizacao-relatorio/%')`,
};

/** Report jobs update their own row (status, heartbeat, file) until done: only which rows exist is compared. */
const LINHA: Record<string, string> = { relatorio: 'x.id::text' };

/** Row count + order-independent checksum of each table, in one round trip. */
async function snapshot(tables: readonly string[]): Promise<string> {
  const parts = tables.map(
    (tb) =>
      `(select '${tb}:' || count(*) || ':' || coalesce(sum(hashtextextended(${LINHA[tb] ?? `(to_jsonb(x) - 'ultimo_acesso')::text`}, 0)), 0) from ${tb} x ${SEGUNDO_PLANO[tb] ?? ''})`,
  );
  const { rows } = await owner.query(`select concat_ws('|', ${parts.join(', ')}) as s`);
  return rows[0].s as string;
}

function tablesOf(route: RouteDeclaration): string[] {
  const report = RELATORIO.test(route.url);
  const reg = regOf(route);
  if (!reg) return TABELAS_ADMIN;
  const children = reg.def.fields.flatMap((f) => (f.type === 'children' && f.table ? [f.table] : []));
  const own = [VIEW_BASE[reg.def.table] ?? reg.def.table, ...children, 'auditoria', 'contagem_registro'];
  return report ? [...own, 'relatorio', 'notificacao'] : own;
}

/** A valid id for each path parameter (a row created up front for register item routes). */
/** The register behind a route, report routes included (`…/relatorio`, `…/:id/historico`). */
const regOf = (route: RouteDeclaration) => registerOf(route.url.replace(RELATORIO, ''));

async function validParams(route: RouteDeclaration): Promise<Record<string, string>> {
  const reg = regOf(route);
  const out: Record<string, string> = {};
  for (const m of route.url.matchAll(/:(\w+)/g)) {
    const k = m[1]!;
    if (k === 'secaoId') out[k] = fx.secao!;
    else if (k === 'grupoId') out[k] = fx.grupo!;
    else if (k === 'produtoId') out[k] = fx.produto!;
    else if (k === 'id' && reg && SAMPLES[reg.def.key] && reg.kind === 'item') out[k] = await rowFor(route);
    else if (k === 'id' && /usuarios/.test(route.url)) out[k] = ids.usuario!;
    else if (k === 'id' && /grupo-usuario/.test(route.url)) out[k] = ids.grupo!;
    else out[k] = '1';
  }
  return out;
}

const created = new Map<string, string>();
async function rowFor(route: RouteDeclaration): Promise<string> {
  const reg = regOf(route)!;
  const hit = created.get(reg.def.key);
  if (hit) return hit;
  const sample = SAMPLES[reg.def.key]!;
  const p = reg.def.paths.find((x) => !x.readOnly && !x.bare && !x.itemsOnly)!;
  const url = `/api${p.path.replace(/:(\w+)/g, (_, k: string) => String(resolve(sample.nested?.[k] ?? '1', fx)))}`;
  const res = await t.app.inject({ method: 'POST', url, headers: admin, payload: resolve(sample.create(7), fx) });
  const id = res.statusCode === 201 ? String(res.json().id) : '1';
  created.set(reg.def.key, id);
  return id;
}

function payloadOf(body: HostileBody): string {
  return 'raw' in body ? body.raw : (JSON.stringify(body.json) ?? 'null');
}

/** `{message, reasons?}` in JSON, or its XML form for clients that ask for XML. */
function errorShape(res: { headers: Record<string, unknown>; body: string; json: () => { message?: unknown } }) {
  if (/xml/.test(String(res.headers['content-type']))) return /<message>[^<]+<\/message>/.test(res.body);
  return typeof res.json().message === 'string';
}

const writes = () => routeDeclarations(t.app).filter((r) => ['POST', 'PUT', 'DELETE'].includes(r.method));

describe('hostile input on every write endpoint', () => {
  it('covers every write route the server registers', () => {
    expect(writes().length).toBeGreaterThan(150);
  });

  it(
    `never a 5xx, always the error shape, refused writes change nothing (${TOTAL} cases)`,
    async () => {
      const routes = writes();
      const reports = routes.filter((r) => RELATORIO.test(r.url)).length;
      const runs = Math.ceil((TOTAL - reports * CASOS_RELATORIO) / (routes.length - reports));
      let total = 0;
      const statuses: Record<number, number> = {};
      for (const route of routes) {
        const reg = regOf(route);
        const sample = reg && SAMPLES[reg.def.key];
        const keys = reg ? reg.def.fields.flatMap((f) => [f.name, ...(f.fields ?? []).map((s) => s.name)]) : [];
        const base = sample ? (resolve(sample.create(8), fx) as Record<string, unknown>) : {};
        const tables = tablesOf(route);
        const valid = await validParams(route);
        const allowed5xx = NAO_CONFIGURADO[`${route.method} ${route.url}`] ?? [];
        const still = await t.app.inject({ url: '/api/v1/grupo-usuario', headers: admin });
        expect(still.statusCode, `o administrador perdeu o acesso antes de ${route.url}`).toBe(200);
        let before = await snapshot(tables);
        const paramsArb = fc.record(Object.fromEntries(Object.entries(valid).map(([k, v]) => [k, paramArb(v)])));
        await fc.assert(
          fc.asyncProperty(
            bodyArb(keys, base),
            queryArb,
            headersArb,
            paramsArb,
            fc.constantFrom('admin', 'admin', 'admin', 'admin', 'sem-token', 'host-estranho', 'token-lixo'),
            async (body, query, headers, params, quem) => {
              const url = route.url
                .replace(/:(\w+)/g, (_, k: string) => encodeURIComponent(params[k]!))
                .replace('*', 'x');
              const auth =
                quem === 'admin'
                  ? admin
                  : quem === 'sem-token'
                    ? { host: 'localhost' }
                    : quem === 'host-estranho'
                      ? { ...admin, host: "x'.example" }
                      : { host: 'localhost', authorization: 'Bearer eyJhbGciOiJub25lIn0.eyJhc3MiOjF9.' };
              const res = await t.app.inject({
                method: route.method as 'POST',
                url: `${url}${query}`,
                headers: { ...headers, ...auth },
                payload: payloadOf(body),
              });
              total++;
              statuses[res.statusCode] = (statuses[res.statusCode] ?? 0) + 1;
              const what = `${route.method} ${url}${query.slice(0, 200)} ${payloadOf(body).slice(0, 300)}`;
              expect(
                res.statusCode < 500 || allowed5xx.includes(res.statusCode),
                `${what} → ${res.statusCode} ${res.body}`,
              ).toBe(true);
              const after = await snapshot(tables);
              if (res.statusCode >= 400) {
                expect(errorShape(res), `${what} → ${res.headers['content-type']} ${res.body}`).toBe(true);
                expect(after, `${what} → ${res.statusCode}: recusada mas alterou o banco`).toBe(before);
              }
              before = after;
              if (res.statusCode === 401 && quem === 'admin') {
                // some endpoints end every session (forced logout): sign in again from a fresh address
                if ((await t.app.inject({ url: '/api/v1/eumesmo', headers: admin })).statusCode === 401) await signIn();
              }
            },
          ),
          { numRuns: RELATORIO.test(route.url) ? CASOS_RELATORIO : runs, endOnFailure: true },
        );
      }
      console.log(
        `[hostil] ${total} casos em ${routes.length} rotas de escrita; respostas: ${JSON.stringify(statuses)}`,
      );
      expect(total).toBeGreaterThanOrEqual(TOTAL);
    },
    Math.max(600_000, TOTAL * 60),
  );
});
