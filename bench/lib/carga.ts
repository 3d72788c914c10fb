/** One autocannon measurement (after a short warm-up): req/s, p50, p99 and every non-2xx or error. */
// @ts-expect-error autocannon ships no type declarations
import autocannon from 'autocannon';

export interface Pedido {
  url: string;
  headers?: Record<string, string>;
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH';
  /** a new path (and body) per request: ids cycle through a sample, codes stay unique */
  path?: () => string;
  body?: () => string;
}

export interface Medida {
  caso: string;
  quem: string;
  conns: number;
  rps: number;
  p50: number;
  p99: number;
  falhas: number;
}

function rodar(p: Pedido, connections: number, duration: number) {
  const dynamic = p.path || p.body;
  return autocannon({
    url: p.url,
    connections,
    duration,
    headers: p.headers ?? {},
    method: p.method ?? 'GET',
    requests: dynamic
      ? [
          {
            method: p.method ?? 'GET',
            setupRequest: (req: Record<string, unknown>) => ({
              ...req,
              ...(p.path ? { path: p.path() } : {}),
              ...(p.body ? { body: p.body() } : {}),
            }),
          },
        ]
      : undefined,
  }) as Promise<{
    requests: { average: number };
    latency: { p50: number; p99: number };
    non2xx: number;
    errors: number;
    timeouts: number;
  }>;
}

export async function medir(caso: string, quem: string, p: Pedido, conns: number, seconds: number): Promise<Medida> {
  await rodar(p, 1, 2); // warm-up
  const r = await rodar(p, conns, seconds);
  return {
    caso,
    quem,
    conns,
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    falhas: r.non2xx + r.errors + r.timeouts,
  };
}
