/**
 * The per-instance cache of settings: a tenant's rows loaded in one query, kept until a change is announced
 * (this instance's bus, and every other instance's through the realtime plugin's Redis link), with a TTL as a
 * safety net for a Redis outage. A load that raced with a change is not kept (generation counter).
 */
import type { Database } from '../db/database';
import { ouvirDeTodas } from '../plugins/events';
import { chaveDaLinha, linhasDoAssinante } from './armazem';

/** Bound on staleness when an instance misses a change (Redis down): a minute by default. */
const TTL_MS = Number(process.env.CONFIGURACOES_CACHE_TTL_MS) || 60_000;

type Linhas = ReadonlyMap<string, { valor: unknown }>;

interface Entrada {
  geracao: number;
  linhas?: Linhas;
  expira?: number;
  carregando?: Promise<Linhas>;
}

export class CacheDeParametros {
  private readonly porAssinante = new Map<number, Entrada>();
  /** tenant loads done (tests read it) */
  carregamentos = 0;

  constructor(private readonly db: Database) {}

  invalidar(assinanteId: number): void {
    const e = this.porAssinante.get(assinanteId);
    if (e) this.porAssinante.set(assinanteId, { geracao: e.geracao + 1 });
  }

  async linhas(assinanteId: number): Promise<Linhas> {
    let e = this.porAssinante.get(assinanteId);
    if (!e) {
      e = { geracao: 0 };
      this.porAssinante.set(assinanteId, e);
    }
    if (e.linhas && (e.expira ?? 0) > Date.now()) return e.linhas;
    if (e.carregando) return e.carregando;
    const geracao = e.geracao;
    const carregando = this.carregar(assinanteId).then((linhas) => {
      const agora = this.porAssinante.get(assinanteId);
      if (agora && agora.geracao === geracao) {
        this.porAssinante.set(assinanteId, { geracao, linhas, expira: Date.now() + TTL_MS });
      }
      return linhas;
    });
    e.carregando = carregando;
    carregando.catch(() => {
      if (e.carregando === carregando) e.carregando = undefined;
    });
    return carregando;
  }

  private async carregar(assinanteId: number): Promise<Linhas> {
    this.carregamentos++;
    const rows = await this.db.withTenant(assinanteId, (trx) => linhasDoAssinante(trx));
    return new Map(rows.map((r) => [chaveDaLinha(r.chave, r.lojaId), { valor: r.valor }]));
  }
}

const caches = new WeakMap<Database, CacheDeParametros>();

/** The cache of this Database (one per app instance), listening for changes from every instance. */
export function cacheDeParametros(db: Database): CacheDeParametros {
  let c = caches.get(db);
  if (!c) {
    const novo = new CacheDeParametros(db);
    ouvirDeTodas(db, (e) => {
      if (e.tipo === 'area' && e.nome.startsWith('configuracoes.')) novo.invalidar(e.assinanteId);
    });
    caches.set(db, novo);
    c = novo;
  }
  return c;
}
