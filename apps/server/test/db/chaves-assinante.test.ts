/**
 * Tenant-scoped keys (migration 0300), checked on the catalogue so that tables added later are held
 * to the same rule: a tenant table (public, with assinante_id) has a primary key, its unique
 * constraints and indexes include assinante_id (its btree indexes lead with it, but for sweeps across
 * tenants that say so in their comment, and none is the leading part of another), its references to other tenant tables are composite
 * on assinante_id and never null it; no global table references a tenant table. Then the Citus
 * statements of the README run against stand-ins that apply Citus' own rules, and the plans of tenant
 * queries start from assinante_id.
 */
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planoCitus } from '../../src/db/citus';
import { createTestApp, type TestApp } from '../helpers/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function comDono<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: t.ownerUrl });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

/** Every breach of the rule, as `tabela: problema`. */
const VIOLACOES = `
with tenant as (
  select c.oid as rel from pg_class c join pg_namespace n on n.oid = c.relnamespace
   where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition
     and exists (select 1 from pg_attribute a where a.attrelid = c.oid and a.attname = 'assinante_id' and not a.attisdropped)),
att as (select a.attrelid, a.attnum from pg_attribute a where a.attname = 'assinante_id')
select t.rel::regclass::text || ': sem chave primária' as v from tenant t
 where not exists (select 1 from pg_constraint p where p.conrelid = t.rel and p.contype = 'p')
union all
select i.indrelid::regclass::text || ': único sem assinante_id (' || i.indexrelid::regclass::text || ')'
  from pg_index i join tenant t on t.rel = i.indrelid
 where i.indisunique and not exists (select 1 from att where att.attrelid = i.indrelid and att.attnum = any (i.indkey::int2[]))
union all
select i.indrelid::regclass::text || ': índice sem assinante_id à frente (' || i.indexrelid::regclass::text || ')'
  from pg_index i join tenant t on t.rel = i.indrelid join pg_class ic on ic.oid = i.indexrelid
  join pg_am am on am.oid = ic.relam join att on att.attrelid = i.indrelid
 where am.amname = 'btree' and i.indkey[0] <> att.attnum
   and (not i.indisunique or att.attnum = any (i.indkey::int2[])) -- a unique one without it is reported above
   and coalesce(obj_description(i.indexrelid, 'pg_class'), '') not like 'entre assinantes%'
union all
select a.indrelid::regclass::text || ': índice redundante (' || a.indexrelid::regclass::text || ', coberto por '
       || b.indexrelid::regclass::text || ')'
  from pg_index a join tenant t on t.rel = a.indrelid
  join pg_index b on b.indrelid = a.indrelid and b.indexrelid <> a.indexrelid
  join pg_class ca on ca.oid = a.indexrelid join pg_class cb on cb.oid = b.indexrelid
 where ca.relam = cb.relam and ca.relam = (select oid from pg_am where amname = 'btree')
   and not a.indisunique and a.indpred is null and b.indpred is null and a.indexprs is null and b.indexprs is null
   and a.indnkeyatts <= b.indnkeyatts
   and (a.indkey::int2[])[0:a.indnkeyatts - 1] = (b.indkey::int2[])[0:a.indnkeyatts - 1]
   and (a.indclass::oid[])[0:a.indnkeyatts - 1] = (b.indclass::oid[])[0:a.indnkeyatts - 1]
   and (a.indcollation::oid[])[0:a.indnkeyatts - 1] = (b.indcollation::oid[])[0:a.indnkeyatts - 1]
   and (a.indoption::int2[])[0:a.indnkeyatts - 1] = (b.indoption::int2[])[0:a.indnkeyatts - 1]
union all
select f.conrelid::regclass::text || ': referência sem assinante_id (' || f.conname || ')'
  from pg_constraint f join tenant t on t.rel = f.conrelid
 where f.contype = 'f' and f.confrelid in (select rel from tenant)
   and not exists (select 1 from unnest(f.conkey, f.confkey) k(de, para)
                    join att a1 on a1.attrelid = f.conrelid and a1.attnum = k.de
                    join att a2 on a2.attrelid = f.confrelid and a2.attnum = k.para)
union all
select f.conrelid::regclass::text || ': ON DELETE SET anula assinante_id (' || f.conname || ')'
  from pg_constraint f join tenant t on t.rel = f.conrelid
 where f.contype = 'f' and f.confdeltype in ('n', 'd')
   and exists (select 1 from att where att.attrelid = f.conrelid and att.attnum = any (coalesce(f.confdelsetcols, f.conkey)))
union all
select f.conrelid::regclass::text || ': tabela global referencia tabela de assinante (' || f.conname || ')'
  from pg_constraint f join pg_class c on c.oid = f.conrelid
 where f.contype = 'f' and f.confrelid in (select rel from tenant) and f.conrelid not in (select rel from tenant)
   and not c.relispartition
order by 1`;

const violacoes = (c: pg.Client) => c.query<{ v: string }>(VIOLACOES).then((r) => r.rows.map((x) => x.v));

describe('tenant-scoped keys', () => {
  it('every tenant table keys and references its rows by assinante_id', async () => {
    const { total, lista } = await comDono(async (c) => ({
      total: (
        await c.query<{ n: number }>(
          `select count(*)::int as n from pg_class c join pg_namespace n on n.oid = c.relnamespace
            where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition
              and exists (select 1 from pg_attribute a where a.attrelid = c.oid and a.attname = 'assinante_id')`,
        )
      ).rows[0]!.n,
      lista: await violacoes(c),
    }));
    expect(total).toBeGreaterThan(80);
    expect(lista).toEqual([]);
  });

  it('a table added later with global keys is reported', async () => {
    const lista = await comDono(async (c) => {
      await c.query('begin');
      try {
        await c.query(`create table cadastro_novo (
            assinante_id integer not null references assinante (id),
            id serial primary key,
            codigo text unique,
            loja_id integer,
            usuario_id integer)`);
        await c.query(`create unique index cadastro_novo_loja_uq on cadastro_novo (loja_id) where codigo is null`);
        // led by a code that repeats in every tenant: a lookup would read every tenant's rows
        await c.query(`create index cadastro_novo_usuario_idx on cadastro_novo (usuario_id, assinante_id)`);
        await c.query(`create index cadastro_novo_varredura_idx on cadastro_novo (loja_id)`);
        await c.query(`comment on index cadastro_novo_varredura_idx is 'entre assinantes: varredura de teste'`);
        // the leading columns of another index: every write pays for it, no read needs it
        await c.query(`create index cadastro_novo_loja_idx on cadastro_novo (assinante_id, loja_id)`);
        await c.query(
          `create index cadastro_novo_loja_usuario_idx on cadastro_novo (assinante_id, loja_id, usuario_id)`,
        );
        await c.query(`create index cadastro_novo_loja_desc_idx on cadastro_novo (assinante_id, loja_id desc)`);
        // a single-column reference to a tenant table no longer finds a key to point at
        await expect(
          c.query('savepoint s; alter table cadastro_novo add foreign key (loja_id) references loja (id)'),
        ).rejects.toThrow(/no unique constraint matching/);
        await c.query('rollback to savepoint s');
        await c.query(`alter table cadastro_novo add foreign key (assinante_id, usuario_id)
                         references usuario (assinante_id, id) on delete set null`);
        return await violacoes(c);
      } finally {
        await c.query('rollback');
      }
    });
    // sorted here: the database's collation may order 'í' and 'O' either way
    expect([...lista].sort()).toEqual([
      'cadastro_novo: ON DELETE SET anula assinante_id (cadastro_novo_assinante_id_usuario_id_fkey)',
      'cadastro_novo: índice redundante (cadastro_novo_loja_idx, coberto por cadastro_novo_loja_usuario_idx)',
      'cadastro_novo: índice sem assinante_id à frente (cadastro_novo_usuario_idx)',
      'cadastro_novo: único sem assinante_id (cadastro_novo_codigo_key)',
      'cadastro_novo: único sem assinante_id (cadastro_novo_loja_uq)',
      'cadastro_novo: único sem assinante_id (cadastro_novo_pkey)',
    ]);
  });
});

/**
 * Stand-ins for Citus' create_reference_table / create_distributed_table that check what Citus checks
 * (https://docs.citusdata.com: distribution column in every unique constraint; foreign keys between
 * distributed tables only co-located and on the distribution column; a reference table references
 * reference tables only), so the README's statements are proven on plain PostgreSQL.
 */
const ENSAIO_CITUS = `
create schema citus_ensaio;
create table citus_ensaio.tabela (rel regclass primary key, tipo text not null);
create function citus_ensaio.create_reference_table(t regclass) returns void language plpgsql as $$
declare f record;
begin
  for f in select conname, confrelid::regclass as para from pg_constraint where conrelid = t and contype = 'f' and conparentid = 0 loop
    if f.para <> t and not exists (select 1 from citus_ensaio.tabela where rel = f.para and tipo = 'referencia') then
      raise exception 'tabela de referência % aponta para % (%), que não é de referência', t, f.para, f.conname;
    end if;
  end loop;
  insert into citus_ensaio.tabela values (t, 'referencia');
end $$;
create function citus_ensaio.create_distributed_table(t regclass, coluna text, colocate_with text default 'default')
returns void language plpgsql as $$
declare
  col int2 := (select attnum from pg_attribute where attrelid = t and attname = coluna and attnotnull);
  i record;
  f record;
begin
  if col is null then raise exception '%: coluna de distribuição % ausente ou anulável', t, coluna; end if;
  if colocate_with not in ('default', 'none')
     and not exists (select 1 from citus_ensaio.tabela where rel = colocate_with::regclass and tipo = 'distribuida') then
    raise exception '%: colocate_with % não é tabela distribuída', t, colocate_with;
  end if;
  for i in select indexrelid::regclass as idx, indkey::int2[] as cols from pg_index where indrelid = t and indisunique loop
    if not col = any (i.cols) then
      raise exception '%: índice único % sem a coluna de distribuição', t, i.idx;
    end if;
  end loop;
  for f in select * from pg_constraint where conrelid = t and contype = 'f' and conparentid = 0 loop
    if exists (select 1 from citus_ensaio.tabela where rel = f.confrelid and tipo = 'referencia') then
      if f.confdeltype in ('n', 'd') or f.confupdtype not in ('a', 'r') then
        raise exception '%: % para tabela de referência com ação não suportada', t, f.conname;
      end if;
    elsif f.confrelid = t or exists (select 1 from citus_ensaio.tabela where rel = f.confrelid and tipo = 'distribuida') then
      if not exists (select 1 from unnest(f.conkey, f.confkey) k(de, para)
                      where k.de = col and k.para = (select attnum from pg_attribute
                                                      where attrelid = f.confrelid and attname = coluna)) then
        raise exception '%: % entre tabelas distribuídas sem a coluna de distribuição', t, f.conname;
      end if;
      if f.confdeltype in ('n', 'd') and col = any (coalesce(f.confdelsetcols, f.conkey)) then
        raise exception '%: % anularia a coluna de distribuição', t, f.conname;
      end if;
    else
      raise exception '%: % aponta para % antes de ela ser distribuída ou de referência', t, f.conname,
        f.confrelid::regclass;
    end if;
  end loop;
  insert into citus_ensaio.tabela values (t, 'distribuida');
end $$;`;

describe('path to Citus', () => {
  it('the operator statements pass Citus rules for every table, tenants co-located by assinante_id', async () => {
    const resultado = await comDono(async (c) => {
      const plano = await planoCitus(c);
      await c.query('begin');
      try {
        await c.query(ENSAIO_CITUS);
        await c.query('set local search_path = citus_ensaio, public');
        for (const cmd of plano.comandos) await c.query(cmd);
        const { rows } = await c.query<{ nome: string; tipo: string | null }>(
          `select c.relname as nome, e.tipo from pg_class c join pg_namespace n on n.oid = c.relnamespace
             left join citus_ensaio.tabela e on e.rel = c.oid
            where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition order by 1`,
        );
        return { plano, rows };
      } finally {
        await c.query('rollback');
      }
    });
    const tipo = new Map(resultado.rows.map((r) => [r.nome, r.tipo]));
    expect(resultado.rows.filter((r) => r.tipo === null).map((r) => r.nome)).toEqual(['schema_migrations']);
    for (const t of ['assinante', 'ncm_oficial', 'cfop_oficial', 'municipio', 'permissao']) {
      expect(tipo.get(t), t).toBe('referencia');
    }
    for (const t of ['produto', 'loja', 'usuario', 'movimento_estoque', 'auditoria']) {
      expect(tipo.get(t), t).toBe('distribuida');
    }
    expect(resultado.plano.comandos).toContain(`select create_reference_table('assinante');`);
  });

  it('the plan of a tenant query reaches its rows through an index led by assinante_id', async () => {
    const consultas = [
      'select * from produto where id = 3',
      'select * from marca order by id limit 50',
      `select p.id, m.descricao from produto p join marca m on m.assinante_id = p.assinante_id and m.id = p.marca_id
        where p.id = 3`,
      `select * from preco where produto_id = 3`,
      `select * from usuario_loja where usuario_id = 1`,
      `select * from inconsistencia_produto where produto_id = 3`,
      `select * from codigo_auxiliar where produto_id = 3`,
      `select * from produto where ncm_id = '22021000'`,
      `select * from produto where marca_id = 2`,
    ];
    const planos = await t.db.withTenant(1, async (trx) => {
      await sql`set local enable_seqscan = off`.execute(trx);
      const out: { consulta: string; plano: unknown }[] = [];
      for (const q of consultas) {
        const { rows } = await sql<{ 'QUERY PLAN': unknown }>`explain (format json) ${sql.raw(q)}`.execute(trx);
        out.push({ consulta: q, plano: rows[0]!['QUERY PLAN'] });
      }
      return out;
    });
    for (const { consulta, plano } of planos) {
      const varreduras: { tabela: string; cond: string }[] = [];
      const andar = (n: Record<string, unknown>) => {
        if (typeof n['Relation Name'] === 'string') {
          varreduras.push({
            tabela: n['Relation Name'],
            cond: String(n['Index Cond'] ?? n['Recheck Cond'] ?? `${n['Node Type']}: ${n.Filter ?? ''}`),
          });
        }
        for (const filho of (n.Plans as Record<string, unknown>[] | undefined) ?? []) andar(filho);
      };
      andar((plano as { Plan: Record<string, unknown> }[])[0]!.Plan);
      expect(varreduras.length, consulta).toBeGreaterThan(0);
      for (const v of varreduras) expect(v.cond, `${consulta} — ${v.tabela}`).toMatch(/^\(+assinante_id = /);
    }
  });
});
