/**
 * Load: N simulated users for S seconds against two app instances sharing one PostgreSQL server and
 * Redis (round robin between them, like a load balancer). Mix per user: list with filter/sort/page,
 * text search, read by id, create, update, and now and then a token refresh or a new sign-in.
 * Prints errors (5xx or no answer; target 0), p50/p99 per operation (target p99 ≤ 300 ms) and throughput.
 *
 *   npm run carga -w bench                      # 100 users × 300 s
 *   CARGA_USUARIOS=20 CARGA_SEGUNDOS=30 npm run carga -w bench
 * Env: CARGA_PG (superuser URL, default postgres://postgres@127.0.0.1:5432/postgres), REDIS_URL
 * (default redis://127.0.0.1:6379), CARGA_PORTAS (default 8291,8292), CARGA_PAUSA_MS (mean think time
 * between a user's actions, default 1000: one action a second per user is already several times what a
 * person at a back-office screen does; CARGA_PAUSA_MS=100 turns the run into a saturation test).
 */
import {
  entrar,
  freshDatabase,
  type Instance,
  resumo,
  salvar,
  type Sessao,
  sleep,
  startInstance,
  stopInstance,
} from './carga-lib';

const USUARIOS = Number(process.env.CARGA_USUARIOS ?? 100);
const SEGUNDOS = Number(process.env.CARGA_SEGUNDOS ?? 300);
const PAUSA = Number(process.env.CARGA_PAUSA_MS ?? 1000);
const PG = process.env.CARGA_PG ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const PORTAS = (process.env.CARGA_PORTAS ?? '8291,8292').split(',').map(Number);
/** Demo users allowed to read and write marcas. */
const DEMO = ['ana.admin', 'elisa.compras'];

type Op = 'listar' | 'buscar' | 'ler' | 'incluir' | 'alterar' | 'renovar' | 'entrar';
const MIX: [Op, number][] = [
  ['listar', 35],
  ['buscar', 15],
  ['ler', 25],
  ['incluir', 10],
  ['alterar', 10],
  ['renovar', 4],
  ['entrar', 1],
];

const tempos = new Map<Op, number[]>();
/**
 * The first seconds are the sign-in burst (100 argon2 checks at once) and each user's first action
 * is twice as likely a create (an update with nothing to update yet becomes one): the figures after
 * the warm-up tell steady state from that start.
 */
const AQUECIMENTO_MS = Number(process.env.CARGA_AQUECIMENTO_S ?? 15) * 1000;
const aposAquecimento = new Map<Op, number[]>();
const noAquecimento = new Map<Op, number[]>();
let inicioDaCarga = 0;
const erros: { op: Op; status: number | string; em: number }[] = [];
const respostas: Record<string, number> = {};

function sortear(): Op {
  let r = Math.random() * 100;
  for (const [op, w] of MIX) {
    r -= w;
    if (r < 0) return op;
  }
  return 'listar';
}

async function usuario(n: number, instancias: Instance[], fim: number) {
  const username = DEMO[n % DEMO.length]!;
  let vez = n;
  const base = () => instancias[vez++ % instancias.length]!.base;
  let s: Sessao = await entrar(base(), username);
  const meus: { id: number; versao: number }[] = [];
  let seq = 0;
  while (Date.now() < fim) {
    const sorteada = sortear();
    const op: Op = sorteada === 'alterar' && !meus.length ? 'incluir' : sorteada;
    const h = () => ({ authorization: `Bearer ${s.access}`, 'content-type': 'application/json' });
    const t0 = performance.now();
    let status: number | string = 0;
    try {
      let res: Response;
      if (op === 'listar') {
        res = await fetch(`${base()}/api/v1/produto/marcas?q=ativo==true&sort=-descricao&start=0&count=25`, {
          headers: h(),
        });
      } else if (op === 'buscar') {
        const termo = ['ca', 'na', 'ta', 'ra', 'ma'][seq++ % 5];
        res = await fetch(`${base()}/api/v1/produto/marcas?q=${encodeURIComponent(`descricao==*${termo}*`)}&count=25`, {
          headers: h(),
        });
      } else if (op === 'ler') {
        const alvo = meus.length ? meus[seq++ % meus.length]!.id : 1;
        res = await fetch(`${base()}/api/v1/produto/marcas/${alvo}`, { headers: h() });
        if (res.status === 404 && !meus.length) res = new Response(null, { status: 200 }); // no own row yet
      } else if (op === 'incluir') {
        res = await fetch(`${base()}/api/v1/produto/marcas`, {
          method: 'POST',
          headers: h(),
          body: JSON.stringify({ descricao: `Carga ${n}-${seq++}-${Date.now()}` }),
        });
        if (res.status === 201) {
          const b = (await res.clone().json()) as { id: number; versao: number };
          meus.push({ id: b.id, versao: b.versao });
        }
      } else if (op === 'alterar') {
        const m = meus[seq++ % meus.length]!;
        res = await fetch(`${base()}/api/v1/produto/marcas/${m.id}`, {
          method: 'PUT',
          headers: h(),
          body: JSON.stringify({ descricao: `Carga ${n} alterada ${seq}`, versao: m.versao }),
        });
        if (res.status === 200) m.versao = ((await res.clone().json()) as { versao: number }).versao;
      } else if (op === 'renovar') {
        res = await fetch(`${base()}/api/auth/refresh`, { headers: { authorization: s.refresh } });
        if (res.status === 200)
          s = { ...s, access: ((await res.clone().json()) as { accessToken: string }).accessToken };
      } else {
        s = await entrar(base(), username);
        res = new Response(null, { status: 200 });
      }
      status = res.status;
      await res.arrayBuffer();
    } catch (e) {
      status = (e as Error).message.slice(0, 60);
    }
    const ms = performance.now() - t0;
    respostas[String(status)] = (respostas[String(status)] ?? 0) + 1;
    // an error: no answer, a 5xx, or a refusal this mix should never get (401/403/409/422)
    if (typeof status === 'string' || status >= 500 || [401, 403, 409, 422].includes(status))
      erros.push({ op, status, em: Date.now() });
    else {
      tempos.set(op, [...(tempos.get(op) ?? []), ms]);
      const fase = t0 + performance.timeOrigin - inicioDaCarga < AQUECIMENTO_MS ? noAquecimento : aposAquecimento;
      fase.set(op, [...(fase.get(op) ?? []), ms]);
    }
    await sleep(PAUSA * (0.5 + Math.random()));
  }
}

async function main() {
  console.log(
    `[carga] ${USUARIOS} usuários × ${SEGUNDOS} s (pausa média ${PAUSA} ms), ${PORTAS.length} instâncias, PostgreSQL ${PG}, Redis ${REDIS}`,
  );
  const url = await freshDatabase(PG, 'retaguarda_carga');
  const env = {
    DATABASE_URL: url,
    APP_DB_PASSWORD: 'carga',
    REDIS_URL: REDIS,
    DB_POOL_MAX: '20',
    LOGIN_MAX_FALHAS_IP: '100000',
    // attempts are counted before the password check: 50 users signing in as one demo user at once
    LOGIN_MAX_FALHAS: '100000',
  };
  const instancias: Instance[] = [];
  try {
    for (const p of PORTAS) instancias.push(await startInstance(p, env)); // the first one migrates and seeds
    const inicio = Date.now();
    inicioDaCarga = inicio;
    const fim = inicio + SEGUNDOS * 1000;
    await Promise.all(Array.from({ length: USUARIOS }, (_, n) => usuario(n, instancias, fim)));
    const duracao = (Date.now() - inicio) / 1000;
    const todas = [...tempos.values()].flat();
    const porOp = Object.fromEntries([...tempos.entries()].map(([op, ms]) => [op, resumo(ms)]));
    const total = resumo(todas);
    const out = {
      usuarios: USUARIOS,
      segundos: SEGUNDOS,
      pausaMediaMs: PAUSA,
      instancias: PORTAS.length,
      requisicoes: todas.length + erros.length,
      reqPorSegundo: Math.round((todas.length + erros.length) / duracao),
      erros: erros.length,
      p50: total.p50,
      p99: total.p99,
      porOperacao: porOp,
      [`nosPrimeiros${AQUECIMENTO_MS / 1000}s`]: Object.fromEntries(
        [...noAquecimento].map(([op, ms]) => [op, resumo(ms)]),
      ),
      depois: Object.fromEntries([...aposAquecimento].map(([op, ms]) => [op, resumo(ms)])),
      respostas,
      primeirosErros: erros.slice(0, 10),
    };
    console.log(JSON.stringify(out, null, 2));
    console.log(`[carga] resultado salvo em ${salvar('carga', out)}`);
  } finally {
    for (const i of instancias) await stopInstance(i);
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
