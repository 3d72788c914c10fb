/**
 * Permission and isolation matrix, generated from the server's registered routes, their declared
 * access and the register declarations: every /api route × {anonymous, no permission, ACESSO,
 * INCLUIR, EDITAR, EXCLUIR, administrator} × {own store, other store} × {own tenant, other tenant}.
 * The expected answer (401, 403, 404 or success) is derived from the declarations; any leak fails.
 */
import { ALL_PERMISSION_CODES, MSG, MSG_TIPO_CLIENTE, perm, REGISTERS, type RegisterDef } from '@retaguarda/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RouteAccess, type RouteDeclaration, routeDeclarations } from '../../src/plugins/auth';
import { codigosAcimaDe, type TestApp } from '../helpers/app';
import { PAPEIS, type Principal, type RegRoute, registerOf, type Tenant, tenantPrincipals } from './matriz-support';
import { EDIT_ONLY, SAMPLES } from '../registers/samples';
import { createRegistersApp, fixtures, headersFor, resolve } from '../registers/support';

type Verb = 'ACESSO' | 'INCLUIR' | 'EDITAR' | 'EXCLUIR';
const VERB_OF: Record<string, Verb> = { GET: 'ACESSO', POST: 'INCLUIR', PUT: 'EDITAR', DELETE: 'EXCLUIR' };
const PARAMS: Record<string, string> = { secaoId: '$secao', grupoId: '$grupo', produtoId: '$produto' };

let t: TestApp;
let fx: Record<string, string>;
let bv: Tenant;
let mc: Tenant;
const failures: string[] = [];
let cases = 0;

/** Rows of a register in the first tenant: `own` in the matrix users' store, `other` in another store. */
const rows = new Map<
  string,
  {
    own: string;
    other: string;
    body: (loja: number) => Record<string, unknown>;
    fresh: (loja: number) => Record<string, unknown>;
    foreign: (loja: number) => Record<string, unknown>;
  }
>();
/** Sample numbers for re-created rows (similares has fixture pairs for 1-4 and 9 only). */
const FRESH = [3, 4, 9, 5, 6, 7];
/** Sample number of the rows the other tenant creates (never used in the first tenant). */
const OUTRO = 8;

/** The access a register route must declare, from the register declaration alone. */
function expectedRegisterAccess(def: RegisterDef, method: string): RouteAccess {
  const verb = VERB_OF[method]!;
  const entidade = def.label.plural.toLowerCase();
  if (verb === 'ACESSO' && def.acesso?.leitura === 'sessao') return { entidade };
  if (verb === 'ACESSO' && def.acesso?.leitura === 'admin') return { adminOnly: true, entidade };
  if (verb !== 'ACESSO' && def.acesso?.escrita === 'admin') return { adminOnly: true, entidade };
  const access: RouteAccess = { anyOf: [perm(def.permissao, verb)], entidade };
  return def.tipoCliente ? { ...access, tipoCliente: def.tipoCliente } : access;
}

function allowed(access: RouteAccess, p: Principal): boolean {
  if (access.dispositivo === 'somente') return false; // a terminal's own routes: no user passes
  if (access.adminOnly && !p.administrador) return false;
  if (access.tipoCliente && p.tipoCliente !== access.tipoCliente) return false;
  return !access.anyOf?.length || access.anyOf.some((c) => p.permissoes.has(c));
}

function fill(url: string, id: string): string {
  return url
    .replace(/:(\w+)\??/g, (_, k: string) =>
      k === 'id' ? encodeURIComponent(id) : String(resolve(PARAMS[k] ?? '999999', fx)),
    )
    .replace('*', 'x');
}

function loja(def: RegisterDef, id: number): Record<string, unknown> {
  const f = def.fields.find((x) => x.name === def.lojaField);
  if (!f) return {};
  return { [f.name]: f.type === 'lojas' ? [id] : id };
}

type Res = Awaited<ReturnType<TestApp['app']['inject']>>;
function check(label: string, ok: boolean, res: Res) {
  cases++;
  if (!ok) failures.push(`${label} → ${res.statusCode} ${res.body.slice(0, 160)}`);
}

const isGuard403 = (res: Res, access: RouteAccess) =>
  res.statusCode === 403 &&
  [MSG.semPermissao(access.entidade), MSG_TIPO_CLIENTE.somenteFranquia(access.entidade)].includes(res.json().message);
/** Past the guard: neither 401 nor the permission 403, and no server error (501: feature not configured here, e.g. SSO). */
const passed = (res: Res, access: RouteAccess) =>
  res.statusCode !== 401 && !isGuard403(res, access) && (res.statusCode < 500 || res.statusCode === 501);

async function req(p: Principal | { headers: Record<string, string> }, method: string, url: string, payload?: object) {
  return t.app.inject({ method: method as 'GET', url, headers: p.headers, ...(payload ? { payload } : {}) });
}

async function createRow(def: RegisterDef, body: Record<string, unknown>): Promise<string> {
  const sample = SAMPLES[def.key]!;
  const p = def.paths.find((x) => !x.readOnly && !x.bare && !x.itemsOnly)!;
  const base = `/api${p.path.replace(/:(\w+)/g, (_, k: string) => String(resolve(sample.nested?.[k] ?? PARAMS[k], fx)))}`;
  const admin = bv.principals.ADMIN;
  const res = await req(admin, 'POST', base, body);
  if (res.statusCode !== 201) throw new Error(`${def.key}: ${res.statusCode} ${res.body}`);
  return String(res.json().id);
}

beforeAll(async () => {
  t = await createRegistersApp();
  bv = await tenantPrincipals(t, 'localhost', 'BV01');
  // codes are per tenant: the rows created here in Bela Vida must hold codes Mercadão has no record under
  await codigosAcimaDe(t.ownerUrl, bv.id, 100_000);
  fx = await fixtures(t, await headersFor(t, 'ana.admin'));
  mc = await tenantPrincipals(t, 'mercadao.localhost');
  for (const def of REGISTERS) {
    if (EDIT_ONLY[def.key]) {
      const id = EDIT_ONLY[def.key]!.id;
      rows.set(def.key, { own: id, other: id, body: () => ({}), fresh: () => ({}), foreign: () => ({}) });
      continue;
    }
    const sample = SAMPLES[def.key]!;
    const body = (n: number) => (l: number) => ({ ...resolve(sample.create(n), fx), ...loja(def, l) });
    const own = await createRow(def, body(1)(bv.lojas.BV01!));
    const other = def.lojaField ? await createRow(def, body(2)(bv.lojas.BV02!)) : own;
    let next = 0;
    rows.set(def.key, {
      own,
      other,
      body: body(1),
      fresh: (l) => body(FRESH[next++ % FRESH.length]!)(l),
      foreign: body(OUTRO),
    });
  }
}, 120_000);
afterAll(() => t.close());

describe('permission and isolation matrix', () => {
  it('the principals hold exactly the permissions the matrix assumes', () => {
    for (const ten of [bv, mc])
      for (const papel of PAPEIS) {
        const want =
          papel === 'ADMIN'
            ? [...ALL_PERMISSION_CODES]
            : papel === 'NENHUMA'
              ? []
              : [...ALL_PERMISSION_CODES].filter((c) => c.endsWith(`_${papel}`));
        expect([...ten.principals[papel].permissoes].sort(), `${ten.host} ${papel}`).toEqual(want.sort());
      }
  });

  it('every register route declares the access its register declaration implies', () => {
    const mismatches = routeDeclarations(t.app)
      .filter((r) => r.method !== 'HEAD')
      .flatMap((r) => {
        const reg = registerOf(r.url);
        if (!reg) return [];
        const want = expectedRegisterAccess(reg.def, r.method);
        return JSON.stringify(r.access) === JSON.stringify(want) ? [] : [`${r.method} ${r.url}`];
      });
    expect(mismatches).toEqual([]);
  });

  it('every /api route × principal × store × tenant answers as declared (no leak)', async () => {
    const routes = routeDeclarations(t.app).filter((r) => r.method !== 'HEAD' && !r.access?.public);
    expect(routes.length).toBeGreaterThan(300);
    // deletes last, so every other case still finds its rows
    const order = (r: RouteDeclaration) => (r.method === 'DELETE' ? 1 : 0);
    for (const route of [...routes].sort((a, b) => order(a) - order(b))) await runRoute(route);
    console.log(`[matriz] ${cases} casos em ${routes.length} rotas; ${failures.length} falhas`);
    expect(failures).toEqual([]);
  }, 300_000);
});

async function runRoute(route: RouteDeclaration) {
  const access = route.access!;
  const reg = registerOf(route.url);
  const label = (who: string) => `${route.method} ${route.url} [${who}]`;
  const anyUrl = fill(route.url, rows.get(reg?.def.key ?? '')?.own ?? '999999');
  for (const ten of [bv, mc]) {
    const anon = await req(
      { headers: { host: ten.host } },
      route.method,
      anyUrl,
      route.method === 'GET' ? undefined : {},
    );
    check(label(`anônimo ${ten.host}`), anon.statusCode === 401, anon);
  }
  // a token of one tenant presented to the other tenant's host
  const replay = { headers: { ...bv.principals.ACESSO.headers, host: mc.host } };
  const r = await req(replay, route.method, anyUrl, route.method === 'GET' ? undefined : {});
  check(label('token de outro assinante'), r.statusCode === 401, r);

  for (const ten of [bv, mc])
    for (const papel of PAPEIS) {
      const p = ten.principals[papel];
      const who = `${papel}@${ten.host}`;
      if (!allowed(access, p)) {
        const res = await req(p, route.method, anyUrl, route.method === 'GET' ? undefined : {});
        check(label(`${who} sem permissão`), isGuard403(res, access), res);
        continue;
      }
      if (!reg || (!SAMPLES[reg.def.key] && !EDIT_ONLY[reg.def.key])) {
        if (papel === 'ADMIN' && route.method !== 'GET') continue; // admin-only actions: the hostile test covers them
        const res = await req(p, route.method, anyUrl, route.method === 'GET' ? undefined : {});
        check(label(who), passed(res, access), res);
        continue;
      }
      await registerCases(route, reg, ten, p, label);
    }
}

async function registerCases(
  route: RouteDeclaration,
  reg: RegRoute,
  ten: Tenant,
  p: Principal,
  label: (who: string) => string,
) {
  const { def } = reg;
  const state = rows.get(def.key)!;
  const foreign = ten === mc;
  const editOnly = !!EDIT_ONLY[def.key];
  const scoped = !!def.lojaField && !p.administrador;
  const sample = SAMPLES[def.key];
  const who = `${p.papel}@${ten.host}`;
  // the rows as this principal should see them
  const variants = [{ nome: 'loja própria', id: state.own, visible: !foreign }];
  if (state.other !== state.own) variants.push({ nome: 'outra loja', id: state.other, visible: !foreign && !scoped });
  if (reg.kind === 'export') {
    const res = await req(p, 'GET', fill(route.url, ''));
    check(label(who), res.statusCode === 200, res);
    return;
  }
  if (reg.kind === 'list' && route.method === 'GET') {
    for (const v of variants) {
      const q = reg.path.bare ? '' : `?q=${encodeURIComponent(`id==${v.id}`)}`;
      const res = await req(p, 'GET', `${fill(route.url, '')}${q}`);
      const body = res.statusCode === 200 ? res.json() : undefined;
      const ids = ((Array.isArray(body) ? body : body?.items) ?? []).map((x: { id: unknown }) => String(x.id));
      const seen = ids.includes(v.id);
      const ok = res.statusCode === 200 && (editOnly && foreign ? true : v.visible ? reg.path.bare || seen : !seen);
      check(label(`${who} lista ${v.nome}`), ok, res);
    }
    return;
  }
  if (reg.kind === 'list' && route.method === 'POST') {
    if (!sample) return;
    if (foreign) {
      const body = state.foreign(bv.lojas.BV01!);
      // references to the other tenant (fixtures, stores, parent rows in the path) must never be accepted
      const refs = JSON.stringify(sample.create(1)).includes('"$') || !!def.lojaField || route.url.includes(':');
      const res = await req(p, 'POST', fill(route.url, ''), body);
      check(
        label(`${who} referências de outro assinante`),
        refs ? res.statusCode >= 400 && res.statusCode < 500 : passed(res, route.access!),
        res,
      );
      return;
    }
    if (scoped) {
      const res = await req(p, 'POST', fill(route.url, ''), state.body(bv.lojas.BV02!));
      check(label(`${who} outra loja`), res.statusCode === 403, res);
    }
    const res = await req(p, 'POST', fill(route.url, ''), state.body(bv.lojas.BV01!));
    check(label(`${who} loja própria`), [200, 201, 409, 422].includes(res.statusCode), res);
    return;
  }
  // item routes: GET, PUT, DELETE
  for (const v of variants) {
    if (editOnly && foreign) continue; // code-keyed reference rows exist in every tenant under the same key
    const url = fill(route.url, v.id);
    const payload = route.method === 'PUT' ? (editOnly ? EDIT_ONLY[def.key]!.update : sample!.update) : undefined;
    const res = await req(p, route.method, url, payload);
    // a visible row is read, updated (200, or 409 when the sample's unique text is already taken) or deleted
    const ok = v.visible
      ? [200, 204, 409].includes(res.statusCode) && (res.statusCode !== 409 || route.method === 'PUT')
      : res.statusCode === 404;
    check(label(`${who} ${v.nome}${foreign ? ' (outro assinante)' : ''}`), ok, res);
    if (route.method === 'DELETE' && v.visible && res.statusCode < 300) {
      const isOwn = v.id === state.own;
      const created = await createRow(def, state.fresh(isOwn ? bv.lojas.BV01! : bv.lojas.BV02!));
      if (state.other === state.own) state.other = created;
      if (isOwn) state.own = created;
      else state.other = created;
    }
  }
}
