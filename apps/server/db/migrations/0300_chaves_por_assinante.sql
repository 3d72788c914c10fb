-- @backup-antes (rewrites the keys of existing tables in place: scripts/backup.sh runs first)
-- Tenant-scoped keys, so every tenant table can be distributed by assinante_id (Citus) with its
-- rows and joins on one node. A tenant table is a table of `public` with an assinante_id column
-- (partitions follow their parent). After this migration, on every tenant table:
--   * the primary key starts with assinante_id;
--   * every unique constraint and unique index includes assinante_id (prepended when missing; one
--     that then repeats the primary key is dropped as redundant);
--   * every foreign key to another tenant table is composite (assinante_id, col) -> (assinante_id, id),
--     with ON DELETE SET NULL limited to the referencing column (PostgreSQL 15 column list), so a
--     deleted parent never nulls assinante_id.
-- Foreign keys to global tables (assinante, official code tables) stay single-column: those are the
-- reference tables. Driven by the catalogue rather than written table by table, so nothing is missed;
-- the meta-test (apps/server/test/db/chaves-assinante.test.ts) keeps tables added later on the rule.
-- `id` values are untouched.

-- The only cross-tenant rows the composite keys meet: the demo seed (before this change) gave every
-- tenant's notifications to the administrators of every tenant (it read usuario as the owner, past RLS).
-- A notification of tenant A addressed to a user of tenant B is seen by nobody (A's users are other
-- ids, B's RLS hides A's rows); the same user holds the copy of their own tenant. Removed.
delete from notificacao n
 where not exists (select 1 from usuario u where u.id = n.usuario_id and u.assinante_id = n.assinante_id);

do $$
declare
  r record;
  cols text;
  def text;
begin
  create temp table chv_tenant on commit drop as
    select c.oid as rel
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition
       and exists (select 1 from pg_attribute a where a.attrelid = c.oid and a.attname = 'assinante_id' and not a.attisdropped);

  -- 1. foreign keys between tenant tables: remembered and dropped (they pin the indexes changed below)
  create temp table chv_fk on commit drop as
    select f.conname, f.conrelid, pg_get_constraintdef(f.oid) as def,
           exists (select 1 from pg_attribute a where a.attrelid = f.conrelid and a.attname = 'assinante_id'
                     and a.attnum = any (f.conkey)) as composta,
           (select string_agg(quote_ident(a.attname), ', ' order by k.ord)
              from unnest(f.conkey) with ordinality k(attnum, ord)
              join pg_attribute a on a.attrelid = f.conrelid and a.attnum = k.attnum
             where a.attname <> 'assinante_id') as colunas
      from pg_constraint f
     where f.contype = 'f' and f.conparentid = 0
       and f.conrelid in (select rel from chv_tenant) and f.confrelid in (select rel from chv_tenant);
  for r in select * from chv_fk loop
    execute format('alter table %s drop constraint %I', r.conrelid::regclass, r.conname);
  end loop;

  -- 2. primary keys without assinante_id: assinante_id first
  for r in
    select p.conrelid, p.conname,
           (select string_agg(quote_ident(a.attname), ', ' order by k.ord)
              from unnest(p.conkey) with ordinality k(attnum, ord)
              join pg_attribute a on a.attrelid = p.conrelid and a.attnum = k.attnum) as colunas
      from pg_constraint p
     where p.contype = 'p' and p.conrelid in (select rel from chv_tenant)
       and not exists (select 1 from pg_attribute a where a.attrelid = p.conrelid and a.attname = 'assinante_id'
                         and a.attnum = any (p.conkey))
  loop
    execute format('alter table %s drop constraint %I', r.conrelid::regclass, r.conname);
    execute format('alter table %s add constraint %I primary key (assinante_id, %s)', r.conrelid::regclass, r.conname,
                   r.colunas);
  end loop;

  -- 3. unique constraints: without assinante_id -> prepended; the same columns as the primary key -> dropped
  for r in
    select u.conrelid, u.conname, u.conkey,
           exists (select 1 from pg_attribute a where a.attrelid = u.conrelid and a.attname = 'assinante_id'
                     and a.attnum = any (u.conkey)) as tem_assinante,
           (select string_agg(quote_ident(a.attname), ', ' order by k.ord)
              from unnest(u.conkey) with ordinality k(attnum, ord)
              join pg_attribute a on a.attrelid = u.conrelid and a.attnum = k.attnum) as colunas,
           (select array_agg(x order by x) from unnest(u.conkey) x)
             = (select array_agg(x order by x) from pg_constraint p, unnest(p.conkey) x
                 where p.conrelid = u.conrelid and p.contype = 'p') as igual_pk
      from pg_constraint u
     where u.contype = 'u' and u.conrelid in (select rel from chv_tenant)
  loop
    if r.igual_pk then
      execute format('alter table %s drop constraint %I', r.conrelid::regclass, r.conname);
    elsif not r.tem_assinante then
      execute format('alter table %s drop constraint %I', r.conrelid::regclass, r.conname);
      execute format('alter table %s add constraint %I unique (assinante_id, %s)', r.conrelid::regclass, r.conname,
                     r.colunas);
    end if;
  end loop;

  -- 4. unique indexes that are not constraints (expressions, partial): assinante_id prepended
  for r in
    select i.indexrelid, i.indrelid, pg_get_indexdef(i.indexrelid) as def
      from pg_index i
     where i.indisunique and i.indrelid in (select rel from chv_tenant)
       and not exists (select 1 from pg_constraint c where c.conindid = i.indexrelid and c.conrelid = i.indrelid)
       and not exists (select 1 from pg_attribute a where a.attrelid = i.indrelid and a.attname = 'assinante_id'
                         and a.attnum = any (i.indkey::int2[]))
  loop
    execute format('drop index %s', r.indexrelid::regclass);
    def := regexp_replace(r.def, ' USING btree \(', ' USING btree (assinante_id, ');
    -- (assinante_id, id) alone repeats the primary key: not recreated
    if def !~ 'USING btree \(assinante_id, id\)$' then
      execute def;
    end if;
  end loop;

  -- 5. the foreign keys again, composite; SET NULL / SET DEFAULT only on the referencing columns
  for r in select * from chv_fk loop
    def := r.def;
    if not r.composta then
      def := regexp_replace(def, '^FOREIGN KEY \(', 'FOREIGN KEY (assinante_id, ');
      def := regexp_replace(def, ' REFERENCES ([^(]+)\(', ' REFERENCES \1(assinante_id, ');
    end if;
    def := regexp_replace(def, 'ON DELETE SET (NULL|DEFAULT)(?! \()', format('ON DELETE SET \1 (%s)', r.colunas));
    execute format('alter table %s add constraint %I %s', r.conrelid::regclass, r.conname, def);
  end loop;
end $$;
