/**
 * The path to Citus, read from the catalogue: the statements an operator runs on a Citus coordinator
 * (after restoring a dump of this database) to spread the tenants over worker nodes.
 * - Reference tables (copied to every node): the tables without assinante_id — the tenant table
 *   `assinante` itself, the official code tables (NCM, CEST, CFOP, CST, municípios…), permissions.
 * - Distributed tables, co-located by assinante_id: every tenant table, so one tenant's rows of every
 *   table live on one node and the composite keys (migration 0300) keep joins and references local.
 * `schema_migrations` and the job engine's schema (pgboss) stay local on the coordinator.
 * Order matters: reference tables first, then each distributed table after the tables it references.
 */
import type pg from 'pg';

const LOCAIS = new Set(['schema_migrations']);

export interface PlanoCitus {
  referencia: string[];
  distribuidas: string[];
  comandos: string[];
}

export async function planoCitus(client: pg.Client | pg.PoolClient): Promise<PlanoCitus> {
  const { rows: tabelas } = await client.query<{ nome: string; tenant: boolean }>(
    `select c.relname as nome,
            exists (select 1 from pg_attribute a where a.attrelid = c.oid and a.attname = 'assinante_id'
                      and not a.attisdropped) as tenant
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition
      order by c.relname`,
  );
  const { rows: refs } = await client.query<{ de: string; para: string }>(
    `select f.conrelid::regclass::text as de, f.confrelid::regclass::text as para
       from pg_constraint f join pg_namespace n on n.oid = f.connamespace
      where f.contype = 'f' and n.nspname = 'public' and f.conparentid = 0 and f.conrelid <> f.confrelid`,
  );
  const tenant = new Set(tabelas.filter((t) => t.tenant).map((t) => t.nome));
  const global = new Set(tabelas.filter((t) => !t.tenant && !LOCAIS.has(t.nome)).map((t) => t.nome));
  // each table after the tables of its own kind it references (depth-first, by name)
  const emOrdem = (grupo: Set<string>) => {
    const ordem: string[] = [];
    const visto = new Set<string>();
    const visitar = (t: string) => {
      if (visto.has(t)) return;
      visto.add(t);
      for (const r of refs) if (r.de === t && grupo.has(r.para)) visitar(r.para);
      ordem.push(t);
    };
    for (const t of [...grupo].sort()) visitar(t);
    return ordem;
  };
  const referencia = emOrdem(global);
  const distribuidas = emOrdem(tenant);
  const ancora = distribuidas[0]!;
  const comandos = [
    ...referencia.map((t) => `select create_reference_table('${t}');`),
    ...distribuidas.map((t) =>
      t === ancora
        ? `select create_distributed_table('${t}', 'assinante_id');`
        : `select create_distributed_table('${t}', 'assinante_id', colocate_with => '${ancora}');`,
    ),
  ];
  return { referencia, distribuidas, comandos };
}
