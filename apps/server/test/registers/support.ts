/**
 * Test support for the register engine: sign-in headers per demo user and the fixture rows
 * (ids) that the samples of samples.ts point at.
 */
import { createTestApp, type TestApp } from '../helpers/app';
import { login } from '../helpers/auth';

export async function createRegistersApp(): Promise<TestApp> {
  return createTestApp();
}

const cache = new Map<string, Record<string, string>>();

/** Signs the demo user in (POST /api/auth) once per test database and host. */
export async function headersFor(t: TestApp, username: string, host = 'localhost'): Promise<Record<string, string>> {
  const key = `${t.appUrl}|${username}|${host}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const { token } = await login(t, username, host);
  const headers = { host, authorization: `Bearer ${token}` };
  cache.set(key, headers);
  return headers;
}

/** Ids the samples point at ('$produto', '$loja2', …), created once per test database. */
export async function fixtures(t: TestApp, headers: Record<string, string>): Promise<Record<string, string>> {
  const post = async (url: string, payload: unknown) => {
    const r = await t.app.inject({ method: 'POST', url, headers, payload: payload as object });
    if (r.statusCode !== 201) throw new Error(`${url}: ${r.statusCode} ${r.body}`);
    return String(r.json().id);
  };
  const out: Record<string, string> = {};
  out.secao = await post('/api/v1/produto/secoes', { descricao: 'Seção fixture' });
  out.grupo = await post(`/api/v1/produto/secoes/${out.secao}/grupos`, { descricao: 'Grupo fixture' });
  out.produto = await post('/api/v1/produto/produtos', { descricao: 'Produto fixture', codigoInterno: '880001' });
  // similar groups hold each product once: a fresh pair per sample
  for (const n of [1, 2, 3, 4, 9]) {
    out[`produtoA${n}`] = await post('/api/v1/produto/produtos', { descricao: `Similar A${n}` });
    out[`produtoB${n}`] = await post('/api/v1/produto/produtos', { descricao: `Similar B${n}` });
  }
  out.situacao = await post('/api/v1/fiscal/situacoes', {
    codigo: 'FX',
    descricao: 'Situação fixture',
    tipo: 'TRIBUTADO',
    cst: '00',
  });
  const { CNPJS } = await import('./samples');
  for (const n of [1, 2, 3, 4, 9]) {
    out[`fornecedor${n}`] = await post('/api/v1/pessoa/fornecedores', {
      tipoDePessoa: 'J',
      numeroDoDocumento: CNPJS[n + 10],
      nome: `Fixture ${n}`,
      fantasia: `Fixture ${n}`,
    });
  }
  out.planoPagamento = await post('/api/v1/financeiro/planos-pagamento', {
    descricao: 'Plano fixture',
    operacao: 'VENDA',
    tipoPagamento: 'DINHEIRO',
    quantidadeParcelas: 2,
    parcelas: [
      { numero: 1, dias: 0, percentual: '50' },
      { numero: 2, dias: 30, percentual: '50' },
    ],
  });
  const lojas = await t.app.inject({ url: '/api/v1/pessoa/lojas?sort=id', headers });
  for (const [i, l] of (lojas.json().items as { id: number }[]).entries()) out[`loja${i + 1}`] = String(l.id);
  return out;
}

/** Replaces '$name' strings by fixture ids (numbers when numeric). */
export function resolve<T>(value: T, fx: Record<string, string>): T {
  if (typeof value === 'string' && value.startsWith('$') && fx[value.slice(1)] !== undefined) {
    const v = fx[value.slice(1)]!;
    return (/^\d+$/.test(v) ? Number(v) : v) as T;
  }
  if (Array.isArray(value)) return value.map((v) => resolve(v, fx)) as T;
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, resolve(v, fx)])) as T;
  return value;
}
