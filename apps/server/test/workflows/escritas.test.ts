/**
 * Every write is a command or a register (#24.2): each POST/PUT/PATCH/DELETE route the app mounts is a
 * register route (registers/routes.ts) or serves a command declared by its domain face (config.comando);
 * anything else must be in PENDENTES with its reason. The list only shrinks: an entry no route matches fails.
 */
import { COMANDOS_DAS_AREAS, REGISTERS } from '@retaguarda/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';

/** Bespoke writes still outside the command face, each with why (move them onto commands; never add). */
const PENDENTES: Record<string, string> = {
  'POST /api/auth': 'sign-in: issues tokens, writes no business data (audited as a login)',
  'POST /api/auth/admin': 'administrator sign-in into a tenant (support), same as sign-in',
  'POST /api/auth/recaptcha': 'sign-in with reCAPTCHA, same as sign-in',
  'POST /api/auth/sso': 'SSO sign-in, same as sign-in',
  'POST /api/auth/sso/renovar': 'token renewal, same as sign-in',
  'POST /j_spring_security_check': 'legacy login form (api-compat): the sign-in of old clients',
  'DELETE /api/v1/sessoes-ativas/{id}': 'ends a session (a token revocation, not a record)',
  'POST /api/v1/sessoes-mensagens': 'the message channel of a session (socket fallback), no record',
  'DELETE /api/v1/sessoes-mensagens/{*}': 'the message channel of a session (socket fallback), no record',
  'POST /api/v1/fiscal/cenarios-fiscais/simular': 'a read by POST (the simulation writes nothing)',
  'POST /api/v1/produto/codigos/resolucao': 'a read by POST (codes resolved to products, nothing written)',
  'POST /api/v1/produto/coletor/leituras': 'a read by POST (a collector file parsed into lines, nothing written)',
  'POST /api/v1/estoque/extrato/relatorio': 'a report request (a job that writes a file, no business data)',
  'POST /api/v1/estoque/extrato-movimentacoes/relatorio':
    'a report request (a job that writes a file, no business data)',
  'POST /api/v1/estoque/saldo-estoque/relatorio': 'a report request (a job that writes a file, no business data)',
  'POST /api/v1/fiscal/nfce/documentos/relatorio': 'a report request (a job that writes a file, no business data)',
  'POST /api/v1/graphql': 'reads (the GraphQL face has no mutations)',
  'POST /api/v1/pessoa/lojas/{lojaId}/cargas': 'a read by POST (the POS change feed: ParamCarga in, Carga out)',
  'POST /api/v1/tarefas/{id}/cancelar': 'cancels a job of the caller (the state of the job runner)',
  'POST /api/v1/recurso-aprendizagem/{id}/dispensar':
    'own data of the user: preference (dismissed tip), no business data',
  'PUT /api/v1/meu-menu': 'own data of the user: preference (menu layout), no business data',
  'POST /api/v1/avatar': 'own data of the user: picture (upload)',
  'PUT /api/v1/avatar': 'own data of the user: picture (upload)',
  'POST /api/v1/arquivos': 'file upload (multipart): the file a later command reads',
  'PUT /api/v1/notificacoes/{id}/lida': 'own data of the user: read mark',
  'PUT /api/v1/notificacoes/lidas': 'own data of the user: read marks',
};

const ESCRITA = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
interface Rota {
  metodo: string;
  url: string;
  comando?: string;
}

let t: TestApp;
const rotas: Rota[] = [];
const faces = new Map(COMANDOS_DAS_AREAS.map((f) => [`${f.metodo} ${f.caminho}`, f.nome]));

beforeAll(async () => {
  t = await createTestApp();
  // every route the server documents (the same list /api/docs shows); a command's batch is the command's
  const doc = (t.app as unknown as { swagger(): { paths: Record<string, Record<string, unknown>> } }).swagger();
  for (const [url, ops] of Object.entries(doc.paths))
    for (const m of Object.keys(ops).map((x) => x.toUpperCase()))
      if (ESCRITA.has(m)) {
        const comando = faces.get(`${m} ${url}`) ?? faces.get(`${m} ${url.replace(/\/lote$/, '')}`);
        rotas.push({ metodo: m, url, ...(comando ? { comando } : {}) });
      }
});
afterAll(() => t?.close());

const bases = new Set(REGISTERS.flatMap((d) => d.paths.map((p) => `/api${p.path.replace(/:(\w+)/g, '{$1}')}`)));
/** create, update, delete and the engine's reads by POST (report, a record's history) */
const ehRegistro = (r: Rota) =>
  [
    r.url,
    r.url.replace(/\/\{id\}$/, ''),
    r.url.replace(/\/relatorio$/, ''),
    r.url.replace(/\/\{id\}\/historico$/, ''),
  ].some((u) => bases.has(u));
const chave = (r: Rota) => `${r.metodo} ${r.url}`;

describe('toda escrita é um comando ou um cadastro', () => {
  it('cada rota de escrita é de cadastro, de comando declarado, ou pendente com motivo', () => {
    expect(rotas.length).toBeGreaterThan(50);
    const avulsas = rotas.filter((r) => !r.comando && !ehRegistro(r)).map(chave);
    expect(avulsas.filter((k) => !(k in PENDENTES))).toEqual([]);
    // the list only shrinks: an entry that matches no route any more is removed
    expect(Object.keys(PENDENTES).filter((k) => !avulsas.includes(k))).toEqual([]);
  });

  it('cada face declarada no domínio é servida, com o método e o caminho dela', () => {
    const servidas = new Set(rotas.filter((r) => r.comando).map((r) => r.comando));
    expect(COMANDOS_DAS_AREAS.map((f) => f.nome).filter((n) => !servidas.has(n))).toEqual([]);
    for (const f of COMANDOS_DAS_AREAS)
      expect(rotas).toContainEqual({ metodo: f.metodo, url: f.caminho, comando: f.nome });
  });
});
