/**
 * The CEP service behind GET /api/v1/cep/{cep}: one interface, a provider for production (an HTTP
 * service shaped like ViaCEP, URL in CEP_URL) and a local fake for tests and demos (CEP_URL=fake:).
 * Without CEP_URL there is no service: the route answers 503 and the forms fall back on the
 * município picker of the official IBGE table.
 */
import { provedorFalso } from './falso';
import { provedorHttp } from './http';
import type { ProvedorCep } from './tipos';

export { CepIndisponivel, type EnderecoDoCep, type ProvedorCep } from './tipos';

export function provedorCepDe(env: NodeJS.ProcessEnv = process.env): ProvedorCep | undefined {
  const url = env.CEP_URL?.trim();
  if (!url) return undefined;
  if (url === 'fake:') return provedorFalso;
  return provedorHttp(url, Number(env.CEP_TIMEOUT_MS) || 3000);
}
